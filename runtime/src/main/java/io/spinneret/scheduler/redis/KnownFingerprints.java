package io.spinneret.scheduler.redis;

import io.spinneret.api.Fingerprint;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Fingerprints this node has pushed to the crawl (or found seen there), so that a link it meets
 * again is not sent to Redis to be found a duplicate: most links of a page (a site's menus, its
 * pagination, its categories) were pushed before, and each one sent costs its encoding, its share
 * of the push script and its bytes on the wire. What Redis' seen set holds is the rule; this only
 * spares asking it about what it certainly holds.
 *
 * <p>A direct-mapped table of the fingerprints' first 64 bits (the seen set compares 56 of them):
 * a newer fingerprint overwrites an older one in its slot, so the table forgets, never claims a
 * fingerprint it was not given, and its memory is fixed ({@value #SLOTS} slots, 1 MiB). A page this
 * node {@linkplain #forget forgets} after unseeing it is sent again; one another node unsees is not
 * known here, so this node sends it again only once it forgot it (or in its next run). Thread-safe.
 */
final class KnownFingerprints {
    static final int SLOTS = 1 << 17;
    private final AtomicLongArray slots = new AtomicLongArray(SLOTS);

    /** True if {@code fp} was {@linkplain #add added} and not overwritten or forgotten since. */
    boolean contains(Fingerprint fp) {
        long key = fp.hi();
        return key != 0 && slots.getOpaque(slot(key)) == key;
    }

    void add(Fingerprint fp) {
        long key = fp.hi();
        if (key != 0) slots.setOpaque(slot(key), key);
    }

    void forget(Fingerprint fp) {
        long key = fp.hi();
        slots.compareAndExchange(slot(key), key, 0);
    }

    private static int slot(long key) {
        return (int) (key ^ key >>> 32) & SLOTS - 1;
    }
}
