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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A master of a Redis Cluster is killed ({@code kill -9}) under a crawl of two nodes: its replica
 * takes over, both nodes follow it and finish, every book is stored once and both end cleanly.
 * The cluster is the test's own (three masters, three replicas, on {@code SPINNERET_TEST_REDIS_PORTS}).
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class RedisMasterKilledTest {
    @TempDir
    Path dir;

    @Test
    void killingTheMasterOfTheCrawlLosesAndRepeatsNoItemAndBothNodesFinish() throws Exception {
        try (OwnRedisCluster cluster = OwnRedisCluster.start(dir.resolve("cluster"));
                ExecutorService threads =
                        Executors.newThreadPerTaskExecutor(Thread.ofPlatform().factory());
                TestSite site = TestSite.books(8)) { // 160 books, 0.05 s apart: a crawl of about 9 s
            String crawlKey = "spinneret:{killed}:meta";
            List<CompletableFuture<CrawlResult>> nodes = new ArrayList<>();
            for (int n = 0; n < 2; n++) {
                Path out = dir.resolve("node" + n + ".jsonl");
                nodes.add(CompletableFuture.supplyAsync(() -> crawl(site, cluster.url(), out), threads));
            }
            // mid-crawl: once the crawl reached listing page 3 (pages 1 and 2 and their books are under way)
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (site.hits("/page/3") == 0
                    && nodes.stream().noneMatch(CompletableFuture::isDone)
                    && System.nanoTime() < deadline) Thread.sleep(20);
            for (CompletableFuture<CrawlResult> node : nodes) if (node.isCompletedExceptionally()) node.join();
            assertTrue(site.hits("/page/3") > 0, "the crawl reached page 3 within 60 s");
            OwnRedisServer master = cluster.masterOf(crawlKey);
            int storedBefore = lines(dir.resolve("node0.jsonl")) + lines(dir.resolve("node1.jsonl"));
            master.kill(true);
            cluster.awaitPromotion(crawlKey, master);
            List<CrawlResult> results = new ArrayList<>();
            for (CompletableFuture<CrawlResult> node : nodes) results.add(node.get(200, TimeUnit.SECONDS));

            assertTrue(storedBefore < site.books(), "the master was killed mid-crawl");
            for (CrawlResult r : results) {
                assertEquals(CrawlResult.Outcome.FINISHED, r.outcome(), r.stats() + " " + r.error());
                assertEquals(0, r.exitCode(), r.summaryLine());
            }
            Map<String, Integer> stored = new HashMap<>();
            for (int n = 0; n < 2; n++) {
                for (String line : Files.readAllLines(dir.resolve("node" + n + ".jsonl")))
                    stored.merge(line, 1, Integer::sum);
            }
            stored.forEach((item, times) -> assertEquals(1, times, "stored once: " + item));
            assertEquals(site.books(), stored.size(), "every book stored");
        }
    }

    private static int lines(Path file) throws java.io.IOException {
        return Files.exists(file) ? Files.readAllLines(file).size() : 0;
    }

    private CrawlResult crawl(TestSite site, String url, Path out) {
        try {
            return Crawler.builder(new BooksFixture(site.root()))
                    .settings(TestSettings.fast(
                            out,
                            "scheduler=redis",
                            "redis_url=" + url,
                            "crawl_id=killed",
                            "concurrency=4",
                            "download_delay=0.05",
                            "idle_timeout=3",
                            "redis_retry_timeout=60"))
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build()
                    .run();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
