package io.spinneret.engine;

import io.spinneret.annotations.Setting;
import io.spinneret.api.FetchException;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.spi.CrawlContext;
import io.spinneret.spi.InlineFetches;
import io.spinneret.spi.Stats;
import java.util.function.BooleanSupplier;
import java.util.function.ToLongFunction;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine's {@link InlineFetches}: a callback's {@code crawl.fetch(request)}, run on the
 * callback's own worker thread through the crawl's {@link Fetcher} (HTTP cache, middlewares,
 * counted downloader, {@link SendGate}) by a {@link FetchLoop}, which retries and follows
 * redirects on the spot.
 *
 * <p><b>No deadlock.</b> The fetch takes no concurrency slot: it uses the one the request being
 * parsed holds, so {@code concurrency = 1} works, and the engine's downloads in flight never exceed
 * {@code concurrency}. The per-domain limit of the throttle is a permit held only during a
 * download, never while a callback runs, so {@code concurrency_per_domain = 1} works too. A pause
 * of the host (a 429, say) is waited out on this thread.
 *
 * <p><b>Stopping.</b> While it fetches, the worker is "on its way" for the {@link SendGate}: a
 * signal interrupts its waits and lets nothing more onto the wire, and the fetch throws
 * {@link FetchException.Kind#STOPPING}; the {@link RequestProcessor} then requeues the request
 * being parsed instead of storing what its callback emitted. The same happens when the drain
 * after a stop interrupts it.
 *
 * <p><b>Limits.</b> Each inline fetch counts against {@code max_requests} like a request taken from
 * the scheduler: reaching the limit stops the crawl taking more, while the callbacks in flight,
 * inline fetches included, finish. {@code allowed_domains} applies unless the request sets
 * dont-filter. Stats: {@code inline_fetches}, {@code inline_fetches/failed} (those that threw);
 * their downloads are in {@code requests} and {@code responses}. Thread-safe.
 */
public final class InlineFetcher implements InlineFetches {
    private static final Logger LOG = LoggerFactory.getLogger(InlineFetcher.class);

    public static final String STAT = "inline_fetches";
    static final String STAT_FAILED = "inline_fetches/failed";

    private final Fetcher fetcher;
    private final FetchLoop loop;
    private final Stats stats;
    private final @Nullable AllowedDomains allowedDomains;
    private final BooleanSupplier stopping;
    private final Runnable started;

    /**
     * @param crawl the engine, as the middlewares' context
     * @param pausedUntil the engine's paused hosts ({@link DomainPauses#pausedUntil})
     * @param stopping whether the crawl was asked to stop
     * @param started counts a request against {@code max_requests} (and stops the crawl at the limit)
     */
    InlineFetcher(
            Fetcher fetcher,
            CrawlContext crawl,
            ToLongFunction<Request> pausedUntil,
            BooleanSupplier stopping,
            Runnable started) {
        this.fetcher = fetcher;
        this.stats = crawl.stats();
        this.allowedDomains = AllowedDomains.of(crawl.settings().getList(Setting.ALLOWED_DOMAINS));
        this.loop = new FetchLoop(fetcher::attempt, crawl, crawl.settings(), pausedUntil, this::offsite);
        this.stopping = stopping;
        this.started = started;
    }

    private boolean offsite(Request r) {
        return allowedDomains != null && !r.dontFilter() && !allowedDomains.allows(r.url());
    }

    @Override
    public Response fetch(Request request) {
        stats.increment(STAT); // not a counter made up front: a crawl without inline fetches shows no inline_fetches=0
        try {
            if (offsite(request)) {
                stats.increment(Stats.DROPPED + "offsite");
                throw new FetchException(
                        FetchException.Kind.DROPPED, request, "outside allowed_domains", null, "offsite", null);
            }
            started.run();
            return InlineFetches.require2xx(onTheWay(request));
        } catch (FetchException e) {
            stats.increment(STAT_FAILED);
            LOG.debug("{}", e.getMessage());
            throw e;
        }
    }

    /** The final response, fetched with the worker on its way for the send gate, and back in hand after. */
    private Response onTheWay(Request request) {
        fetcher.onTheWay();
        try {
            return loop.fetch(request);
        } catch (InterruptedException e) {
            if (!stopping.getAsBoolean()) {
                Thread.currentThread().interrupt();
                throw new FetchException(FetchException.Kind.FAILED, request, "interrupted", null, null, e);
            }
            throw new FetchException(FetchException.Kind.STOPPING, request, "the crawl is stopping", null, null, e);
        } finally {
            fetcher.inHand(); // an interrupt the stop sent as the response came back is cleared there
        }
    }
}
