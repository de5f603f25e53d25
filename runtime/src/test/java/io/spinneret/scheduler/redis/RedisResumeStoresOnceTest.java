package io.spinneret.scheduler.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Redis goes away for longer than the retry budget after items were stored but before their
 * leases were acknowledged: the crawl fails; once Redis is back, the resumed crawl does those
 * requests again but does not store their items a second time, in JSONL and CSV alike.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RedisResumeStoresOnceTest {
    @TempDir
    Path dir;

    private CrawlResult crawl(TestSite site, int port, boolean resume) throws Exception {
        return Crawler.builder(new BooksFixture(site.root()))
                .settings(TestSettings.fast(
                        dir.resolve("books.jsonl"),
                        "output=" + dir.resolve("books.jsonl") + "," + dir.resolve("books.csv"),
                        "scheduler=redis",
                        "redis_url=redis://127.0.0.1:" + port + "/0",
                        "crawl_id=resumed",
                        "concurrency=4",
                        "download_delay=0.01",
                        "visibility_timeout=2", // the failed node's leases come back soon
                        "idle_timeout=1",
                        "redis_retry_timeout=2"))
                .items(List.of(BookSchema.INSTANCE))
                .progress(null)
                .resume(resume)
                .build()
                .run();
    }

    @Test
    void itemsStoredButNotAcknowledgedWhenRedisFailedAreNotStoredAgainOnResume() throws Exception {
        try (OwnRedisServer redis = OwnRedisServer.start(dir, "--appendonly", "yes", "--appendfsync", "always");
                TestSite site = TestSite.books(4)) {
            AtomicBoolean killed = new AtomicBoolean();
            Thread killer = Thread.ofVirtual()
                    .start(
                            () -> { // once some books are stored
                                try {
                                    for (int i = 0; i < 3000 && site.hits("/book/30") == 0; i++)
                                        Thread.sleep(10); // bounded: 30 s
                                    redis.kill(true);
                                    killed.set(true);
                                } catch (InterruptedException e) {
                                    Thread.currentThread().interrupt();
                                }
                            });
            CrawlResult failed = crawl(site, redis.port(), false);
            killer.join(10_000);
            assertTrue(killed.get());
            assertEquals(CrawlResult.Outcome.FAILED, failed.outcome(), failed.summaryLine());
            assertTrue(Files.exists(dir.resolve("books.jsonl.stored-unacked")), "the unacknowledged were recorded");

            redis.start(); // its append-only file brings the crawl back, leases and all
            CrawlResult resumed = crawl(site, redis.port(), true);
            assertEquals(CrawlResult.Outcome.FINISHED, resumed.outcome(), resumed.summaryLine());
            assertTrue(
                    resumed.get(Crawler.STAT_STORED_EARLIER) > 0,
                    resumed.stats().toString());
            assertEquals(
                    0, resumed.get(Crawler.STAT_NOT_STORED), resumed.stats().toString());
            assertEquals(site.books(), failed.items() + resumed.items(), "the two crawls' items add up");

            assertOnce(Files.readAllLines(dir.resolve("books.jsonl")), site.books(), "JSONL");
            List<String> csv = Files.readAllLines(dir.resolve("books.csv"));
            String header = csv.get(0);
            assertOnce(csv.stream().filter(l -> !l.equals(header)).toList(), site.books(), "CSV");
        }
    }

    private static void assertOnce(List<String> rows, int books, String what) {
        Map<String, Integer> times = new HashMap<>();
        for (String row : rows) times.merge(row, 1, Integer::sum);
        times.forEach((row, n) -> assertEquals(1, n, what + " row stored once: " + row));
        assertEquals(books, times.size(), what + ": every book");
    }
}
