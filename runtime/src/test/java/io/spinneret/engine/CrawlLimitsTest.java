package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.scheduler.redis.RedisTestServer;
import io.spinneret.testing.Book;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each limit stops a crawl of the test site (63 pages: 3 listings of 20 books) gracefully, and the
 * result and its summary line name it. Bounds on counts come from the settings: with
 * {@code download_delay} between two requests to the one host, no machine sends more than
 * {@code seconds / delay + 1} requests in that many seconds.
 */
class CrawlLimitsTest {
    private static final int PAGES = 63;

    @TempDir
    Path dir;

    private CrawlResult crawl(TestSite site, String... settings) throws InterruptedException {
        return Crawler.builder(new BooksFixture(site.root()))
                .settings(TestSettings.fast(dir.resolve("out.jsonl"), settings))
                .items(List.of(BookSchema.INSTANCE))
                .progress(null)
                .build()
                .run();
    }

    private static void assertStoppedBy(String limit, CrawlResult r) {
        assertEquals(CrawlResult.Outcome.LIMIT, r.outcome(), r.summaryLine());
        assertEquals(limit, r.limit());
        assertTrue(r.summaryLine().endsWith("s | stopped by " + limit), r.summaryLine());
    }

    @Test
    void maxRequestsStopsAfterExactlyThatManyRequests() throws Exception {
        try (TestSite site = TestSite.books(3)) {
            CrawlResult r = crawl(site, "concurrency=4", "max_requests=10");
            assertStoppedBy("max_requests=10", r);
            assertEquals(10, r.requests(), r.stats().toString());
            assertEquals(10, site.totalHits.get());
            assertEquals(10, r.responses(), "the requests in flight at the limit finish normally");
            assertEquals(9, r.items(), "the listing page and nine books");
            assertEquals(0, r.exitCode());
        }
    }

    @Test
    void aCrawlStoppedByMaxItemsIsResumedIntoEveryItemOnce() throws Exception {
        try (TestSite site = TestSite.books(3).booksAnswerAfter(Duration.ofMillis(100))) {
            String[] job = {"concurrency=8", "scheduler=sqlite", "job_dir=" + dir.resolve("jobs")};
            CrawlResult first = crawl(site, job[0], job[1], job[2], "max_items=10");
            assertEquals(CrawlResult.Outcome.ITEM_LIMIT, first.outcome(), first.summaryLine());
            assertEquals(10, first.items());
            assertTrue(first.get("items/over_limit") > 0, "books were in flight at the limit: " + first.stats());

            CrawlResult resumed = Crawler.builder(new BooksFixture(site.root()))
                    .settings(TestSettings.fast(dir.resolve("out.jsonl"), job))
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .resume(true)
                    .build()
                    .run();
            assertEquals(50, resumed.items(), "the books dropped past the limit were put back: " + resumed.stats());
            List<String> lines = Files.readAllLines(dir.resolve("out.jsonl"));
            assertEquals(60, lines.size());
            assertEquals(60, lines.stream().distinct().count(), "every book once");
        }
    }

    @Test
    void aPageThatMaxItemsSplitIsResumedIntoItsDroppedItemsOnlyFromSqlite() throws Exception {
        aPageThatMaxItemsSplitIsResumedIntoItsDroppedItemsOnly("scheduler=sqlite", "job_dir=" + dir.resolve("jobs"));
    }

    @Test
    void aPageThatMaxItemsSplitIsResumedIntoItsDroppedItemsOnlyFromRedis() throws Exception {
        String crawlId = "split-" + UUID.randomUUID().toString().substring(0, 8);
        try {
            aPageThatMaxItemsSplitIsResumedIntoItsDroppedItemsOnly(
                    "scheduler=redis", "redis_url=" + RedisTestServer.url(), "crawl_id=" + crawlId);
        } finally {
            RedisTestServer.deleteNamespace(crawlId);
        }
    }

    /**
     * Listing pages of 20 books each, a book an item: {@code max_items=25} leaves room for 5 of the
     * second page's 20. The resumed crawl stores the other 15 and the third page's 20, into one
     * JSONL file that then holds each of the 60 books once.
     */
    private void aPageThatMaxItemsSplitIsResumedIntoItsDroppedItemsOnly(String... job) throws Exception {
        try (TestSite site = TestSite.books(3)) {
            CrawlResult first = crawlListings(site, true, false, job);
            assertEquals(CrawlResult.Outcome.ITEM_LIMIT, first.outcome(), first.summaryLine());
            assertEquals(25, first.items());
            assertTrue(first.get("items/over_limit") >= 15, "the second page's last 15: " + first.stats());

            CrawlResult resumed = crawlListings(site, false, true, job);
            assertEquals(CrawlResult.Outcome.FINISHED, resumed.outcome(), resumed.summaryLine());
            List<String> lines = Files.readAllLines(dir.resolve("out.jsonl"));
            assertEquals(60, lines.size(), resumed.stats().toString());
            assertEquals(60, lines.stream().distinct().count(), "every book once");
            assertEquals(35, resumed.items(), resumed.stats().toString());
            assertEquals(5, resumed.get("items/already_stored"), "the second page's first 5: " + resumed.stats());
        }
    }

