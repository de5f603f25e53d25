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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/**
 * The Redis of a crawl loses its data mid-crawl, but answers: flushed, or restarted without
 * persistence. The crawl must not take the empty server for a drained queue and say "finished"
 * with part of the site: the epoch stamped in every host bucket is gone, and the crawl fails with
 * that said. Starts a Redis server of its own (without persistence) on a port of
 * {@code SPINNERET_TEST_REDIS_PORTS}.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RedisDataLossTest {
    @TempDir
    Path dir;

    @Test
    void aFlushMidCrawlFailsTheCrawlInsteadOfFinishingIt() throws Exception {
        try (OwnRedisServer redis = OwnRedisServer.start(dir, "--appendonly", "no")) {
            CrawlResult r = crawlLosingDataAtPage3(dir, "redis://127.0.0.1:" + redis.port() + "/0", () -> {
                try (Jedis j = new Jedis("127.0.0.1", redis.port())) {
                    j.flushAll();
                }
            });
            assertLostAndFailed(r);
        }
    }

    @Test
    void aRestartWithoutPersistenceMidCrawlFailsTheCrawlInsteadOfFinishingIt() throws Exception {
        try (OwnRedisServer redis = OwnRedisServer.start(dir, "--appendonly", "no")) {
            CrawlResult r = crawlLosingDataAtPage3(dir, "redis://127.0.0.1:" + redis.port() + "/0", () -> {
                try {
                    redis.kill(true);
                    redis.start(); // empty: nothing was saved
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            assertLostAndFailed(r);
        }
    }

    /**
     * A crawl on {@code redisUrl} of a test site of 20 listing pages, which runs {@code loseData}
     * when page 3 is asked for: pages 1 and 2 and some books are done by then, the rest queued.
     * Also {@link RedisClusterDataLossTest}'s.
     */
    static CrawlResult crawlLosingDataAtPage3(Path dir, String redisUrl, Runnable loseData, String... settings)
            throws Exception {
        try (TestSite site = TestSite.books(20)) {
            site.route("/page/3", ex -> {
                loseData.run();
                TestSite.send(ex, 200, "<html><body>late</body></html>");
            });
            List<String> all = new ArrayList<>(List.of(
                    "scheduler=redis",
                    "redis_url=" + redisUrl,
                    "concurrency=4",
                    "idle_timeout=1",
                    "redis_retry_timeout=10"));
            all.addAll(List.of(settings));
            return Crawler.builder(new BooksFixture(site.root()))
                    .settings(TestSettings.fast(dir.resolve("out.jsonl"), all.toArray(String[]::new)))
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build()
                    .run();
        }
    }

    /** The crawl failed saying it lost data: it never finished on what was left. */
    static void assertLostAndFailed(CrawlResult r) {
        assertEquals(CrawlResult.Outcome.FAILED, r.outcome(), "never finished on what is left: " + r.stats());
        assertEquals(1, r.exitCode());
        assertNotNull(r.error());
        assertTrue(r.error().contains("lost data"), r.error());
    }
}
