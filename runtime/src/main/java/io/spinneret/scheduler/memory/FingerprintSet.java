package io.spinneret.scheduler.memory;

import io.spinneret.api.Fingerprint;

/**
 * A set of 128-bit fingerprints in two primitive {@code long} arrays with open addressing and
 * linear probing: 16 bytes per slot, kept at most half full, so about 32-64 bytes per fingerprint
 * and no object per entry. Not thread-safe; {@link MemoryScheduler} guards it.
 *
 * <p>The all-zero fingerprint marks an empty slot; a real all-zero fingerprint (probability
 * 2<sup>-128</sup>) is remembered in a flag.
 */
final class FingerprintSet {
    private long[] hi;
    private long[] lo;
    private int mask;
    private int size;
    private boolean hasZero;

    FingerprintSet(int expected) {
        int cap = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        hi = new long[cap];
        lo = new long[cap];
        mask = cap - 1;
    }

    /** Adds a fingerprint. @return true if it was not in the set */
    boolean add(Fingerprint f) {
        return add(f.hi(), f.lo());
    }

    boolean add(long h, long l) {
        if (h == 0 && l == 0) {
            if (hasZero) return false;
            hasZero = true;
            size++;
            return true;
        }
        int i = slot(h, l);
        while (true) {
            long sh = hi[i], sl = lo[i];
            if (sh == 0 && sl == 0) break;
            if (sh == h && sl == l) return false;
            i = (i + 1) & mask;
        }
        hi[i] = h;
        lo[i] = l;
        if (++size * 2 > hi.length) grow();
        return true;
    }

    boolean contains(Fingerprint f) {
        long h = f.hi(), l = f.lo();
        if (h == 0 && l == 0) return hasZero;
        int i = slot(h, l);
        while (true) {
            long sh = hi[i], sl = lo[i];
            if (sh == 0 && sl == 0) return false;
            if (sh == h && sl == l) return true;
            i = (i + 1) & mask;
        }
    }

    int size() {
        return size;
    }

    private int slot(long h, long l) {
        // the fingerprint is a cryptographic hash already: its bits are uniformly spread
        return (int) (l ^ (l >>> 32) ^ h) & mask;
    }

    private void grow() {
        long[] oh = hi, ol = lo;
        int cap = oh.length * 2;
        hi = new long[cap];
        lo = new long[cap];
        mask = cap - 1;
        for (int j = 0; j < oh.length; j++) {
            long h = oh[j], l = ol[j];
            if (h == 0 && l == 0) continue;
            int i = slot(h, l);
            while (hi[i] != 0 || lo[i] != 0) i = (i + 1) & mask;
            hi[i] = h;
            lo[i] = l;
        }
    }
}
