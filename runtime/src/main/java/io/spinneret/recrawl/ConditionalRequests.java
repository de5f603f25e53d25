package io.spinneret.recrawl;

import io.spinneret.api.Request;
import org.jspecify.annotations.Nullable;

/**
 * The one place that turns a page record into the request of a re-crawl and back: the record's
 * request with {@code If-None-Match} and {@code If-Modified-Since} from its validators, and in its
 * meta ({@value #META}) the content hash and interval of the last visit. Being a plain request, it
 * goes through the whole chain (robots, politeness, retries) and the scheduler like any other; the
 * meta tells the response's handler that the page is known, and against what to compare it.
 */
final class ConditionalRequests {
    /** Meta key of a re-crawl's request: {@code "<hash as hex>:<interval>"}. */
    static final String META = "spinneret.recrawl";

    static final String IF_NONE_MATCH = "If-None-Match";
    static final String IF_MODIFIED_SINCE = "If-Modified-Since";

    private ConditionalRequests() {}

    /**
     * The request that revisits {@code record}'s page; with {@code validators} false (the
     * callbacks of unchanged pages run too) it asks for the whole page.
     */
    static Request revisit(PageRecord record, boolean validators) {
        Request.Builder b = record.request().toBuilder()
                .meta(META, Long.toHexString(record.contentHash()) + ":" + record.interval())
                .dontFilter(true); // its fingerprint is in the seen set since the last crawl
        if (validators && record.etag() != null) b.header(IF_NONE_MATCH, record.etag());
        if (validators && record.lastModified() != 0)
            b.header(IF_MODIFIED_SINCE, HttpDate.format(record.lastModified()));
        return b.build();
    }

    /** The last visit a re-crawl's request carries, or null for a request of a page not known before. */
    static @Nullable Previous previous(Request request) {
        if (!(request.meta().get(META) instanceof String s)) return null;
        int colon = s.indexOf(':');
        try {
            return new Previous(
                    Long.parseUnsignedLong(s.substring(0, colon), 16), Long.parseLong(s.substring(colon + 1)));
        } catch (RuntimeException e) {
            return null; // not ours
        }
    }

    /** The request as the crawl made it: without what {@link #revisit} added (and as its first attempt). */
    static Request original(Request request) {
        if (!request.meta().containsKey(META))
            return request.retryCount() == 0
                    ? request
                    : request.toBuilder().retryCount(0).build();
        return request.toBuilder()
                .meta(META, null)
                .removeHeader(IF_NONE_MATCH)
                .removeHeader(IF_MODIFIED_SINCE)
                .dontFilter(false)
                .retryCount(0)
                .build();
    }

    /** What a re-crawl's request remembers of the page's last visit. */
    record Previous(long contentHash, long interval) {}
}
