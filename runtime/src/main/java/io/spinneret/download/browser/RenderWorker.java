package io.spinneret.download.browser;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.TimeoutError;
import com.microsoft.playwright.options.WaitForSelectorState;
import com.microsoft.playwright.options.WaitUntilState;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.download.guard.BlockedAddressException;
import io.spinneret.spi.ExchangeListener;
import java.io.IOException;
import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One slot of the render pool: a platform thread that owns a Playwright connection to the shared
 * browser, one browser context and one page in it, and renders the jobs it takes from the queue.
 * Every Playwright object is created, used and closed on this thread only (see
 * {@link BrowserDownloader} for why). It connects to the shared {@link BrowserServer}.
 *
 * <p>The slot's parts: {@link SlotPage} (the Playwright instance, connection, context and page,
 * and their repair), {@link SlotCookies} (the context's cookies, shared with the pool's jars),
 * {@link PageRoutes} (the page's route handler), {@link RenderFailures} (what a failed render
 * throws), {@link RenderedResponses} and {@link ExchangeReporter} (what a render gives). They log
 * under this class's name.
 *
 * <p>Recovery: a crashed or timed-out page is replaced (a crashed page with its context); a lost
 * browser connection is re-established, restarting the browser through {@link SharedBrowser} if
 * it died.
 */
final class RenderWorker implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(RenderWorker.class);
    /** Request meta key: a CSS selector to wait for after the page loaded. */
    static final String META_WAIT_FOR = "wait_for";
    /** Request meta key: overrides {@code browser_wait_until} for one request. */
    static final String META_WAIT_UNTIL = "wait_until";
    /** Request meta key set by the proxy middleware: {@code http://[user:pass@]host:port}. */
    static final String META_PROXY = "proxy";

    private final int index;
    private final BrowserOptions options;
    private final BlockingQueue<RenderJob> queue;
    private final AtomicInteger idle;
    private final BooleanSupplier closing;
    private final SlotCookies cookies;
    private final PageRoutes routes;
    private final SlotPage slot;
    private final RenderFailures failures;
    private final RenderedResponses responses;
    private final @Nullable ExchangeReporter exchanges;

    /** When the render in progress began (nanoTime), or 0 when idle; read by the watchdog. */
    private volatile long busySince;

    /** Set by the watchdog when it stopped this slot's driver during the render in progress. */
    private volatile boolean rescued;

    RenderWorker(
            int index,
            BrowserOptions options,
            SharedBrowser shared,
            BlockingQueue<RenderJob> queue,
            AtomicInteger idle,
            BooleanSupplier closing,
            BrowserJars jars,
            @Nullable ExchangeListener exchanges) {
        this.exchanges = exchanges == null ? null : new ExchangeReporter(index, exchanges);
        this.idle = idle;
        this.index = index;
        this.options = options;
        this.queue = queue;
        this.closing = closing;
        this.cookies = new SlotCookies(index, jars);
        this.routes = new PageRoutes(index, options);
        this.slot = new SlotPage(index, options, shared, cookies, routes);
        this.failures = new RenderFailures(options, slot);
        this.responses = new RenderedResponses(index, options);
    }

    /** Runs the worker; it counts as idle (in {@code idle}) from before it starts, as its creator set it. */
    @Override
    public void run() {
        try {
            try {
                slot.ensure(null); // warm up: connect while the first requests are on their way
            } catch (IOException | RuntimeException e) {
                LOG.debug("render worker {} could not connect yet: {}", index, e.toString());
            }
            while (!closing.getAsBoolean()) {
                RenderJob job = queue.poll(100, TimeUnit.MILLISECONDS);
                if (job == null || !job.start()) continue;
                idle.decrementAndGet();
                rescued = false;
                busySince = System.nanoTime();
                Response response = null;
                Throwable error = null;
                try {
                    response = render(job.request);
                } catch (IOException e) {
                    error = e;
                } catch (RuntimeException | Error e) {
                    error = new IOException("rendering " + job.request.url() + " failed: " + e, e);
                }
                busySince = 0;
                idle.incrementAndGet(); // before the caller wakes up and perhaps queues its next request
                if (response != null) job.complete(response);
                else job.fail(error);
            }
        } catch (InterruptedException e) {
            // closing
        } finally {
            idle.decrementAndGet();
            slot.disconnect();
        }
    }

    private Response render(Request request) throws IOException, InterruptedException {
        slot.ensure(metaString(request, META_PROXY));
        Page p = slot.page();
        if (p == null) throw new IllegalStateException("no page");
        long timeoutMs = Math.max(1, options.timeout().toMillis());
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        String waitFor = metaString(request, META_WAIT_FOR);
        String waitUntil = metaString(request, META_WAIT_UNTIL);
        if (waitUntil == null) waitUntil = options.waitUntil();
        String phase = "the page to " + waitUntil;
        routes.begin(request);
        try {
            cookies.useJarOf(request, slot.context());
            cookies.takeShared(slot.context());
            slot.useHeaders(request.headers());
            boolean temporaryRoute = routes.routeNavigation(p, request);
            com.microsoft.playwright.Response nav;
            Instant sent = Instant.now();
            try {
                nav = p.navigate(
                        request.url(),
                        new Page.NavigateOptions()
                                .setWaitUntil(waitUntilState(waitUntil))
                                .setTimeout(timeoutMs));
                if (waitFor != null) {
                    phase = "selector " + waitFor;
                    long left = Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
                    p.waitForSelector(
                            waitFor,
                            new Page.WaitForSelectorOptions()
                                    .setState(WaitForSelectorState.ATTACHED)
                                    .setTimeout(left));
                }
            } finally {
                if (temporaryRoute) routes.unrouteNavigation(p);
            }
            if (exchanges != null && nav != null) exchanges.report(sent, nav);
            return responses.of(request, p, nav);
        } catch (TimeoutError e) {
            throw failures.timedOut(request, phase);
        } catch (PlaywrightException e) {
            String blocked = routes.blocked();
            if (blocked != null) throw new BlockedAddressException(blocked);
            throw failures.failed(request, e, rescued);
        } finally {
            routes.end();
            if (!slot.pageCrashed()) cookies.share(slot.context()); // a crashed page has none to give
        }
    }

    /**
     * Called by the watchdog (another thread) when a render overran its timeout inside a Playwright
     * call that has none: {@code page.content()} on a page whose script never yields, for one.
     * Stopping this worker's driver process makes that call fail on this worker's thread; the
     * browser server then closes the worker's context, and with it the stuck page. Thread-safe:
     * touches no Playwright object.
     *
     * @return true if it acted (once per render)
     */
    boolean rescueIfStuck(long limitNanos) {
        long since = busySince;
        if (since == 0 || rescued || System.nanoTime() - since < limitNanos) return false;
        rescued = true;
        ProcessHandle d = slot.driver();
        LOG.warn(
                "render worker {} is stuck past the browser timeout; stopping its driver (pid {}) to free it",
                index,
                d == null ? "unknown" : d.pid());
        if (d != null) d.destroyForcibly();
        return true;
    }

    private static WaitUntilState waitUntilState(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "domcontentloaded" -> WaitUntilState.DOMCONTENTLOADED;
            case "networkidle" -> WaitUntilState.NETWORKIDLE;
            case "commit" -> WaitUntilState.COMMIT;
            default -> WaitUntilState.LOAD;
        };
    }

    private static @Nullable String metaString(Request r, String key) {
        Object v = r.meta().get(key);
        return v == null || v.toString().isBlank() ? null : v.toString();
    }
}
