package io.spinneret.spi;

import org.jspecify.annotations.Nullable;

/**
 * The 64-bit SimHashes of the pages a crawl has seen, kept in the frontier's store so that every
 * node of a shared crawl, and a resumed one, puts near-duplicate pages into the same groups. A
 * {@link Scheduler} offers one through {@link Scheduler#simHashIndex()}.
 *
 * <p>Two pages are near duplicates when their SimHashes differ in at most {@link #MAX_DISTANCE}
 * bits. Implementations find them by the pigeonhole principle: split into {@link #BANDS} 8-bit
 * bands, two hashes that close agree on at least one band, so only the hashes sharing a band with
 * the new one are compared (about 8/256 of them).
 * Thread-safe; each call is atomic for a single process.
 */
public interface SimHashIndex {
    /** The largest Hamming distance between the SimHashes of two near-duplicate pages. */
    int MAX_DISTANCE = 7;

    /** The 8-bit bands a hash is looked up by: one more than {@link #MAX_DISTANCE}. */
    int BANDS = 8;

    /**
     * Looks for a page near {@code simHash}; if there is none, records this one as the first of
     * its group.
     *
     * @return the URL of the first page of the group {@code simHash} falls into, or null if this
     *     page is the first (also when {@code url} itself was recorded before, by a crawl that
     *     is now redoing it)
     */
    @Nullable
    String firstNear(long simHash, String url);
}