    /** A crawl of the listing pages alone, one at a time, whose callback emits a book for each book listed. */
    private CrawlResult crawlListings(TestSite site, boolean limited, boolean resume, String... job)
            throws InterruptedException {
        List<String> settings = new ArrayList<>(List.of(job));
        settings.add("concurrency=1");
        if (limited) settings.add("max_items=25");
        return Crawler.builder(new InlineSpider(site.root(), (page, crawl) -> {
                    for (var a : page.css("article.product_pod h3 a"))
                        crawl.emit(new Book(a.attr("href"), a.text(), 1, page.url()));
                    page.cssFirst("li.next a").ifPresent(a -> crawl.follow(a.attr("href")));
                }))
                .settings(TestSettings.fast(dir.resolve("out.jsonl"), settings.toArray(String[]::new)))
                .items(List.of(BookSchema.INSTANCE))
                .progress(null)
                .resume(resume)
                .build()
                .run();
    }

    @Test
    void maxFailuresStopsOnceThatManyRequestsFailed() throws Exception {
        try (TestSite site = TestSite.books(3)) {
            for (int i = 0; i < 60; i += 2) site.route("/book/" + i, ex -> ex.close()); // hang up: a download failure
            CrawlResult r = crawl(site, "concurrency=1", "max_failures=3");
            assertStoppedBy("max_failures=3", r);
            assertEquals(3, r.failures(), "one request at a time: none starts after the third failure");
            assertEquals(6, r.requests(), "the listing, then books 0 (failed), 1, 2 (failed), 3, 4 (failed)");
            assertEquals(1, r.exitCode(), "a crawl with failures exits 1");
        }
    }

    @Test
    void maxDurationStopsTheCrawlAfterThatManySeconds() throws Exception {
        try (TestSite site = TestSite.books(3)) {
            double delay = 0.2, limit = 1;
            CrawlResult r = crawl(site, "concurrency=2", "download_delay=" + delay, "max_duration=" + (int) limit);
            assertStoppedBy("max_duration=1", r);
            assertTrue(
                    r.elapsed().compareTo(Duration.ofSeconds(1)) >= 0,
                    r.elapsed().toString());
            long bound = (long) (limit / delay) + 2; // the delay spaces requests; the poller looks every 50 ms
            assertTrue(
                    r.requests() <= bound && r.requests() < PAGES,
                    r.requests() + " requests, at most " + bound + " expected");
            assertEquals(0, r.exitCode());
        }
    }

    @Test
    void noItemTimeoutStopsACrawlThatStoppedFindingItems() throws Exception {
        try (TestSite site = TestSite.books(3)) {
            for (int i = 5; i < 60; i++) site.route("/book/" + i, ex -> TestSite.send(ex, 404, "gone"));
            double delay = 0.1,
                    timeout = 2; // long beside the delay: a busy machine must not pause that long between two books
            CrawlResult r = crawl(site, "concurrency=1", "download_delay=" + delay, "no_item_timeout=" + timeout);
            assertStoppedBy("no_item_timeout=2.0", r);
            assertEquals(5, r.items());
            // the listing and five books with items, then as many 404s as fit into the timeout
            long bound = 6 + (long) (timeout / delay) + 2;
            assertTrue(
                    r.requests() > 6 && r.requests() <= bound,
                    r.requests() + " requests, at most " + bound + " expected");
            assertTrue(
                    r.elapsed().toMillis() >= (long) (timeout * 1000),
                    r.elapsed().toString());
        }
    }

    @Test
    void aCrawlWithinItsLimitsFinishesAndNamesNone() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            CrawlResult r =
                    crawl(site, "max_requests=100", "max_failures=1", "max_duration=600", "no_item_timeout=600");
            assertEquals(CrawlResult.Outcome.FINISHED, r.outcome());
            assertEquals(21, r.requests());
            assertNull(r.limit());
            assertTrue(r.summaryLine().endsWith("s"), r.summaryLine());
        }
    }

    @Test
    void maxItemsIsNamedInTheSummaryToo() throws Exception {
        try (TestSite site = TestSite.books(3)) {
            CrawlResult r = crawl(site, "concurrency=1", "max_items=4");
            assertEquals(CrawlResult.Outcome.ITEM_LIMIT, r.outcome());
            assertEquals("max_items=4", r.limit());
            assertTrue(r.summaryLine().endsWith(" | stopped by max_items=4"), r.summaryLine());
        }
    }
}
