package io.spinneret.devtools;

import io.spinneret.annotations.Setting;
import io.spinneret.api.FetchException;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.api.SpinneretException;
import io.spinneret.download.Downloaders;
import io.spinneret.download.cache.HttpCache;
import io.spinneret.engine.CrawlEvents;
import io.spinneret.engine.FetchLoop;
import io.spinneret.engine.Fetcher;
import io.spinneret.engine.InlineFetcher;
import io.spinneret.engine.Redirects;
import io.spinneret.engine.SendGate;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.middleware.Middleware;
import io.spinneret.middleware.MiddlewareStack;
import io.spinneret.settings.Settings;
import io.spinneret.spi.CrawlContext;
import io.spinneret.spi.Downloader;
import io.spinneret.spi.InlineFetches;
import io.spinneret.spi.Stats;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Fetches single pages outside a crawl, through exactly the chain a crawl of that spider uses: the
 * HTTP cache, the middlewares of {@link MiddlewareStack#build} (retry, robots.txt, user agent,
 * proxies, throttle and the user's own) and the downloader router (the browser for a request
 * whose renderer is {@code BROWSER}). Redirects are followed as the engine follows them, up to
 * {@code max_redirects} (a loop refused); a retry the retry middleware schedules is fetched next,
 * after its backoff ({@link FetchLoop}). Behind {@code spinneret fetch}, {@code parse} and
 * {@code shell}, and the inline fetches of the callbacks these run ({@link #inline()}).
 *
 * <pre>{@code
 * try (PageFetcher pages = PageFetcher.open(spider, settings)) {
 *     Response r = pages.fetch(Request.of("http://127.0.0.1:8080/"));
 * }
 * }</pre>
 *
 * <p>Cookies are those of the downloader, kept for the fetcher's life. Used by one thread at a time.
 */
public final class PageFetcher implements AutoCloseable {
    private final Stats stats = new Stats();
    private final Downloader router;
    private final FetchLoop loop;

    private PageFetcher(String spiderName, Settings settings, List<Middleware> middlewares, Downloader router) {
        this.router = router;
        CrawlContext context = new CrawlContext() {
            @Override
            public String spiderName() {
                return spiderName;
            }

            @Override
            public Settings settings() {
                return settings;
            }

            @Override
            public Stats stats() {
                return stats;
            }

            @Override
            public boolean schedule(Request request) {
                return false;
            } // no crawl to schedule to; retries come back to the loop
        };
        Fetcher fetcher = new Fetcher(middlewares, router, context, new SendGate(), CrawlEvents.none());
        this.loop = new FetchLoop(fetcher::attempt, context, settings, r -> -1, r -> false);
    }

    /**
     * The chain a crawl of {@code spider} with {@code settings} would use; the browser starts only
     * when a request needs it.
     *
     * @throws io.spinneret.settings.InvalidSettingException for an unknown middleware in {@code middlewares}
     */
    public static PageFetcher open(SpiderDefinition spider, Settings settings) {
        return open(spider.name(), settings, spider.getClass().getClassLoader());
    }

    /**
     * The chain of a crawl with {@code settings} and no particular spider (robots.txt, cookies and
     * the cache are kept under {@code spiderName}); user middlewares' providers come from {@code loader}.
     */
    public static PageFetcher open(String spiderName, Settings settings, ClassLoader loader) {
        List<Middleware> middlewares = MiddlewareStack.build(settings, loader);
        return new PageFetcher(spiderName, settings, middlewares, Downloaders.router(settings));
    }

    /** For tests: this downloader at the end of the chain, instead of the router. */
    static PageFetcher open(String spiderName, Settings settings, List<Middleware> middlewares, Downloader downloader) {
        return new PageFetcher(spiderName, settings, middlewares, downloader);
    }

    /**
     * The final response to {@code request}, after its redirects and retries, whatever its status
     * (a crawl hands a 404 to the errback; the caller decides here).
     *
     * @throws FetchFailedException with the reason a crawl would log, when no response came
     * @throws InterruptedException if the thread is interrupted
     */
    public Response fetch(Request request) throws InterruptedException {
        try {
            return loop.fetch(request);
        } catch (FetchException e) {
            throw new FetchFailedException(e.request(), e.reason(), e.getCause());
        }
    }

    /**
     * What a callback's {@code crawl.fetch(...)} does in {@code parse} and {@code shell}: fetches
     * through this chain, as {@link #fetch}, and throws the {@link FetchException} a crawl's
     * callback would get for anything but a 2xx response. Counted as {@code inline_fetches}.
     */
    public InlineFetches inline() {
        return request -> {
            stats.increment(InlineFetcher.STAT);
            try {
                return InlineFetches.require2xx(loop.fetch(request));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new FetchException(FetchException.Kind.STOPPING, request, "interrupted", null, null, e);
            }
        };
    }

    /**
     * The response the HTTP cache keeps for {@code request} in the cache of {@code spiderName}
     * under {@code http_cache_dir} (as a crawl or {@code fetch} with {@code http_cache=true} kept
     * it), without touching the network; empty if none is kept or it expired.
     */
    public static Optional<Response> cached(Settings settings, String spiderName, Request request) {
        HttpCache cache = new HttpCache(
                Path.of(settings.getString(Setting.HTTP_CACHE_DIR)).resolve(spiderName),
                settings.getDuration(Setting.HTTP_CACHE_EXPIRATION).toMillis());
        return Optional.ofNullable(cache.lookup(request));
    }

    /** The URLs redirected from to reach {@code response}, oldest first (empty if none). */
    public static List<String> redirectedFrom(Response response) {
        return response.request().meta().get(Redirects.URLS) instanceof List<?> l
                ? l.stream().map(String::valueOf).toList()
                : List.of();
    }

    /** The counters of what was fetched so far (requests, responses, retries, cache hits...). */
    public Stats stats() {
        return stats;
    }

    @Override
    public void close() {
        try {
            router.close();
        } catch (Exception e) {
            throw new SpinneretException("closing the downloader failed: " + e.getMessage(), e);
        }
    }

    /** No response came for a request: the message is the line a crawl logs for it. */
    public static final class FetchFailedException extends SpinneretException {
        private final String reason;

        FetchFailedException(Request request, String reason, @Nullable Throwable cause) {
            super(request.method() + " " + request.url() + " failed: " + reason, cause);
            this.reason = reason;
        }

        /** Why, without the request: e.g. {@code ConnectException} or {@code blocked by robots.txt}. */
        public String reason() {
            return reason;
        }
    }
}
