package io.spinneret.middleware;

import io.spinneret.annotations.Setting;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.download.cache.HttpCache;
import io.spinneret.settings.Settings;
import io.spinneret.spi.CrawlContext;
import io.spinneret.spi.Stats;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;
import org.jspecify.annotations.Nullable;

/**
 * The {@link HttpCache} as the outermost link of the middleware chain, put there by
 * {@link MiddlewareStack} when {@code http_cache} is on: a kept response is returned before any
 * other middleware (robots.txt, throttle, proxy) or the network sees the request, and is counted as
 * a request and a response, as the downloader counts a fetched page; a fetched response is kept on
 * its way back. The cache is the one of the crawl's spider ({@code http_cache_dir/<spider>}), opened
 * at the first request. Counts {@value HttpCache#STAT_HIT}, {@value HttpCache#STAT_MISS} (cacheable
 * requests only) and {@value HttpCache#STAT_STORED}. Thread-safe.
 */
public final class HttpCacheMiddleware implements Middleware {
    /** Its name in the chain. */
    public static final String NAME = "http_cache";

    private final Settings settings;
    private volatile @Nullable Opened opened;

    /** The cache and the crawl's counters, once the first request named the spider and the crawl. */
    private record Opened(
            HttpCache cache,
            LongAdder requests,
            LongAdder responses,
            LongAdder hits,
            LongAdder misses,
            LongAdder stored) {
        Opened(HttpCache cache, Stats stats) {
            this(
                    cache,
                    stats.counter(Stats.REQUESTS),
                    stats.counter(Stats.RESPONSES),
                    stats.counter(HttpCache.STAT_HIT),
                    stats.counter(HttpCache.STAT_MISS),
                    stats.counter(HttpCache.STAT_STORED));
        }
    }

    private HttpCacheMiddleware(Settings settings) {
        this.settings = settings;
    }

    /** The cache middleware if {@code http_cache} is on in {@code settings}, else null. */
    static @Nullable HttpCacheMiddleware from(Settings settings) {
        return settings.getBoolean(Setting.HTTP_CACHE) ? new HttpCacheMiddleware(settings) : null;
    }

    private Opened opened(CrawlContext crawl) {
        Opened o = opened;
        if (o != null) return o;
        synchronized (this) {
            if (opened == null)
                opened =
                        new Opened(Objects.requireNonNull(HttpCache.from(settings, crawl.spiderName())), crawl.stats());
            return opened;
        }
    }

    @Override
    public Response intercept(Chain chain) throws Exception {
        Opened o = opened(chain.context());
        Request request = chain.request();
        Response cached = o.cache().lookup(request);
        if (cached != null) {
            o.requests().increment();
            o.responses().increment();
            o.hits().increment();
            return cached;
        }
        if (HttpCache.cacheable(request)) o.misses().increment();
        Response response = chain.proceed(request);
        if (o.cache().store(request, response)) o.stored().increment();
        return response;
    }

    @Override
    public String name() {
        return NAME;
    }
}
