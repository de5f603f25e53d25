package io.spinneret.download.cache;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.middleware.Chain;
import io.spinneret.middleware.Middleware;
import io.spinneret.spi.Stats;
import java.util.concurrent.atomic.LongAdder;

/**
 * The {@link HttpCache} as the outermost link of the middleware chain: a kept response is returned
 * before any other middleware (robots.txt, throttle, proxy) or the network sees the request, and is
 * counted as a request and a response, as the downloader counts a fetched page; a fetched response
 * is kept on its way back. Counts {@value HttpCache#STAT_HIT}, {@value HttpCache#STAT_MISS} (cacheable
 * requests only) and {@value HttpCache#STAT_STORED}. Thread-safe.
 */
public final class HttpCacheMiddleware implements Middleware {
    /** Its name in the chain. */
    public static final String NAME = "http_cache";

    private final HttpCache cache;
    private final LongAdder requests, responses, hits, misses, stored;

    /** @param stats the crawl's counters */
    public HttpCacheMiddleware(HttpCache cache, Stats stats) {
        this.cache = cache;
        this.requests = stats.counter(Stats.REQUESTS);
        this.responses = stats.counter(Stats.RESPONSES);
        this.hits = stats.counter(HttpCache.STAT_HIT);
        this.misses = stats.counter(HttpCache.STAT_MISS);
        this.stored = stats.counter(HttpCache.STAT_STORED);
    }

    @Override
    public Response intercept(Chain chain) throws Exception {
        Request request = chain.request();
        Response cached = cache.lookup(request);
        if (cached != null) {
            requests.increment();
            responses.increment();
            hits.increment();
            return cached;
        }
        if (HttpCache.cacheable(request)) misses.increment();
        Response response = chain.proceed(request);
        if (cache.store(request, response)) stored.increment();
        return response;
    }

    @Override
    public String name() {
        return NAME;
    }
}
