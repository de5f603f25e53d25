package io.spinneret.examples.replica;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A website served by {@link ReplicaServer}: a function from a request path to a page.
 * Implementations are thread-safe (the server calls them from many virtual threads at once) and
 * deterministic (the same path always gives the same bytes).
 */
public interface Site {
    /** A response body and its media type. */
    record Page(byte[] body, String contentType) {
        public static Page html(String html) {
            return new Page(html.getBytes(StandardCharsets.UTF_8), "text/html; charset=utf-8");
        }

        public static Page text(String text) {
            return new Page(text.getBytes(StandardCharsets.UTF_8), "text/plain; charset=utf-8");
        }
    }

    /**
     * The page at {@code path}, or null for a 404.
     *
     * @param path the raw URL path without the leading slash and without the query, e.g.
     *     {@code catalogue/page-2.html}; empty for the root
     */
    @Nullable
    Page page(String path);

    /** The path a crawl starts from, e.g. {@code ""} for the root. */
    default String startPath() {
        return "";
    }

    /** Every path the site serves, for exporting it as static files; may be large. */
    List<String> paths();
}
