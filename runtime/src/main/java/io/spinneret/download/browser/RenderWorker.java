package io.spinneret.download.browser;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.Route;
import com.microsoft.playwright.TimeoutError;
import com.microsoft.playwright.options.Cookie;
import com.microsoft.playwright.options.HttpHeader;
import com.microsoft.playwright.options.Proxy;
import com.microsoft.playwright.options.ScreenshotType;
import com.microsoft.playwright.options.WaitForSelectorState;
import com.microsoft.playwright.options.WaitUntilState;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.download.guard.BlockedAddressException;
import io.spinneret.observe.snapshot.ErrorSnapshots;
import io.spinneret.spi.Exchange;
import io.spinneret.spi.ExchangeListener;
import io.spinneret.url.HttpUrl;
import io.spinneret.url.UrlParser;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.UnknownHostException;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One slot of the render pool: a platform thread that owns a Playwright connection to the shared
 * browser, one browser context and one page in it, and renders the jobs it takes from the queue.
 * Every Playwright object is created, used and closed on this thread only (see
 * {@link BrowserDownloader} for why). It connects to the shared {@link BrowserServer}.
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
    private final SharedBrowser shared;
    private final BlockingQueue<RenderJob> queue;
    private final AtomicInteger idle;
    private final BooleanSupplier closing;
    private final BrowserJars jars;
    /** The jar this slot's context holds the cookies of, and its name. */
    private @Nullable BrowserCookies cookies;

    private String jarInUse = BrowserJars.CRAWL;
    private final @Nullable ExchangeListener exchanges;
    /** The version of {@link #cookies} this slot's context has taken. */
    private long cookiesSeen;
    /** The cookies this slot's context holds as far as it knows, by {@link BrowserCookies#key}. */
    private Map<String, Cookie> cookiesHeld = new HashMap<>();

    private @Nullable Playwright playwright;
    private @Nullable Browser browser;
    private int generation;
    private @Nullable BrowserContext context;
    private @Nullable Page page;
    private @Nullable String contextProxy;
    private boolean pageCrashed;
    private Map<String, String> pageHeaders = Map.of();
    /** The request being rendered, for the route handler (which runs on this thread). */
    private @Nullable Request current;

    private volatile @Nullable ProcessHandle driver;
    /** When the render in progress began (nanoTime), or 0 when idle; read by the watchdog. */
    private volatile long busySince;

    private volatile boolean rescued;
    private static final Object DRIVER_START = new Object();
    private boolean methodApplied;
    /** Why the boundary refused the navigation under way, or null. */
    private @Nullable String blocked;
    /** True when the page's route handler blocks resources (see {@link ResourceBlocker} for why that is the fallback). */
    private boolean pageRouted;

    RenderWorker(
            int index,
            BrowserOptions options,
            SharedBrowser shared,
            BlockingQueue<RenderJob> queue,
            AtomicInteger idle,
            BooleanSupplier closing,
            BrowserJars jars,
            @Nullable ExchangeListener exchanges) {
        this.jars = jars;
        this.exchanges = exchanges;
        this.idle = idle;
        this.index = index;
        this.options = options;
        this.shared = shared;
        this.queue = queue;
        this.closing = closing;
    }

    /** Runs the worker; it counts as idle (in {@code idle}) from before it starts, as its creator set it. */
    @Override
    public void run() {
        try {
            try {
                ensurePage(null); // warm up: connect while the first requests are on their way
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
            disconnect();
        }
    }

    private Response render(Request request) throws IOException, InterruptedException {
        ensurePage(metaString(request, META_PROXY));
        Page p = page;
        if (p == null) throw new IllegalStateException("no page");
        long timeoutMs = Math.max(1, options.timeout().toMillis());
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        String waitFor = metaString(request, META_WAIT_FOR);
        String waitUntil = metaString(request, META_WAIT_UNTIL);
        String phase = "the page to " + (waitUntil == null ? options.waitUntil() : waitUntil);
        current = request;
        methodApplied = false;
        blocked = null;
        try {
            useJarOf(request);
            takeSharedCookies();
            if (!request.headers().equals(pageHeaders)) {
                p.setExtraHTTPHeaders(request.headers());
                pageHeaders = request.headers();
            }
            boolean temporaryRoute = needsMethodOverride(request) && !pageRouted;
            if (temporaryRoute) p.route("**/*", this::route);
            com.microsoft.playwright.Response nav;
            Instant sent = Instant.now();
            try {
                nav = p.navigate(
                        request.url(),
                        new Page.NavigateOptions()
                                .setWaitUntil(waitUntilState(waitUntil == null ? options.waitUntil() : waitUntil))
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
                if (temporaryRoute && !p.isClosed()) p.unroute("**/*");
            }
            if (exchanges != null && nav != null) report(exchanges, sent, nav);
            return toResponse(request, p, nav);
        } catch (TimeoutError e) {
            replacePage(false); // the old one may still be loading, or stuck in a script
            throw new HttpTimeoutException("rendering " + request.url() + " timed out after "
                    + options.timeout().toMillis() / 1000.0 + " s waiting for " + phase);
        } catch (PlaywrightException e) {
            if (blocked != null) throw new BlockedAddressException(blocked);
            throw failure(request, e);
        } finally {
            current = null;
            shareCookies();
        }
    }

    /**
     * Turns this slot's context to the cookie jar of {@code request}: if it held another jar's
     * cookies (another session's), they are cleared, and the next take brings all of this jar's.
     */
    private void useJarOf(Request request) {
        String name = BrowserJars.nameOf(request);
        if (cookies != null && name.equals(jarInUse)) return;
        BrowserContext c = context;
        if (c != null && !cookiesHeld.isEmpty()) {
            try {
                c.clearCookies();
            } catch (PlaywrightException e) {
                LOG.debug(
                        "render worker {}: clearing the cookies of jar '{}': {}",
                        index,
                        jarInUse,
                        firstLine(e.getMessage()));
            }
        }
        cookies = jars.cookies(name);
        jarInUse = name;
        cookiesSeen = 0;
        cookiesHeld = new HashMap<>();
    }

    /**
     * Brings this slot's context up to date with the shared jar: adds the cookies set since it last
     * looked and clears those removed. Never throws: a cookie the browser refuses costs the render
     * nothing but that cookie batch (logged at debug).
     */
    private void takeSharedCookies() {
        BrowserContext c = context;
        BrowserCookies jar = cookies;
        if (c == null || jar == null) return;
        BrowserCookies.Taken fresh = jar.since(cookiesSeen);
        try {
            if (!fresh.cookies().isEmpty()) {
                c.addCookies(fresh.cookies());
                for (Cookie k : fresh.cookies()) cookiesHeld.put(BrowserCookies.key(k), k);
            }
        } catch (PlaywrightException e) {
            LOG.debug(
                    "render worker {}: adding {} shared cookies: {}",
                    index,
                    fresh.cookies().size(),
                    firstLine(e.getMessage()));
        }
        for (Cookie gone : fresh.removed()) {
            try {
                c.clearCookies(new BrowserContext.ClearCookiesOptions()
                        .setName(gone.name)
                        .setDomain(gone.domain)
                        .setPath(gone.path));
                cookiesHeld.remove(BrowserCookies.key(gone));
            } catch (PlaywrightException e) {
                LOG.debug("render worker {}: clearing cookie {}: {}", index, gone.name, firstLine(e.getMessage()));
            }
        }
        cookiesSeen = fresh.version();
    }

    /** Hands this slot's cookies to the shared jar after a render; never throws (a crashed page has none to give). */
    private void shareCookies() {
        BrowserContext c = context;
        BrowserCookies jar = cookies;
        if (c == null || jar == null || pageCrashed) return;
        try {
            List<Cookie> now = c.cookies();
            cookiesSeen = jar.update(now, cookiesHeld, cookiesSeen);
            Map<String, Cookie> held = new HashMap<>();
            for (Cookie k : now) held.put(BrowserCookies.key(k), k);
            cookiesHeld = held;
        } catch (PlaywrightException e) {
            LOG.debug("render worker {}: reading cookies: {}", index, firstLine(e.getMessage()));
        }
    }

    /** Turns a Playwright error into an IOException, and repairs what broke. */
    private IOException failure(Request request, PlaywrightException e) throws InterruptedException {
        String why = firstLine(e.getMessage());
        if (rescued) {
            disconnect(); // our driver was stopped to get us out of the stuck call; start afresh
            return new HttpTimeoutException("rendering " + request.url() + " did not finish within "
                    + options.timeout().toMillis() / 1000.0
                    + " s: the page kept its script thread busy, so it was discarded");
        }
        boolean lost = browser == null || !browser.isConnected();
        if (shared.crashed(generation, lost)) {
            disconnectBrowser();
            return new IOException(
                    "the browser crashed while rendering " + request.url() + " (" + why
                            + "); it is restarted for the next request",
                    e);
        }
        if (pageCrashed || page == null || page.isClosed()) {
            replacePage(true);
            return new IOException(
                    "the page crashed while rendering " + request.url() + " (" + why + "); it was replaced", e);
        }
        return new IOException("rendering " + request.url() + " failed: " + why, e);
    }

    /**
     * Tells the listener of the navigation's HTTP exchange: the response as the server sent it, not
     * the DOM. The browser hands over the body decoded, so the headers lose {@code Content-Encoding}.
     * A response the browser no longer holds is not reported.
     */
    private void report(ExchangeListener listener, Instant sent, com.microsoft.playwright.Response nav) {
        Exchange x;
        try {
            com.microsoft.playwright.Request r = nav.request();
            List<Exchange.Header> sentHeaders = new ArrayList<>();
            for (HttpHeader h : r.headersArray()) sentHeaders.add(new Exchange.Header(h.name, h.value));
            List<Exchange.Header> received = new ArrayList<>();
            for (HttpHeader h : nav.headersArray()) {
                if (!h.name.equalsIgnoreCase("content-encoding")) received.add(new Exchange.Header(h.name, h.value));
            }
            byte[] requestBody = r.postDataBuffer();
            var server = nav.serverAddr();
            x = new Exchange(
                    sent,
                    r.method(),
                    nav.url(),
                    "HTTP/1.1",
                    sentHeaders,
                    requestBody == null ? new byte[0] : requestBody,
                    nav.status(),
                    nav.statusText(),
                    received,
                    nav.body(),
                    server == null ? null : server.ipAddress);
        } catch (PlaywrightException e) {
            LOG.debug(
                    "render worker {}: the exchange of {} is not recorded: {}",
                    index,
                    nav.url(),
                    firstLine(e.getMessage()));
            return;
        }
        try {
            listener.exchanged(x);
        } catch (RuntimeException e) {
            LOG.warn("exchange listener {} failed on {}: {}", listener, x.url(), e.toString());
        }
    }

    private Response toResponse(Request request, Page p, com.microsoft.playwright.@Nullable Response nav) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        int status = 200;
        if (nav != null) {
            status = nav.status();
            for (HttpHeader h : nav.headersArray()) {
                headers.computeIfAbsent(h.name.toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                        .add(h.value);
            }
        }
        List<String> type = headers.get("content-type");
        String contentType = type == null || type.isEmpty() ? "" : type.get(0).toLowerCase(Locale.ROOT);
        byte[] body;
        if (nav == null || contentType.isEmpty() || contentType.contains("html")) {
            // The DOM after scripts ran, serialised by Chromium in UTF-8: the headers that
            // described the original bytes no longer do.
            body = p.content().getBytes(StandardCharsets.UTF_8);
            headers.put("content-type", List.of("text/html; charset=utf-8"));
            headers.remove("content-length");
            headers.remove("content-encoding");
            headers.remove("transfer-encoding");
        } else {
            body = nav.body(); // JSON, text, XML...: the bytes as served
        }
        if (options.errorSnapshots() && (status < 200 || status >= 300)) request = withSnapshot(request, p, nav, body);
        return new Response(request, p.url(), status, headers, body);
    }

    /**
     * {@code request} with what the error snapshots keep of a page that failed besides its rendered
     * HTML: a screenshot of the viewport, and the body as the server sent it when that is not the
     * body already. Taken here, while the page is still on screen; only for a status that is not
     * 2xx, so a crawl's pages that succeed cost nothing. What Chromium cannot give is left out.
     */
    private Request withSnapshot(
            Request request, Page p, com.microsoft.playwright.@Nullable Response nav, byte[] body) {
        Request out = request;
        try {
            out = out.withMeta(
                    ErrorSnapshots.SCREENSHOT_META,
                    p.screenshot(new Page.ScreenshotOptions().setType(ScreenshotType.PNG)));
        } catch (PlaywrightException e) {
            LOG.debug("render worker {}: no screenshot of {}: {}", index, request.url(), firstLine(e.getMessage()));
        }
        try {
            byte[] served = nav == null ? null : nav.body();
            if (served != null && served != body) out = out.withMeta(ErrorSnapshots.SERVED_BODY_META, served);
        } catch (PlaywrightException e) {
            LOG.debug("render worker {}: no served body of {}: {}", index, request.url(), firstLine(e.getMessage()));
        }
        return out;
    }

    /**
     * Route handler (runs on this thread, inside a Playwright call): applies a request's method and
     * body to its navigation, and blocks resource types when {@link ResourceBlocker} could not.
     */
    private void route(Route route) {
        com.microsoft.playwright.Request r = route.request();
        Request req = current;
        if (options.boundary().active()) {
            String refused = refusedByBoundary(r.url());
            if (refused != null) {
                if (r.isNavigationRequest() && req != null && blocked == null) blocked = refused + ", for " + req.url();
                LOG.debug("render worker {}: {}", index, refused);
                route.abort("blockedbyclient");
                return;
            }
        }
        if (req != null && !methodApplied && needsMethodOverride(req) && r.isNavigationRequest()) {
            methodApplied = true;
            Route.ResumeOptions o = new Route.ResumeOptions().setMethod(req.method());
            byte[] body = req.body();
            if (body != null) o.setPostData(body);
            route.resume(o);
        } else if (options.block().contains(r.resourceType())) {
            route.abort("blockedbyclient");
        } else {
            route.resume();
        }
    }

    /**
     * Why {@code url} may not be fetched under {@code network_boundary}, or null. Checked on every
     * address the host resolves to here; Chromium resolves the name again by itself, so this is a
     * check per request, not on the connection (see docs/downloading.md).
     */
    private @Nullable String refusedByBoundary(String url) {
        // data:, blob:, about: reach no address; ws(s) is read as http(s), whose hosts it shares
        String asHttp = url.regionMatches(true, 0, "ws", 0, 2) ? "http" + url.substring(2) : url;
        String host = UrlParser.parse(asHttp).map(HttpUrl::host).orElse(null);
        if (host == null) return null;
        try {
            for (InetAddress a : InetAddress.getAllByName(host)) {
                Optional<String> why = options.boundary().refusal(a);
                if (why.isPresent()) {
                    return "refused by network_boundary: " + host + " is " + a.getHostAddress() + ", a " + why.get()
                            + " address";
                }
            }
        } catch (UnknownHostException e) {
            return null; // Chromium will fail on it as well
        }
        return null;
    }

    private static boolean needsMethodOverride(Request r) {
        return !r.method().equals("GET") || r.body() != null;
    }

    /** Makes sure there is a live connection, and a page in a context using {@code proxy} (or none). */
    private void ensurePage(@Nullable String proxy) throws IOException, InterruptedException {
        if (browser == null || !browser.isConnected()) {
            disconnectBrowser();
            SharedBrowser.Endpoint ep = shared.endpoint(generation);
            if (playwright == null) {
                // Note which child process is this Playwright's driver, for rescue().
                synchronized (DRIVER_START) {
                    Set<Long> before = driverPids();
                    playwright = Playwright.create(
                            new Playwright.CreateOptions().setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
                    driver = ProcessHandle.current()
                            .children()
                            .filter(h -> !before.contains(h.pid()) && isDriver(h))
                            .findFirst()
                            .orElse(null);
                }
            }
            try {
                browser =
                        playwright.chromium().connect(ep.wsUrl(), new BrowserType.ConnectOptions().setTimeout(30_000));
            } catch (PlaywrightException e) {
                closePlaywright(); // start over with a fresh driver next time
                throw new IOException("cannot connect to the browser: " + firstLine(e.getMessage()), e);
            }
            generation = ep.generation();
        }
        if (!Objects.equals(proxy, contextProxy)) {
            contextProxy = proxy; // a proxy is a context option: this request needs another context
            if (context != null) replacePage(true);
        }
        if (page == null || page.isClosed() || pageCrashed) replacePage(context == null || pageCrashed);
    }

    private void replacePage(boolean newContext) {
        Browser b = browser;
        if (b == null || !b.isConnected()) return; // ensurePage reconnects next time
        try {
            if (page != null && !page.isClosed()) page.close();
        } catch (PlaywrightException e) {
            LOG.debug("closing page: {}", e.toString());
        }
        page = null;
        pageHeaders = Map.of();
        if (newContext || context == null) {
            closeContext();
            Browser.NewContextOptions o = new Browser.NewContextOptions();
            if (contextProxy != null) o.setProxy(proxyOption(contextProxy));
            context = b.newContext(o);
            cookiesSeen = 0; // a new context has none of the shared cookies yet
            cookiesHeld = new HashMap<>();
        }
        Page p = context.newPage();
        p.setDefaultTimeout(options.timeout().toMillis());
        pageRouted = false;
        if (options.boundary().active()) {
            // every request of the page is checked against the boundary (at the cost of a round trip each)
            p.route("**/*", this::route);
            pageRouted = true;
        }
        if (!pageRouted && !ResourceBlocker.intercepted(options.block()).isEmpty()) {
            try {
                ResourceBlocker.attach(p, options.block());
            } catch (PlaywrightException e) {
                // no DevTools session: block through a route, which costs every request a round trip
                LOG.debug("render worker {}: blocking resources through a route: {}", index, firstLine(e.getMessage()));
                p.route("**/*", this::route);
                pageRouted = true;
            }
        }
        pageCrashed = false;
        p.onCrash(x -> pageCrashed = true);
        page = p;
    }

    private void closeContext() {
        try {
            if (context != null) context.close();
        } catch (PlaywrightException e) {
            LOG.debug("closing context: {}", e.toString());
        }
        context = null;
        page = null;
    }

    private void disconnectBrowser() {
        closeContext();
        try {
            if (browser != null)
                browser.close(); // for a connected browser: disconnects (closing our contexts), the browser stays
        } catch (PlaywrightException e) {
            LOG.debug("disconnecting: {}", e.toString());
        }
        browser = null;
    }

    private void closePlaywright() {
        try {
            if (playwright != null) playwright.close(); // stops the driver process
        } catch (PlaywrightException e) {
            LOG.debug("closing Playwright: {}", e.toString());
        }
        playwright = null;
        driver = null;
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
        ProcessHandle d = driver;
        LOG.warn(
                "render worker {} is stuck past the browser timeout; stopping its driver (pid {}) to free it",
                index,
                d == null ? "unknown" : d.pid());
        if (d != null) d.destroyForcibly();
        return true;
    }

    private static Set<Long> driverPids() {
        return ProcessHandle.current()
                .children()
                .filter(RenderWorker::isDriver)
                .map(ProcessHandle::pid)
                .collect(Collectors.toSet());
    }

    private static boolean isDriver(ProcessHandle h) {
        return h.info()
                .arguments()
                .map(a -> Arrays.asList(a).contains("run-driver"))
                .orElse(false);
    }

    private void disconnect() {
        disconnectBrowser();
        closePlaywright();
    }

    /** {@code http://user:pass@host:port} as Playwright's proxy option. */
    static Proxy proxyOption(String url) {
        URI u = URI.create(url);
        Proxy p = new Proxy(u.getScheme() + "://" + u.getHost() + (u.getPort() > 0 ? ":" + u.getPort() : ""));
        String info = u.getRawUserInfo();
        if (info != null) {
            int colon = info.indexOf(':');
            p.setUsername(URLDecoder.decode(colon < 0 ? info : info.substring(0, colon), StandardCharsets.UTF_8));
            if (colon >= 0) p.setPassword(URLDecoder.decode(info.substring(colon + 1), StandardCharsets.UTF_8));
        }
        return p;
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

    /** The useful line of a Playwright error: its {@code message='...'}, else the first line. */
    static String firstLine(@Nullable String message) {
        if (message == null) return "unknown error";
        int m = message.indexOf("message='");
        String from = m >= 0 ? message.substring(m + "message='".length()) : message;
        int nl = from.indexOf('\n');
        return (nl < 0 ? from : from.substring(0, nl)).strip();
    }
}
