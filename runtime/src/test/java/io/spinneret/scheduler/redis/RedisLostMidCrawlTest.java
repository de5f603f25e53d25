package io.spinneret.scheduler.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Redis goes away for good under a crawl: the crawl fails with one clear error that says how long
 * the commands failed, and the requests downloaded meanwhile are not counted as failed requests.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class RedisLostMidCrawlTest {
    @TempDir
    Path dir;

    @Test
    void aRedisGoneForGoodFailsTheCrawlSayingForHowLongAndCountsNoRequestFailed() throws Exception {
        try (OwnRedisServer redis = OwnRedisServer.start(dir);
                TestSite site = TestSite.books(4)) {
            AtomicBoolean killed = new AtomicBoolean();
            Thread killer = Thread.ofVirtual()
                    .start(
                            () -> { // mid-crawl: once book 25 was asked for
                                try {
                                    for (int i = 0; i < 3000 && site.hits("/book/25") == 0; i++)
                                        Thread.sleep(10); // bounded: 30 s
                                    redis.kill(true);
                                    killed.set(true);
                                } catch (InterruptedException e) {
                                    Thread.currentThread().interrupt();
                                }
                            });
            CrawlResult r = Crawler.builder(new BooksFixture(site.root()))
                    .settings(TestSettings.fast(
                            dir.resolve("out.jsonl"),
                            "scheduler=redis",
                            "redis_url=redis://127.0.0.1:" + redis.port() + "/0",
                            "crawl_id=lost",
                            "concurrency=4",
                            "download_delay=0.02", // the shared throttle: a Redis command around each download
                            "idle_timeout=1",
                            "redis_retry_timeout=2"))
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build()
                    .run();
            killer.join(10_000);
            assertTrue(killed.get());
            assertEquals(CrawlResult.Outcome.FAILED, r.outcome(), r.summaryLine());
            String error = r.error();
            assertNotNull(error);
            Matcher m = Pattern.compile("failed for ([0-9.]+) (s|ms) \\(redis_retry_timeout\\)")
                    .matcher(error);
            assertTrue(m.find(), error);
            double seconds = Double.parseDouble(m.group(1)) / (m.group(2).equals("ms") ? 1000 : 1);
            assertTrue(seconds >= 2, "the true duration of the outage, at least the 2 s retried: " + error);
            assertEquals(0, r.failures(), "no request failed: the store failed " + r.stats());
        }
    }
}
