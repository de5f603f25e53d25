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
 * <p>One contract suite runs against every implementation. A write ({@link #put}, {@link #patch})
 * of a persistent scheduler need not be stored when the method returns: it is stored at the latest
 * when the next call to the scheduler returns (from any thread), or when the scheduler closes. A
 * worker that keeps a page's record and then acknowledges the page's request thus has both stored
 * once the acknowledgement returns, at the cost of one commit or round trip. Reads see every write
 * made before them. Thread-safe.
 */
public interface PageRecords {

    /** Keeps {@code record} as what is known of {@code page}, replacing what was kept. */
    void put(Fingerprint page, byte[] record);

    /**
     * Overwrites {@code bytes.length} bytes of {@code page}'s record from {@code offset} (fixed-width
     * fields, such as when the page was last fetched), without sending the whole record again.
     * Nothing happens if the page has no record, or one too short.
     */
    void patch(Fingerprint page, int offset, byte[] bytes);

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

    /**
     * {@code record} with {@code bytes} at {@code offset} (a copy), or {@code record} itself if it is
     * too short: {@link #patch} for stores that read and write whole records.
     */
    static byte[] patched(byte[] record, int offset, byte[] bytes) {
        if (offset < 0 || record.length < offset + bytes.length) return record;
        byte[] copy = record.clone();
        System.arraycopy(bytes, 0, copy, offset, bytes.length);
        return copy;
    }
}
