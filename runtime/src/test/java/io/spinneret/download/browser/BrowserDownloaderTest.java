package io.spinneret.download.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import io.spinneret.annotations.Renderer;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Real Chromium ({@code SPINNERET_TEST_CHROMIUM}, in CI the headless shell; the full browser in
 * {@code SPINNERET_TEST_CHROMIUM_FULL}) against pages served on 127.0.0.1.
 */
@Timeout(60)
class BrowserDownloaderTest {
    private static final String CHROMIUM = System.getenv("SPINNERET_TEST_CHROMIUM");
    private static TestSite site;
    private final List<BrowserDownloader> opened = new ArrayList<>();

    @BeforeAll
    static void startSite() throws IOException {
        assumeTrue(CHROMIUM != null && !CHROMIUM.isBlank(), "SPINNERET_TEST_CHROMIUM is not set");
        site = new TestSite();
    }

    @AfterAll
    static void stopSite() {
        if (site != null) site.close();
    }

    @AfterEach
    void closeDownloaders() {
        opened.forEach(BrowserDownloader::close);
    }

    private BrowserDownloader downloader(int pool, Set<String> block, String waitUntil, Duration timeout) {
        BrowserDownloader d = new BrowserDownloader(
                new BrowserOptions(CHROMIUM, pool, block, waitUntil, timeout), Duration.ofSeconds(5));
        opened.add(d);
        return d;
    }

    private BrowserDownloader downloader(int pool) {
        return downloader(pool, Set.of("image", "font", "media"), "load", Duration.ofSeconds(15));
    }

    private static Request browser(String url) {
        return Request.builder(url).renderer(Renderer.BROWSER).build();
    }

    @Test
    void scriptGeneratedQuotesAppearOnlyWhenRendered() throws Exception {
        // A/B on the same URL: the raw HTML has no quotes, the rendered DOM has all ten.
        String url = site.url("/js/");
        var http = HttpClient.newHttpClient();
        var raw = http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofByteArray());
        Response plain = new Response(
                Request.of(url), url, raw.statusCode(), raw.headers().map(), raw.body());
        assertEquals(200, plain.status());
        assertEquals(0, plain.css("div.quote").size());

