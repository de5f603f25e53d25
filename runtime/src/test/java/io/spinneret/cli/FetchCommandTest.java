package io.spinneret.cli;

import static io.spinneret.cli.MainTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.spinneret.testing.TestSite;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code spinneret fetch} over real TCP: the crawl's chain (robots.txt, user agent, redirects, cache), and its failures. */
class FetchCommandTest {
    static TestSite site;
    static final AtomicReference<String> userAgent = new AtomicReference<>();

    @TempDir
    Path dir;

    @BeforeAll
    static void startSite() throws Exception {
        site = TestSite.books(2);
        site.route("/robots.txt", ex -> TestSite.send(ex, 200, "User-agent: *\nDisallow: /private\n"));
        site.route("/moved", ex -> {
            ex.getResponseHeaders().set("Location", "/book/3");
            ex.sendResponseHeaders(301, -1);
            ex.close();
        });
        site.route(
                "/scripted",
                ex -> TestSite.send(
                        ex,
                        200,
                        "<html><body><div id=\"out\"></div><script>document.getElementById('out').textContent = 'made by ' + 'script';</script></body></html>"));
        site.route(
                "/product",
                ex -> TestSite.send(
                        ex,
                        200,
                        "<html><head><meta property=\"og:title\" content=\"Mug\">"
                                + "<script type=\"application/ld+json\">{\"@type\": \"Product\", \"name\": \"Mug\"}</script></head>"
                                + "<body><div itemscope itemtype=\"https://schema.org/Offer\"><data itemprop=\"price\" value=\"3\">three</data>"
                                + "</div></body></html>"));
        site.route("/ua", ex -> {
            userAgent.set(ex.getRequestHeaders().getFirst("User-Agent"));
            TestSite.send(ex, 200, "<p>ok</p>");
        });
    }

    @AfterAll
    static void stopSite() {
        site.close();
    }

