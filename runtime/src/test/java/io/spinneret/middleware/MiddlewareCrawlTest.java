package io.spinneret.middleware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Request;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.middleware.TestSite.Reply;
import io.spinneret.scheduler.memory.MemoryScheduler;
import io.spinneret.settings.Settings;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built-in chain inside real crawls: {@link Crawler}'s engine, the {@code MemoryScheduler} with
 * its duplicate filter, and the {@code HttpDownloader}, against loopback servers.
 */
class MiddlewareCrawlTest {
    @TempDir
    Path dir;

    private final TestSite site = new TestSite("127.0.0.1");

    MiddlewareCrawlTest() throws Exception {}

    @AfterEach
    void close() {
        site.close();
    }

    private static String links(String... hrefs) {
        StringBuilder b = new StringBuilder("<html><body>");
        for (String h : hrefs)
            b.append("<a href=\"").append(h).append("\">").append(h).append("</a>");
        return b.append("</body></html>").toString();
    }

    private CrawlResult crawl(LinksSpider spider, String... settings) throws Exception {
        Settings s = TestSettings.of(settings)
                .with("output", dir.resolve("out.jsonl").toString(), "test")
                .with("progress_interval", "0", "test");
        return Crawler.builder(spider).settings(s).progress(null).build().run();
    }

    @Test
    void aFlakyPageIsRetriedPastTheSchedulersDuplicateFilter() throws Exception {
        site.page("/", links("/flaky", "/ok"));
        site.route("/flaky", (hit, n) -> n < 2 ? Reply.status(503) : Reply.ok(links("/")));
        site.page("/ok", "ok");

        CrawlResult r = crawl(new LinksSpider(site.url("/")));

        assertEquals(3, site.count("/flaky"), "two failures, then the page");
        assertEquals(1, site.count("/"), "the link back to / was a duplicate: dedup is on");
        assertEquals(0, r.failures(), r.stats().toString());
        assertEquals(2, r.get(RetryMiddleware.STAT_COUNT));
        assertEquals(2, r.get("dropped/retry"));
    }

    @Test
    void theMemorySchedulerWouldDropARetryWithoutDontFilter() {
        try (MemoryScheduler scheduler = new MemoryScheduler()) {
            Request original = Request.of(site.url("/flaky"));
            assertTrue(scheduler.push(original));
            assertFalse(scheduler.push(original.toBuilder().retryCount(1).build()), "a plain copy is a duplicate");
            assertTrue(scheduler.push(original.nextAttempt()), "the retry middleware's next attempt gets through");
        }
    }

    @Test
    void aPageThatKeepsFailingIsOneFailureWithTheReason() throws Exception {
        site.page("/", links("/down"));
        site.route("/down", (hit, n) -> Reply.status(502));

        CrawlResult r = crawl(new LinksSpider(site.url("/")), "retry_times=2");

        assertEquals(3, site.count("/down"));
        assertEquals(1, r.failures());
        assertEquals(1, r.get("failures/download"));
        assertEquals(1, r.get(RetryMiddleware.STAT_MAX_REACHED));
    }

    @Test
    void robotsTxtIsObeyedAndFetchedOnce() throws Exception {
        site.route(
                "/robots.txt",
                (hit, n) -> Reply.ok("User-agent: *\nDisallow: /private\n").delayed(100));
        site.page("/", links("/public/1", "/public/2", "/private/1", "/private/2", "/public/3"));
        for (String p : List.of("/public/1", "/public/2", "/public/3", "/private/1", "/private/2")) site.page(p, "x");

        CrawlResult r = crawl(new LinksSpider(site.url("/")), "respect_robots=true", "concurrency=8");

        assertEquals(1, site.count("/robots.txt"));
        assertEquals(
                0, site.count("/private/1") + site.count("/private/2"), "disallowed URLs never reached the server");
        assertEquals(
                3,
                site.log.stream().filter(h -> h.path().startsWith("/public/")).count());
        assertEquals(2, r.get("dropped/robots"));
        assertEquals(4, r.requests(), "robots.txt is counted as robots/fetched, not as one of the crawl's requests");
        assertEquals(1, r.get(RobotsMiddleware.STAT_FETCHED));
        assertEquals(
                "Spinneret/0.1 (+https://github.com/spinneret-crawler/spinneret)",
                site.hits("/robots.txt").get(0).header("User-Agent"));
    }

    @Test
    void twoDomainsAreThrottledEachOnItsOwn() throws Exception {
        try (TestSite other = new TestSite("127.0.0.2")) {
            for (TestSite s : List.of(site, other)) {
                s.page("/", links("/1", "/2", "/3"));
                for (int i = 1; i <= 3; i++) s.page("/" + i, "page");
            }

            CrawlResult r = crawl(new LinksSpider(site.url("/"), other.url("/")), "download_delay=0.2");

            assertEquals(0, r.failures());
            for (TestSite s : List.of(site, other)) {
                List<Long> times =
                        s.log.stream().map(TestSite.Hit::nanos).sorted().toList();
                assertEquals(4, times.size());
                for (int i = 1; i < times.size(); i++) {
                    long gapMs = (times.get(i) - times.get(i - 1)) / 1_000_000;
                    assertTrue(gapMs >= 200, s.url("") + " requests " + gapMs + " ms apart");
                }
            }
            long aFirst = site.log.get(0).nanos();
            long aLast = site.log.get(3).nanos();
            long otherDuring = other.log.stream()
                    .filter(h -> h.nanos() > aFirst && h.nanos() < aLast)
                    .count();
            assertTrue(otherDuring >= 2, "the second domain progressed while the first was crawled: " + otherDuring);
        }
    }

    @Test
    void aDeadProxyPlusAWorkingOneCompletesTheCrawl() throws Exception {
        site.page("/", links("/1", "/2", "/3", "/4"));
        for (int i = 1; i <= 4; i++) site.page("/" + i, "page");
        try (ForwardProxy good = new ForwardProxy()) {
            CrawlResult r = crawl(
                    new LinksSpider(site.url("/")),
                    "respect_robots=true",
                    "proxies=" + ForwardProxy.dead() + ", " + good.url());

            assertEquals(0, r.failures(), r.stats().toString());
            assertEquals(6, good.forwarded.get(), "robots.txt and five pages went through the working proxy");
            assertEquals(
                    5,
                    site.log.stream()
                            .filter(h -> !h.path().equals("/robots.txt"))
                            .count());
            assertEquals(1, r.get(ProxyMiddleware.STAT_COOLDOWN));
        }
    }

    @Test
    void aProviderMiddlewareNamedInTheSettingsRunsInTheCrawl() throws Exception {
        site.page("/", links("/1"));
        site.page("/1", "page");

        CrawlResult r = crawl(new LinksSpider(site.url("/")), "middlewares=timer@before:throttle");

        assertEquals(2, r.get("timer/requests"));
    }
}
