package io.spinneret.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A file of an item (an {@link io.spinneret.annotations.FileUrl @FileUrl} component): its URL, and
 * once the files pipeline has handled it, where it is kept and how that went. A callback makes it
 * with {@link #of}; the item that reaches storage has it filled in.
 *
 * @param url the file's absolute URL
 * @param path the file's path relative to {@code files_store} ({@code <sha256>.<ext>}), null until
 *     stored or when the download failed
 * @param checksum the SHA-256 of the content in hex, null until stored or when the download failed
 * @param status null until handled; then {@link #DOWNLOADED}, {@link #UPTODATE}, {@link #DUPLICATE}
 *     or {@code failed: <reason>}
 */
public record StoredFile(
        String url,
        @Nullable String path,
        @Nullable String checksum,
        @Nullable String status) {
    /** Fetched and written in this crawl. */
    public static final String DOWNLOADED = "downloaded";
    /** Not fetched: an earlier item or crawl already stored this URL, and the file is still there. */
    public static final String UPTODATE = "uptodate";
    /** Fetched, but the same content was already stored (from another URL): not written again. */
    public static final String DUPLICATE = "duplicate";
    /** The prefix of the status of a file that could not be had, e.g. {@code failed: HTTP 404}. */
    public static final String FAILED = "failed";

    public StoredFile {
        Objects.requireNonNull(url, "url");
    }

    /** A file still to be downloaded. */
    public static StoredFile of(String url) {
        return new StoredFile(url, null, null, null);
    }

    /** True once the pipeline has handled it (whatever the outcome). */
    public boolean handled() {
        return status != null;
    }

    /** True when the file is kept under {@code files_store}. */
    public boolean stored() {
        return path != null;
    }
}
