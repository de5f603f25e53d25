package io.spinneret.spi;

/**
 * The pages a crawl may fetch per host ({@code max_pages_per_host}) and per registrable domain
 * ({@code max_pages_per_domain}), counted in the frontier's store so that every node of a shared
 * crawl, and a resumed one, spends the same budget. A {@link Scheduler} offers one through
 * {@link Scheduler#pageBudget()}; the engine asks it before each request of the frontier is
 * fetched, next to the politeness that also holds per host.
 *
 * <p>A page is counted once per {@linkplain io.spinneret.api.Request#fingerprint() fingerprint}:
 * a retry, or a request a stopped crawl left in flight and a resumed one redoes, is admitted
 * again without spending more. Thread-safe and atomic across nodes: two nodes never both take the
 * last page of a host.
 */
public interface PageBudget {

    /** What {@link #admit} decided. */
    enum Verdict {
        /** Fetch it: counted now, or admitted before. */
        ADMITTED,
        /** Not fetched: its host had {@code maxPerHost} pages. */
        HOST_SPENT,
        /** Not fetched: its registrable domain had {@code maxPerDomain} pages. */
        DOMAIN_SPENT
    }

    /**
     * Counts a page against its host and its domain, unless one of them has no page left (then
     * neither is counted).
     *
     * @param host the request's {@link io.spinneret.api.Request#host()}
     * @param domain the host's registrable domain
     * @param fingerprint the request's fingerprint
     * @param maxPerHost pages per host, 0 for no limit
     * @param maxPerDomain pages per domain, 0 for no limit
     */
    Verdict admit(String host, String domain, String fingerprint, long maxPerHost, long maxPerDomain);
}
