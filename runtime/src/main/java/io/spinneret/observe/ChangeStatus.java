package io.spinneret.observe;

import java.util.Locale;

/**
 * What a re-crawl ({@code --recrawl}) found of a page, against what the crawl kept of it: see
 * {@link CrawlListener#changeStatus}. Each status is counted as {@code recrawl/<status in lower case>}.
 */
public enum ChangeStatus {
    /** Known, and the same: a 304, or a body with the content hash of the last visit. Its callback does not run. */
    UNCHANGED,
    /** Known, and its body differs from the last visit's: its callback runs and its items are emitted. */
    CHANGED,
    /** Not known before: found through the links of a changed page. Its callback runs. */
    NEW,
    /** Known, and gone: answered 404 or 410. Its record is dropped; the request goes on to its errback, if any. */
    REMOVED;

    /** The stats counter of this status, e.g. {@code recrawl/unchanged}. */
    public String counter() {
        return "recrawl/" + name().toLowerCase(Locale.ROOT);
    }
}
