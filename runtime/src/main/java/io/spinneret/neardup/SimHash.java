package io.spinneret.neardup;

import java.util.OptionalLong;

/**
 * The 64-bit SimHash (Charikar) of a text: each shingle of {@value #SHINGLE} consecutive words
 * (lower-cased runs of letters and digits) is hashed to 64 bits, every bit adds one vote for 1
 * or 0 at its position, and the hash keeps the majority of each position. Texts that share most
 * shingles get hashes a few bits apart; unrelated texts differ in about 32 bits. Stateless.
 */
public final class SimHash {
    /** Words per shingle. */
    static final int SHINGLE = 3;
    /** Texts with fewer words are not hashed: too short to tell a near duplicate from a coincidence. */
    static final int MIN_WORDS = 20;

    private SimHash() {}

    /** The SimHash of {@code text}, or empty if it has fewer than {@value #MIN_WORDS} words. */
    public static OptionalLong of(CharSequence text) {
        int[] votes = new int[64];
        long w1 = 0, w2 = 0; // the two words before the current one
        int words = 0;
        int n = text.length();
        int i = 0;
        while (i < n) {
            int skip;
            while (i < n && !Character.isLetterOrDigit(skip = Character.codePointAt(text, i)))
                i += Character.charCount(skip);
            if (i >= n) break;
            long h = 0xcbf29ce484222325L; // FNV-1a over the lower-cased code points
            while (i < n) {
                int cp = Character.codePointAt(text, i);
                if (!Character.isLetterOrDigit(cp)) break;
                h = (h ^ Character.toLowerCase(cp)) * 0x100000001b3L;
                i += Character.charCount(cp);
            }
            words++;
            if (words >= SHINGLE) vote(votes, mix(w1 * 31 * 31 + w2 * 31 + h));
            w1 = w2;
            w2 = h;
        }
        if (words < MIN_WORDS) return OptionalLong.empty();
        long hash = 0;
        for (int b = 0; b < 64; b++) if (votes[b] > 0) hash |= 1L << b;
        return OptionalLong.of(hash);
    }

    private static void vote(int[] votes, long feature) {
        for (int b = 0; b < 64; b++) votes[b] += (int) ((feature >>> b) & 1) * 2 - 1;
    }

    /** SplitMix64's finaliser: every input bit affects every output bit. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
