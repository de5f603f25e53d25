package io.spinneret.middleware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Request;
import io.spinneret.middleware.TestSite.Reply;
import io.spinneret.settings.Settings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RobotsMiddlewareTest {
    private final TestSite site = new TestSite();
    private final TestDownloader downloader = new TestDownloader();

    RobotsMiddlewareTest() throws Exception {}

    @AfterEach
    void close() {
        site.close();
        downloader.close();
    }

    private TestSite robots(String body) {
        return site.route("/robots.txt", (hit, n) -> new Reply(200, Map.of("Content-Type", "text/plain"), body, 0));
    }

    private TestCrawl crawl(String... paths) throws Exception {
        return crawlWith(TestSettings.of("respect_robots=true"), paths);
    }

    private TestCrawl crawlWith(Settings settings, String... paths) throws Exception {
        TestCrawl crawl = new TestCrawl(settings);
        List<Request> seeds = new ArrayList<>();
        for (String p : paths) seeds.add(Request.of(site.url(p)));
        return crawl.run(MiddlewareStack.build(settings), downloader, seeds.toArray(Request[]::new));
    }

    @Test
    void aDisallowedUrlIsNeverRequested() throws Exception {
        robots("User-agent: *\nDisallow: /private\n");
        site.page("/public", "ok").page("/private/secret", "secret");

        TestCrawl crawl = crawl("/public", "/private/secret");

        assertEquals(0, site.count("/private/secret"), "the server never saw the disallowed URL");
        assertEquals(1, site.count("/public"));
        assertEquals(1, crawl.stats.get("dropped/robots"));
        assertEquals(RobotsMiddleware.DROP_REASON, crawl.drops.get(0).reason());
        assertTrue(crawl.drops.get(0).getMessage().contains(site.url("/private/secret")));
        assertEquals(List.of(), crawl.failures);
    }

    @Test
    void robotsTxtIsFetchedOnceUnderConcurrentFirstRequests() throws Exception {
        site.route(
                "/robots.txt",
                (hit, n) -> Reply.ok("User-agent: *\nDisallow: /no\n").delayed(300));
        String[] paths = new String[20];
        for (int i = 0; i < paths.length; i++) {
            paths[i] = "/p" + i;
            site.page(paths[i], "page " + i);
        }

        TestCrawl crawl = crawl(paths);

        assertEquals(1, site.count("/robots.txt"));
        assertEquals(20, crawl.responses.size());
        assertEquals(1, crawl.stats.get(RobotsMiddleware.STAT_FETCHED));
        // and it stays cached for the run
        crawl.run(MiddlewareStack.build(crawl.settings), downloader, Request.of(site.url("/later")));
        assertEquals(2, site.count("/robots.txt"), "a new stack is a new run");
    }

    @Test
    void robotsTxtIsCachedForTheRun() throws Exception {
        robots("User-agent: *\nDisallow: /no\n");
        site.page("/a", "a").page("/b", "b");
        TestCrawl crawl = new TestCrawl(TestSettings.of("respect_robots=true"));
        List<Middleware> chain = MiddlewareStack.build(crawl.settings);

        crawl.run(chain, downloader, Request.of(site.url("/a")));
        crawl.run(chain, downloader, Request.of(site.url("/b")));

        assertEquals(1, site.count("/robots.txt"));
        assertEquals(2, crawl.responses.size());
    }

    @Test
    void aMissingRobotsTxtAllowsEverything() throws Exception {
        site.page("/anything", "ok"); // robots.txt answers 404

        TestCrawl crawl = crawl("/anything");

        assertEquals(1, site.count("/robots.txt"));
        assertEquals(1, crawl.responses.size());
    }

    @Test
    void aForbiddenRobotsTxtAllowsEverythingToo() throws Exception {
        site.route("/robots.txt", (h, n) -> Reply.status(403));
        site.page("/anything", "ok");

        TestCrawl crawl = crawl("/anything");

        assertEquals(1, crawl.responses.size(), "RFC 9309: 4xx means robots.txt is unavailable, allow all");
    }

    @Test
    void aFailingRobotsTxtDisallowsTheHostUntilItsTtlRunsOut() throws Exception {
        site.route("/robots.txt", (h, n) -> n < 2 ? Reply.status(503) : Reply.ok("User-agent: *\nAllow: /\n"));
        site.page("/page", "ok");
        var settings = TestSettings.of("respect_robots=true", "retry_times=1", "robots_error_ttl=0.3");
        TestCrawl crawl = new TestCrawl(settings);
        List<Middleware> chain = MiddlewareStack.build(settings);

        crawl.run(chain, downloader, Request.of(site.url("/page")));
        assertEquals(2, site.count("/robots.txt"), "tried again once (retry_times=1), then gave up");
        assertEquals(0, site.count("/page"), "5xx: everything disallowed");
        assertEquals(1, crawl.stats.get(RobotsMiddleware.STAT_UNAVAILABLE));
        assertEquals(List.of(), crawl.drops, "not a deliberate drop: the host could not be crawled");
        assertEquals(1, crawl.failures.size());
        assertTrue(
                crawl.failures.get(0) instanceof RobotsUnavailableException,
                crawl.failures.get(0).toString());
        assertEquals(
                "not sent: " + site.url("") + "/robots.txt is unavailable (HTTP 503), so RFC 9309 disallows the host"
                        + " for 0.3 s (robots_error_ttl)",
                crawl.failures.get(0).getMessage());

        crawl.run(
                chain,
                downloader,
                Request.builder(site.url("/page")).dontFilter(true).build());
        assertEquals(0, site.count("/page"), "still within robots_error_ttl: not even robots.txt is asked again");
        assertEquals(2, site.count("/robots.txt"));

        Thread.sleep(400);
        crawl.run(
                chain,
                downloader,
                Request.builder(site.url("/page")).dontFilter(true).build());
        assertEquals(3, site.count("/robots.txt"), "after the TTL robots.txt is fetched again");
        assertEquals(1, site.count("/page"));
    }

    @Test
    void anUnreachableRobotsTxtDisallowsTheHost() throws Exception {
        site.route("/robots.txt", (h, n) -> Reply.ok("").delayed(1000));
        site.page("/page", "ok");
        var settings = TestSettings.of("respect_robots=true", "retry_times=0");
        TestCrawl crawl = new TestCrawl(settings);

        try (TestDownloader impatient = new TestDownloader(Duration.ofMillis(200))) {
            crawl.run(MiddlewareStack.build(settings), impatient, Request.of(site.url("/page")));
        }

        assertEquals(0, site.count("/page"));
        assertEquals(0, crawl.stats.get("dropped/robots"));
        assertEquals(1, crawl.failures.size(), "a failure of the crawl, not a silent drop");
        assertTrue(
                crawl.failures.get(0).getMessage().contains("HttpTimeoutException"),
                crawl.failures.get(0).getMessage());
    }

    @Test
    void followsRfc9309MatchingForOurProductToken() throws Exception {
        robots("""
                User-agent: *
                Disallow: /

                User-agent: Spinneret
                Disallow: /shop
                Allow: /shop/public
                Disallow: /*.pdf$
                Allow: /tie
                Disallow: /tie
                Disallow: /search?
                """);
        Map<String, Boolean> expected = new TreeMap<>(Map.of(
                "/", true,
                "/shop", false,
                "/shop/cart", false,
                "/shop/public/item", true, // longest match wins
                "/doc.pdf", false,
                "/doc.pdf?download=1", true, // $ anchors the end
                "/tie", true, // Allow wins a tie
                "/search?q=x", false,
                "/searching", true));
        expected.keySet().forEach(p -> site.page(p.replaceAll("\\?.*", ""), "ok"));

        TestCrawl crawl = crawl(expected.keySet().toArray(String[]::new));

        Map<String, Boolean> actual = new TreeMap<>();
        for (String p : expected.keySet()) actual.put(p, site.count(p) == 1);
        assertEquals(expected, actual);
        assertEquals(
                "Spinneret/0.1 (+https://github.com/spinneret-crawler/spinneret)",
                site.hits("/robots.txt").get(0).header("User-Agent"),
                "robots.txt is fetched with the crawl's user agent");
    }

    @Test
    void crawlDelayRaisesTheDelayOfItsHost() throws Exception {
        robots("User-agent: *\nCrawl-delay: 0.3\n");
        for (int i = 0; i < 3; i++) site.page("/" + i, "p" + i);

        crawl("/0", "/1", "/2");

        List<Long> times = site.log.stream()
                .filter(h -> !h.path().equals("/robots.txt"))
                .map(TestSite.Hit::nanos)
                .sorted()
                .toList();
        assertEquals(3, times.size());
        for (int i = 1; i < times.size(); i++) {
            long gapMs = (times.get(i) - times.get(i - 1)) / 1_000_000;
            assertTrue(gapMs >= 300, "Crawl-delay 0.3 but only " + gapMs + " ms apart");
        }
    }

    @Test
    void redirectsOfRobotsTxtAreFollowed() throws Exception {
        site.route("/robots.txt", (h, n) -> Reply.status(301).header("Location", "/rules.txt"));
        site.route("/rules.txt", (h, n) -> Reply.ok("User-agent: *\nDisallow: /no\n"));
        site.page("/yes", "ok").page("/no", "no");

        crawl("/yes", "/no");

        assertEquals(1, site.count("/rules.txt"));
        assertEquals(1, site.count("/yes"));
        assertEquals(0, site.count("/no"));
    }

    @Test
    void robotsCanBeSwitchedOff() throws Exception {
        robots("User-agent: *\nDisallow: /\n");
        site.page("/page", "ok");

        TestCrawl crawl = crawlWith(TestSettings.of("respect_robots=false"), "/page");

        assertEquals(0, site.count("/robots.txt"));
        assertEquals(1, crawl.responses.size());
    }

    @Test
    void originsAreSchemeHostAndPort() {
        assertEquals("http://example.com", RobotsMiddleware.origin("http://Example.com/a?b"));
        assertEquals("http://example.com", RobotsMiddleware.origin("http://example.com:80/"));
        assertEquals("https://example.com:8443", RobotsMiddleware.origin("https://user@example.com:8443"));
        assertEquals(null, RobotsMiddleware.origin("ftp://example.com/"));
        assertTrue(RobotsMiddleware.isRobotsTxt("http://h:1/robots.txt?x"));
        assertTrue(!RobotsMiddleware.isRobotsTxt("http://h/robots.txt2"));
    }
}
