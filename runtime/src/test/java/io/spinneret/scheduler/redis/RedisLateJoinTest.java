package io.spinneret.scheduler.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.spi.CrawlFinishedException;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The late-join race from the field: a node started while the others sit in their idle wait (queue
 * empty, crawl not over) used to clear the "finished" crawl and crawl the site again. It joins now,
 * and a node started after the crawl ended exits without crawling.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class RedisLateJoinTest {
    @TempDir
    Path dir;

    private final String crawlId = "late-" + UUID.randomUUID().toString().substring(0, 8);

    @AfterEach
    void cleanUp() {
        RedisTestServer.deleteNamespace(crawlId);
    }

    private Crawler node(TestSite site, String name, String idle) {
        return Crawler.builder(new BooksFixture(site.root()))
                .settings(TestSettings.fast(
                        dir.resolve(name + ".jsonl"),
                        "scheduler=redis",
                        "redis_url=" + RedisTestServer.url(),
                        "crawl_id=" + crawlId,
                        "concurrency=4",
                        "idle_timeout=" + idle))
                .items(List.of(BookSchema.INSTANCE))
                .progress(null)
                .build();
    }

    @Test
    void aNodeAloneInTheCrawlEndsOnceItIsDrainedWithoutAnIdleWait() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            CrawlResult r = run(node(site, "alone", "3600")); // an idle wait would outlast the class's timeout
            assertEquals(CrawlResult.Outcome.FINISHED, r.outcome());
            assertEquals(site.books(), r.items());
            assertThrows(
                    CrawlFinishedException.class, () -> node(site, "after", "1").run(), "and it finished it");
        }
    }

    @Test
    void aNodeStartedDuringTheIdleWaitJoinsAndNothingIsDownloadedTwice() throws Exception {
        // a node that stays in the crawl without crawling: the first is not alone, so it waits when idle
        RedisScheduler watcher = RedisScheduler.open(RedisTestServer.url(), crawlId, Duration.ofSeconds(15), false);
        try {
            joinDuringTheIdleWait();
        } finally {
            watcher.close();
        }
    }

    private void joinDuringTheIdleWait() throws Exception {
        try (TestSite site = TestSite.books(2)) {
            int pages = 2 + site.books(); // "/", "/page/2" and the books
            CompletableFuture<CrawlResult> first = new CompletableFuture<>();
            Crawler firstNode = node(site, "first", "4");
            Thread.ofPlatform().start(() -> first.complete(run(firstNode)));
            for (int i = 0; i < 600 && site.totalHits.get() < pages; i++) Thread.sleep(50); // bounded: 30 s
            assertEquals(pages, site.totalHits.get(), "the first node crawled the site");
            CrawlResult late = run(node(site, "late", "1")); // first is now in its 4 s idle wait
            CrawlResult done = first.get(60, TimeUnit.SECONDS);
            assertEquals(CrawlResult.Outcome.FINISHED, done.outcome());
            assertEquals(CrawlResult.Outcome.FINISHED, late.outcome());
            assertEquals(
                    pages,
                    site.totalHits.get(),
                    "0 duplicate downloads: the late node joined instead of starting over");
            assertEquals(0, late.items());
            // after the end, a node says the crawl finished and crawls nothing
            assertThrows(
                    CrawlFinishedException.class, () -> node(site, "after", "1").run());
            assertEquals(pages, site.totalHits.get());
        }
    }

    private static CrawlResult run(Crawler c) {
        try {
            return c.run();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
