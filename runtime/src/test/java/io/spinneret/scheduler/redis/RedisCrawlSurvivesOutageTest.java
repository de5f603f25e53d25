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
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A crawl whose Redis goes away mid-crawl and comes back: restarted (append-only file on), or a
 * cluster master failing over to its replica. The crawl finishes with every book stored once and
 * every book page downloaded once.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RedisCrawlSurvivesOutageTest {
    @TempDir
    Path dir;

    /** Runs the outage once, when the crawl asks for listing page 3 (pages 1 and 2 and some books are done). */
    private CrawlResult crawl(TestSite site, String redisUrl, String crawlId, Runnable outage) throws Exception {
        AtomicBoolean done = new AtomicBoolean();
        site.route("/page/3", ex -> {
            if (done.compareAndSet(false, true)) outage.run();
            TestSite.send(ex, 200, "<html><body>page three: the end</body></html>");
        });
        CrawlResult r = Crawler.builder(new BooksFixture(site.root()))
                .settings(TestSettings.fast(
                        dir.resolve("out.jsonl"),
                        "scheduler=redis",
                        "redis_url=" + redisUrl,
                        "crawl_id=" + crawlId,
                        "concurrency=4",
                        "idle_timeout=1",
                        "redis_retry_timeout=30"))
                .items(List.of(BookSchema.INSTANCE))
                .progress(null)
                .build()
                .run();
        assertTrue(done.get(), "the outage happened");
        return r;
    }

    private void assertEveryBookOnce(TestSite site, CrawlResult r, int books) throws Exception {
        assertEquals(CrawlResult.Outcome.FINISHED, r.outcome(), r.stats() + " " + r.error());
        List<String> lines = Files.readAllLines(dir.resolve("out.jsonl"));
        Set<String> distinct = new HashSet<>(lines);
        assertEquals(lines.size(), distinct.size(), "no item twice");
        assertEquals(books, lines.size(), "no item lost");
        for (int i = 0; i < books; i++) assertEquals(1, site.hits("/book/" + i), "book " + i + " downloaded once");
    }

    @Test
    void aRedisRestartMidCrawlLosesAndRepeatsNothing() throws Exception {
        try (OwnRedisServer redis = OwnRedisServer.start(dir, "--appendonly", "yes", "--appendfsync", "always");
                TestSite site = TestSite.books(4)) {
            CrawlResult r = crawl(site, "redis://127.0.0.1:" + redis.port() + "/0", "restart", () -> {
                try {
                    redis.kill(false);
                    Thread.sleep(1500); // down for a moment: commands wait
                    redis.start();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            assertEveryBookOnce(site, r, 40); // pages 1 and 2: page 3 ends the listing
            assertTrue(Files.readString(redis.dir().resolve("redis-" + redis.port() + ".log"))
                    .contains("Redis is starting"));
        }
    }

    @Test
    void aClusterMasterFailoverMidCrawlLosesAndRepeatsNothing() throws Exception {
        String url = RedisClusterTestServer.url();
        String crawlId = "failover-" + UUID.randomUUID().toString().substring(0, 8);
        try (TestSite site = TestSite.books(4)) {
            CrawlResult r = crawl(site, url, crawlId, () -> {
                try {
                    RedisClusterTestServer.failOver("spinneret:{" + crawlId + "}:pending");
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            assertEveryBookOnce(site, r, 40); // pages 1 and 2: page 3 ends the listing
        } finally {
            RedisClusterTestServer.deleteNamespace(crawlId);
        }
    }
}