    @Test
    void printsTheBodyOfAPage() {
        MainTest.Run r = run("fetch", site.url("/book/4"), "-s", "download_delay=0");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("<h1>Book 4</h1>"), r.out());
    }

    @Test
    void headersAndStatusShowTheRedirectFollowedAsACrawlFollowsIt() {
        MainTest.Run r = run("fetch", site.url("/moved"), "--status", "--headers", "-s", "download_delay=0");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("HTTP 200 " + site.url("/book/3")), r.out());
        assertTrue(r.out().contains("redirected from " + site.url("/moved")), r.out());
        assertTrue(
                r.out().lines().anyMatch(l -> l.equalsIgnoreCase("content-type: text/html; charset=utf-8")), r.out());
        assertFalse(r.out().contains("<h1>"), "no body with --headers/--status: " + r.out());
    }

    @Test
    void robotsTxtIsObeyedAndTheReasonIsTheOneACrawlLogs() {
        int before = site.hits("/private/page");
        MainTest.Run r = run("fetch", site.url("/private/page"), "-s", "download_delay=0");
        assertEquals(1, r.code(), r.out());
        assertTrue(
                r.err().contains("error: GET " + site.url("/private/page") + " failed:")
                        && r.err().contains("robots"),
                r.err());
        assertEquals(before, site.hits("/private/page"), "a page robots.txt disallows is not fetched");
        MainTest.Run off =
                run("fetch", site.url("/private/page"), "-s", "download_delay=0", "-s", "respect_robots=false");
        assertEquals(1, off.code(), "the page is a 404: " + off.err());
        assertTrue(off.err().contains("answered HTTP 404"), off.err());
    }

    @Test
    void structuredDataIsPrintedAsOneJsonDocument() throws IOException {
        MainTest.Run r = run("fetch", site.url("/product"), "--structured-data", "-s", "download_delay=0");
        assertEquals(0, r.code(), r.err());
        var json = new ObjectMapper().readTree(r.out());
        assertEquals("Product", json.get("json_ld").get(0).get("@type").asText(), r.out());
        assertEquals("Mug", json.get("json_ld").get(0).get("name").asText());
        assertEquals("3", json.get("microdata").get(0).get("price").asText());
        assertEquals("Mug", json.get("meta").get("og:title").asText());
        assertFalse(r.out().contains("<html"), "no body with --structured-data: " + r.out());
    }

    @Test
    void theUserAgentSettingReachesTheServer() {
        MainTest.Run r = run("fetch", site.url("/ua"), "-s", "download_delay=0", "-s", "user_agents=devloop-test/1");
        assertEquals(0, r.code(), r.err());
        assertEquals("devloop-test/1", userAgent.get());
    }

    @Test
    void saveWritesTheBodyAndTheHttpCacheReplaysIt() throws Exception {
        Path file = dir.resolve("pages/book2.html");
        String cache = "http_cache_dir=" + dir.resolve("cache");
        MainTest.Run r = run(
                "fetch",
                site.url("/book/2"),
                "--save",
                file.toString(),
                "-s",
                "download_delay=0",
                "-s",
                "http_cache=true",
                "-s",
                cache);
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.readString(file, StandardCharsets.UTF_8).contains("<h1>Book 2</h1>"));
        assertEquals("", r.out(), "--save prints no body");
        int hits = site.hits("/book/2");
        MainTest.Run again = run(
                "fetch",
                site.url("/book/2"),
                "--status",
                "-s",
                "download_delay=0",
                "-s",
                "http_cache=true",
                "-s",
                cache);
        assertEquals(0, again.code(), again.err());
        assertEquals(hits, site.hits("/book/2"), "the second fetch comes from the cache");
        assertTrue(again.out().contains("http_cache/hit=1"), again.out());
    }

    @Test
    void aRefusedConnectionFailsWithTheCrawlsReasonAfterItsRetries() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        MainTest.Run r = run(
                "fetch",
                "http://127.0.0.1:" + port + "/",
                "-s",
                "retry_times=1",
                "-s",
                "retry_backoff=0",
                "-s",
                "respect_robots=false");
        assertEquals(1, r.code(), r.out());
        assertTrue(
                r.err().contains("error: GET http://127.0.0.1:" + port + "/ failed: ")
                        && r.err().contains("after 1 retry"),
                r.err());
    }

    @Test
    void browserRendersThePageBeforePrintingIt() {
        String chromium = System.getenv("SPINNERET_TEST_CHROMIUM");
        assumeTrue(chromium != null && !chromium.isBlank(), "SPINNERET_TEST_CHROMIUM is not set");
        MainTest.Run plain = run("fetch", site.url("/scripted"), "-s", "download_delay=0");
        assertEquals(0, plain.code(), plain.err());
        assertFalse(
                plain.out().contains("<div id=\"out\">made by script</div>"),
                "the HTTP client runs no script: " + plain.out());
        MainTest.Run rendered = run(
                "fetch",
                site.url("/scripted"),
                "--browser",
                "--status",
                "-s",
                "download_delay=0",
                "-s",
                "browser_path=" + chromium);
        assertEquals(0, rendered.code(), rendered.err());
        assertTrue(rendered.out().contains("renderer browser"), rendered.out());
        MainTest.Run body = run(
                "fetch",
                site.url("/scripted"),
                "--browser",
                "-s",
                "download_delay=0",
                "-s",
                "browser_path=" + chromium);
        assertTrue(body.out().contains("<div id=\"out\">made by script</div>"), body.out());
    }

    @Test
    void anUnknownSpiderListsTheSpidersFound() {
        MainTest.Run r = run("fetch", site.url("/"), "--spider", "nosuch");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("no spider named 'nosuch'; available: testbooks"), r.err());
    }

    @Test
    void aUrlIsTakenAsABrowserTakesItOrRefusedWithTheReason() {
        MainTest.Run ok =
                run("fetch", site.url("/book/4").replace("127.0.0.1", "127.1"), "--status", "-s", "download_delay=0");
        assertEquals(0, ok.code(), ok.err());
        assertTrue(ok.out().startsWith("HTTP 200 " + site.url("/book/4")), "127.1 is 127.0.0.1: " + ok.out());

        String hostPort = site.url("/book/4").substring("http://".length());
        MainTest.Run noScheme = run("fetch", hostPort);
        assertEquals(2, noScheme.code(), noScheme.err());
        assertTrue(noScheme.err().contains("(did you mean http://" + hostPort + "?)"), noScheme.err());
        assertFalse(noScheme.err().contains("Exception"), noScheme.err());

        MainTest.Run port = run("fetch", "http://127.0.0.1:99999/");
        assertEquals(2, port.code(), port.err());
        assertTrue(
                port.err()
                        .contains("'http://127.0.0.1:99999/' is not an absolute http(s) URL: its port is above 65535"),
                port.err());
    }
}
