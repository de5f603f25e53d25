package io.spinneret.download.browser;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.options.Proxy;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The page a render slot renders in, and what it stands on: the slot's Playwright instance (with
 * its driver process), its connection to the shared browser and its browser context. Makes sure
 * they are there before a render and replaces what broke: a page, a context, or the connection,
 * restarting the browser through {@link SharedBrowser} if it died. Every method runs on the slot's
 * thread, which alone touches these Playwright objects, except {@link #driver}.
 */
final class SlotPage {
    private static final Logger LOG = LoggerFactory.getLogger(RenderWorker.class); // the slot's log
    private static final Object DRIVER_START = new Object();

    private final int index;
    private final BrowserOptions options;
    private final SharedBrowser shared;
    private final SlotCookies cookies;
    private final PageRoutes routes;

    private @Nullable Playwright playwright;
    private @Nullable Browser browser;
    private int generation;
    private @Nullable BrowserContext context;
    private @Nullable Page page;
    private @Nullable String contextProxy;
    private boolean pageCrashed;
    private Map<String, String> pageHeaders = Map.of();

    private volatile @Nullable ProcessHandle driver;

    SlotPage(int index, BrowserOptions options, SharedBrowser shared, SlotCookies cookies, PageRoutes routes) {
        this.index = index;
        this.options = options;
        this.shared = shared;
        this.cookies = cookies;
        this.routes = routes;
    }

    /** Makes sure there is a live connection, and a page in a context using {@code proxy} (or none). */
    void ensure(@Nullable String proxy) throws IOException, InterruptedException {
        if (browserLost()) {
            disconnectBrowser();
            SharedBrowser.Endpoint ep = shared.endpoint(generation);
            if (playwright == null) {
                // Note which child process is this Playwright's driver, for RenderWorker.rescueIfStuck.
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
                throw new IOException(
                        "cannot connect to the browser: " + PlaywrightErrors.firstLine(e.getMessage()), e);
            }
            generation = ep.generation();
        }
        if (!Objects.equals(proxy, contextProxy)) {
            contextProxy = proxy; // a proxy is a context option: this request needs another context
            if (context != null) replace(true);
        }
        if (pageBroken()) replace(context == null || pageCrashed);
    }

    /** The page, once {@link #ensure} made one. */
    @Nullable
    Page page() {
        return page;
    }

    /** The page's context, whose cookies {@link SlotCookies} keeps in step. */
    @Nullable
    BrowserContext context() {
        return context;
    }

    /** True if the page crashed since it was made. */
    boolean pageCrashed() {
        return pageCrashed;
    }

    /** True if the page is gone or crashed: it must be replaced before the next render. */
    boolean pageBroken() {
        return pageCrashed || page == null || page.isClosed();
    }

    /** True if there is no live connection to the browser. */
    boolean browserLost() {
        return browser == null || !browser.isConnected();
    }

    /** True if the browser this slot connected to is gone (see {@link SharedBrowser#crashed}). */
    boolean browserCrashed() throws InterruptedException {
        return shared.crashed(generation, browserLost());
    }

    /** Sends {@code headers} with the page's requests, unless it does already. */
    void useHeaders(Map<String, String> headers) {
        Page p = page;
        if (p == null || headers.equals(pageHeaders)) return;
        p.setExtraHTTPHeaders(headers);
        pageHeaders = headers;
    }

    /** Replaces the page, in a new context if {@code newContext}; does nothing without a connection. */
    void replace(boolean newContext) {
        if (browserLost()) return; // ensure reconnects next time
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
            context = browser.newContext(o);
            cookies.forgetHeld(); // a new context has none of the shared cookies yet
        }
        Page p = context.newPage();
        p.setDefaultTimeout(options.timeout().toMillis());
        routes.attachTo(p);
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

    /** Drops the connection to the browser (and with it the context and page); the driver stays. */
    void disconnectBrowser() {
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

    /** Drops the connection and stops the driver: the next {@link #ensure} starts afresh. */
    void disconnect() {
        disconnectBrowser();
        closePlaywright();
    }

    /** The process of this slot's Playwright driver, or null if unknown; safe from any thread. */
    @Nullable
    ProcessHandle driver() {
        return driver;
    }

    private static Set<Long> driverPids() {
        return ProcessHandle.current()
                .children()
                .filter(SlotPage::isDriver)
                .map(ProcessHandle::pid)
                .collect(Collectors.toSet());
    }

    private static boolean isDriver(ProcessHandle h) {
        return h.info()
                .arguments()
                .map(a -> Arrays.asList(a).contains("run-driver"))
                .orElse(false);
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
}
