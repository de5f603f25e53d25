package io.spinneret.spi;

import io.spinneret.api.Fingerprint;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;

/**
 * What a re-crawl knows of each page fetched before, kept by the {@link Scheduler} next to its seen
 * fingerprints: one opaque record per page fingerprint (the re-crawl encodes its validators, content
 * hash, revisit interval and request into it; see {@code io.spinneret.recrawl.PageRecord}). A
 * persistent scheduler keeps the records as long as its seen set: closed and opened again on the same
 * job, it has them; a fresh crawl of the job starts without them.
 *
 * <p>One contract suite runs against every implementation. Writes of a persistent scheduler are
 * stored when the method returns, as for {@link Scheduler#push}. Thread-safe.
 */
public interface PageRecords {

    /** Keeps {@code record} as what is known of {@code page}, replacing what was kept. */
    void put(Fingerprint page, byte[] record);

    /** What is kept of {@code page}, or null. */
    byte @Nullable [] get(Fingerprint page);

    /** Forgets {@code page} (a page gone from the site); nothing happens if it is unknown. */
    void remove(Fingerprint page);

    /**
     * Hands every record to {@code action}, in no particular order, on the calling thread. Records
     * put or removed meanwhile may or may not be seen.
     */
    void forEach(BiConsumer<Fingerprint, byte[]> action);

    /** How many pages have a record. */
    long count();
}