        Response rendered = downloader(1).download(browser(url));
        assertEquals(200, rendered.status());
        assertEquals(10, rendered.css("div.quote").size());
        assertEquals("Quote 3", rendered.css("div.quote span.text").get(3).text());
    }

    @Test
    void theFullChromiumRendersAsTheHeadlessShellDoes() throws Exception {
        // the headless shell is the default executable; the full browser (package chromium) is the fallback
        String full = System.getenv("SPINNERET_TEST_CHROMIUM_FULL");
        assumeTrue(full != null && !full.isBlank(), "SPINNERET_TEST_CHROMIUM_FULL is not set");
        BrowserDownloader d = new BrowserDownloader(
                new BrowserOptions(full, 2, Set.of("image", "font", "media"), "load", Duration.ofSeconds(15)),
                Duration.ofSeconds(5));
        opened.add(d);
        Response rendered = d.download(browser(site.url("/js/")));
        assertEquals(10, rendered.css("div.quote").size());
        Response redirected = d.download(browser(site.url("/redirect")));
        assertEquals(site.url("/target"), redirected.url());
        assertEquals("ran", redirected.textOf("title"));
    }

    @Test
    void renderedResponseHasStatusHeadersFinalUrlAndRequest() throws Exception {
        BrowserDownloader d = downloader(1);
        Request req = browser(site.url("/redirect"));
        Response r = d.download(req);
        assertEquals(200, r.status());
        assertEquals(site.url("/target"), r.url(), "final URL after the redirect");
        assertEquals("yes", r.header("x-test").orElseThrow());
        assertEquals("text/html; charset=utf-8", r.header("Content-Type").orElseThrow());
        assertEquals("ran", r.textOf("title"), "the DOM after scripts ran");
        assertEquals(req, r.request());
        assertEquals(Renderer.BROWSER, r.follow("/js/").orElseThrow().renderer(), "follow() keeps the renderer");

        Response missing = d.download(browser(site.url("/missing")));
        assertEquals(404, missing.status());
        assertEquals("not here", missing.textOf("p.nf"));

        Response json = d.download(browser(site.url("/data.json")));
        assertEquals(42, json.json().get("answer").asInt(), "non-HTML bodies keep their bytes");
    }

    @Test
    void methodBodyAndHeadersOfTheRequestAreSent() throws Exception {
        BrowserDownloader d = downloader(1);
        Response r = d.download(Request.builder(site.url("/echo"))
                .renderer(Renderer.BROWSER)
                .method("POST")
                .body("a=1")
                .header("User-Agent", "SpinneretTest/1")
                .build());
        assertEquals("POST", r.textOf("#method"));
        assertEquals("a=1", r.textOf("#body"));
        assertEquals("SpinneretTest/1", r.textOf("#ua"));
    }

    @Test
    void poolRendersPagesConcurrently() throws Exception {
        BrowserDownloader d = downloader(4);
        site.slowMaxInFlight.set(0);
        site.slowGateTimeouts.set(0);
        site.slowGate = new CountDownLatch(4); // each /slow/ response waits until four are in flight
        try (ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Response>> fs = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                int n = i;
                fs.add(ex.submit(() -> d.download(browser(site.url("/slow/" + n)))));
            }
            for (int i = 0; i < 8; i++)
                assertEquals("/slow/" + i, fs.get(i).get().textOf("p.slow"));
        }
        assertEquals(4, site.slowMaxInFlight.get(), "four pages in flight at once, never more");
        assertEquals(0, site.slowGateTimeouts.get(), "the four reached the server together");
    }

    @Test
    void theSlotsOfThePoolShareTheirCookies() throws Exception {
        // a render waits at the gate for the other slot: its timeout must outlast the gate's 30 s
        BrowserDownloader d = downloader(2, Set.of("image", "font", "media"), "load", Duration.ofSeconds(40));
        assertEquals(
                "logged in", d.download(browser(site.url("/login"))).textOf("p"), "one slot gets the session cookie");
        try (ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {
            // both slots started first, so that a busy machine's slow start is not timed at the gate
            List<Future<Response>> warm = new ArrayList<>();
            for (int i = 0; i < 2; i++) warm.add(ex.submit(() -> d.download(browser(site.url("/cookies")))));
            for (Future<Response> f : warm) f.get();
            site.whoamiGateTimeouts.set(0);
            site.whoamiGate = new CountDownLatch(2); // both slots render a /whoami/ page at once
            List<Future<Response>> fs = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                int n = i;
                fs.add(ex.submit(() -> d.download(browser(site.url("/whoami/" + n)))));
            }
            for (Future<Response> f : fs) assertEquals("session=s1", f.get().textOf("#cookie"));
        }
        assertEquals(0, site.whoamiGateTimeouts.get(), "the two pages were rendered by the two slots at once");
    }

    @Test
    void imagesAreBlockedByDefaultAndLoadedWhenNotBlocked() throws Exception {
        site.imageHits.set(0);
        Response r = downloader(1).download(browser(site.url("/image")));
        assertEquals("img", r.textOf("p"));
        assertEquals(0, site.imageHits.get(), "blocked image was not requested");

        downloader(1, Set.of(), "load", Duration.ofSeconds(15)).download(browser(site.url("/image")));
        assertEquals(1, site.imageHits.get(), "with browser_block empty the image loads");
    }

    @Test
    void eachBlockedResourceTypeIsNeverRequestedAndTheOthersLoad() throws Exception {
        site.assetHits.clear();
        Response r = downloader(1).download(browser(site.url("/assets"))); // the default: image, font, media
        assertEquals("script ran", r.textOf("title"), "scripts are not blocked by default");
        assertEquals(1, hits("/asset/style.css"), "stylesheets are not blocked by default");
        assertEquals(0, hits("/asset/photo.png"), "image blocked");
        assertEquals(0, hits("/asset/font.woff2"), "font blocked");
        assertEquals(0, hits("/asset/clip.mp4"), "media blocked");

        site.assetHits.clear();
        Response scriptless = downloader(1, Set.of("script", "stylesheet"), "load", Duration.ofSeconds(15))
                .download(browser(site.url("/assets")));
        assertEquals("", scriptless.textOf("title"), "the script was blocked, so it did not run");
        assertEquals(0, hits("/asset/app.js"));
        assertEquals(0, hits("/asset/style.css"));
        assertEquals(1, hits("/asset/photo.png"), "images load when not blocked");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while ((hits("/asset/font.woff2") == 0 || hits("/asset/clip.mp4") == 0) && System.nanoTime() < deadline) {
            Thread.sleep(50); // a font or a video may be fetched after the load event
        }
        assertTrue(hits("/asset/font.woff2") >= 1, "fonts load when not blocked");
        assertTrue(hits("/asset/clip.mp4") >= 1, "media loads when not blocked");
    }

    private static int hits(String path) {
        var n = site.assetHits.get(path);
        return n == null ? 0 : n.get();
    }

    @Test
    void waitForSelectorInMetaWaitsForLateContent() throws Exception {
        BrowserDownloader d = downloader(1, Set.of(), "domcontentloaded", Duration.ofSeconds(15));
        // the late content of /late-held needs an answer the server gives only after this download
        // returned, so "taken before it" holds however slow the machine is
        Response early;
        try {
            early = d.download(browser(site.url("/late-held")));
        } finally {
            site.lateGate.countDown();
        }
        assertEquals("early", early.textOf("p"));
        assertEquals(0, early.css("div.late").size(), "without wait_for the page is taken at DOMContentLoaded");
        Response late = d.download(Request.builder(site.url("/late"))
                .renderer(Renderer.BROWSER)
                .meta("wait_for", "div.late")
                .build());
        assertEquals("late content", late.textOf("div.late"));
    }

    @Test
    void slowPageTimesOutAndThePoolKeepsWorking() throws Exception {
        BrowserDownloader d = downloader(1, Set.of(), "load", Duration.ofMillis(1500));
        assertEquals(
                10,
                d.download(browser(site.url("/js/"))).css("div.quote").size(),
                "warm-up: the lazy start is not timed");
        long t0 = System.nanoTime();
        HttpTimeoutException e = assertThrows(HttpTimeoutException.class, () -> d.download(browser(site.url("/hang"))));
        double seconds = (System.nanoTime() - t0) / 1e9;
        // the page stalls for a minute: ending within half of that proves the 1.5 s timeout ended it
        assertTrue(
                seconds >= 1.5 && seconds < TestSite.HANG_MILLIS / 2000.0,
                "timed out after browser_timeout (1.5 s), well before the page's " + TestSite.HANG_MILLIS / 1000
                        + " s stall; took " + seconds);
        assertTrue(e.getMessage().contains("/hang"), e.getMessage());

        IOException selector = assertThrows(
                HttpTimeoutException.class,
                () -> d.download(Request.builder(site.url("/js/"))
                        .renderer(Renderer.BROWSER)
                        .meta("wait_for", "div.never")
                        .build()));
        assertTrue(selector.getMessage().contains("div.never"), selector.getMessage());

        assertEquals(10, d.download(browser(site.url("/js/"))).css("div.quote").size());
    }

    @Test
    void pageStuckInAScriptIsStoppedAndThePoolKeepsWorking() throws Exception {
        BrowserDownloader d = downloader(1, Set.of(), "load", Duration.ofSeconds(2));
        assertEquals(
                10,
                d.download(browser(site.url("/js/"))).css("div.quote").size(),
                "warm-up: the lazy start is not timed");
        long t0 = System.nanoTime();
        IOException e = assertThrows(IOException.class, () -> d.download(browser(site.url("/spin"))));
        double seconds = (System.nanoTime() - t0) / 1e9;
        // the page spins forever; the watchdog frees it after browser_timeout + 5 s. Half the test's
        // 60 s @Timeout leaves the restart of the driver all the time a busy machine needs
        assertTrue(
                seconds >= 2 && seconds < 30,
                "gave up on the forever-stuck page after browser_timeout, in " + seconds + " s: " + e);
        assertEquals(10, d.download(browser(site.url("/js/"))).css("div.quote").size());
    }

    @Test
    void proxyInRequestMetaIsUsedForThatRequest() throws Exception {
        Queue<String> seen = new ConcurrentLinkedQueue<>();
        HttpServer proxy = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 10);
        proxy.createContext("/", ex -> {
            seen.add(ex.getRequestURI().toString());
            byte[] b = ("<html><body><p id=via>proxy</p><p id=target>" + ex.getRequestURI() + "</p></body></html>")
                    .getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "text/html");
            ex.sendResponseHeaders(200, b.length);
            try (var o = ex.getResponseBody()) {
                o.write(b);
            }
        });
        proxy.start();
        try {
            BrowserDownloader d = downloader(1);
            String proxyUrl = "http://127.0.0.1:" + proxy.getAddress().getPort();
            Response r = d.download(Request.builder("http://spinneret.invalid/page")
                    .renderer(Renderer.BROWSER)
                    .meta("proxy", proxyUrl)
                    .build());
            assertEquals("proxy", r.textOf("#via"));
            assertEquals("http://spinneret.invalid/page", r.textOf("#target"));
            Response direct = d.download(browser(site.url("/js/")));
            assertEquals(10, direct.css("div.quote").size(), "the next request without a proxy goes direct");
            // Chromium may also ask the proxy for the new context's first site icon (not a crawl request)
            assertEquals(
                    List.of("http://spinneret.invalid/page"),
                    seen.stream().filter(u -> !u.endsWith("/favicon.ico")).toList());
        } finally {
            proxy.stop(0);
        }
    }

    @Test
    void connectionErrorsAreIOExceptions() throws Exception {
        BrowserDownloader d = downloader(1);
        int closedPort;
        try (var s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        IOException e =
                assertThrows(IOException.class, () -> d.download(browser("http://127.0.0.1:" + closedPort + "/x")));
        assertTrue(e.getMessage().contains("ERR_CONNECTION_REFUSED"), e.getMessage());
    }

    @Test
    void crashedPageIsReplaced() throws Exception {
        BrowserDownloader d = downloader(1);
        assertEquals(10, d.download(browser(site.url("/js/"))).css("div.quote").size());
        List<ProcessHandle> renderers = ChromiumProcesses.renderersOf(d.browserPid());
        assertFalse(renderers.isEmpty(), "a renderer process is running");
        renderers.forEach(ProcessHandle::destroyForcibly);
        ChromiumProcesses.awaitGone(renderers, 5_000);

        Response after = renderUntilSuccess(d, site.url("/js/"), 3);
        assertEquals(10, after.css("div.quote").size());
    }

    @Test
    void crashedBrowserIsRestartedOnceThenRequestsFailWithTheCause() throws Exception {
        Set<Path> profilesBefore = chromiumProfilesInTmp();
        BrowserDownloader d = downloader(1);
        d.download(browser(site.url("/js/")));
        long first = d.browserPid();
        ProcessHandle.of(first).orElseThrow().destroyForcibly();

        Response after = renderUntilSuccess(d, site.url("/js/"), 3);
        assertEquals(10, after.css("div.quote").size());
        long second = d.browserPid();
        assertNotEquals(first, second, "a new browser was started");

        ProcessHandle.of(second).orElseThrow().destroyForcibly();
        IOException last = null;
        for (int i = 0; i < 3; i++) {
            last = assertThrows(IOException.class, () -> d.download(browser(site.url("/js/"))));
        }
        assertTrue(last.getMessage().contains("crashed again"), last.getMessage());
        assertEquals(-1, d.browserPid(), "no third browser");
        Set<Path> left = chromiumProfilesInTmp();
        left.removeAll(profilesBefore);
        assertEquals(Set.of(), left, "the crashed browsers' profiles are not left in the temp directory");
    }

    /** The profile directories Playwright's server creates for Chromium, as found in the system temp directory. */
    private static Set<Path> chromiumProfilesInTmp() throws IOException {
        try (var files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return files.filter(f -> f.getFileName().toString().startsWith("playwright_chromiumdev_profile-"))
                    .collect(Collectors.toCollection(HashSet::new));
        }
    }

    @Test
    void closeLeavesNoChromiumOrDriverProcess() throws Exception {
        BrowserDownloader d = downloader(2);
        try (ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Response>> fs = new ArrayList<>();
            for (int i = 0; i < 6; i++) fs.add(ex.submit(() -> d.download(browser(site.url("/js/")))));
            for (Future<Response> f : fs)
                assertEquals(10, f.get().css("div.quote").size());
        }
        List<ProcessHandle> chromium = ProcessHandle.of(d.browserPid()).stream()
                .flatMap(p -> Stream.concat(Stream.of(p), p.descendants()))
                .toList();
        List<ProcessHandle> drivers = ChromiumProcesses.driversUnderThisJvm();
        assertTrue(chromium.size() > 1, "browser and its helpers: " + chromium);
        assertEquals(
                3, drivers.size(), "one Playwright driver per pool slot in use, and the browser server: " + drivers);

        d.close();
        assertEquals(List.of(), ChromiumProcesses.awaitGone(chromium, 5_000));
        assertEquals(List.of(), ChromiumProcesses.awaitGone(drivers, 5_000));
        assertEquals(List.of(), ChromiumProcesses.underThisJvm());
        IOException e = assertThrows(IOException.class, () -> d.download(browser(site.url("/js/"))));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
    }

    @Test
    void nothingStartsBeforeTheFirstBrowserRequestAndOnePageServesOneAtATime() throws Exception {
        BrowserDownloader d = downloader(4);
        assertFalse(d.isStarted());
        assertEquals(List.of(), ChromiumProcesses.underThisJvm());
        for (int i = 0; i < 5; i++) d.download(browser(site.url("/js/")));
        assertTrue(d.isStarted());
        assertFalse(ChromiumProcesses.underThisJvm().isEmpty());
        assertEquals(
                2,
                ChromiumProcesses.driversUnderThisJvm().size(),
                "sequential renders use one pool slot (one driver plus the browser server)");
    }

    private static Response renderUntilSuccess(BrowserDownloader d, String url, int attempts) throws Exception {
        IOException last = null;
        for (int i = 0; i < attempts; i++) {
            try {
                return d.download(browser(url));
            } catch (IOException e) {
                last = e;
            }
        }
        throw new AssertionError("no success in " + attempts + " attempts", last);
    }
}
