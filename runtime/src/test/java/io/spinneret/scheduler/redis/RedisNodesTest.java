package io.spinneret.scheduler.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Leases against real failures. Three node processes crawl one site; one is SIGKILLed mid-crawl
 * holding leases: its work comes back within the documented bound (the visibility timeout, 15 s by
 * default; measured on Redis' state, not on this machine's speed) and the crawl ends with every
 * book stored. And a live node whose download takes several visibility timeouts keeps its lease.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class RedisNodesTest {
    private static final long VISIBILITY_MILLIS = 15_000; // the default

    @TempDir
    Path dir;

    private final String crawlId = "nodes-" + UUID.randomUUID().toString().substring(0, 8);
    private final List<Process> processes = new ArrayList<>();

    @AfterEach
    void cleanUp() {
        processes.forEach(Process::destroyForcibly);
        RedisTestServer.deleteNamespace(crawlId);
    }

    private Process node(TestSite site, int n) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> cmd = new ArrayList<>(List.of(
                java.toString(),
                "-cp",
                System.getProperty("java.class.path"),
                CrawlNodeMain.class.getName(),
                site.root(),
                dir.resolve("node" + n + ".jsonl").toString(),
                "scheduler=redis",
                "redis_url=" + RedisTestServer.url(),
                "crawl_id=" + crawlId,
                "concurrency=4",
                "idle_timeout=2",
                "download_delay=0.15"));
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("node" + n + ".log").toFile())
                .start();
        processes.add(p);
        return p;
    }

    @Test
    void aSigkilledNodesLeasesComeBackWithinTheVisibilityTimeoutAndEveryBookIsStored() throws Exception {
        // 200 books, 0.15 s apart per node: a crawl of several seconds. A book answers after 1 s, so a
        // node holds a lease for at least that long: one seen held is still held when the kill lands
        // a status read later (a node may otherwise ack all it holds in between, on a loaded machine)
        try (TestSite site = TestSite.books(10).booksAnswerAfter(Duration.ofSeconds(1))) {
            Process victim = null;
            for (int n = 0; n < 3; n++) {
                Process p = node(site, n);
                if (n == 0) victim = p;
            }
            String victimNode = null;
            try (RedisScheduler redis = RedisScheduler.inspect(RedisTestServer.url(), crawlId)) {
                for (int i = 0; i < 1200 && victimNode == null; i++) { // bounded: 60 s
                    Thread.sleep(50);
                    if (site.totalHits.get() < 40) continue; // mid-crawl
                    for (RedisCrawlStatus.NodeStatus node : redis.status().nodes()) {
                        if (node.node().endsWith(":" + victim.pid())
                                && !node.leases().isEmpty()) victimNode = node.node();
                    }
                }
                assertTrue(victimNode != null, "the victim took part");
                victim.destroyForcibly(); // SIGKILL
                long killed = System.nanoTime();
                victim.waitFor(10, TimeUnit.SECONDS);
                // what the dead node held: the leases its last heartbeat listed, and those no node lists (taken since)
                Set<String> victimLeases = new HashSet<>();
                RedisCrawlStatus atDeath = redis.status();
                for (RedisCrawlStatus.NodeStatus node : atDeath.nodes()) {
                    if (node.node().equals(victimNode)) node.leases().forEach(l -> victimLeases.add(l.lease()));
                }
                atDeath.unowned().forEach(l -> victimLeases.add(l.lease()));
                assertFalse(victimLeases.isEmpty(), "the victim died holding leases");
                long reclaimedAfter = -1;
                for (int i = 0; i < 600; i++) { // bounded: 60 s
                    RedisCrawlStatus now = redis.status();
                    Set<String> stillHeld = new HashSet<>();
                    now.unowned().forEach(l -> stillHeld.add(l.lease()));
                    for (RedisCrawlStatus.NodeStatus node : now.nodes())
                        node.leases().forEach(l -> stillHeld.add(l.lease()));
                    stillHeld.retainAll(victimLeases);
                    if (stillHeld.isEmpty()) {
                        reclaimedAfter = (System.nanoTime() - killed) / 1_000_000;
                        break;
                    }
                    Thread.sleep(100);
                }
                System.out.println("reclaimed the " + victimLeases.size() + " leases of " + victimNode + " "
                        + reclaimedAfter + " ms after SIGKILL");
                assertTrue(reclaimedAfter >= 0, "the dead node's leases came back");
                // the bound: one visibility timeout after the kill, plus a generous margin for the next poll on a
                // loaded machine
                assertTrue(reclaimedAfter <= VISIBILITY_MILLIS + 10_000, "reclaimed after " + reclaimedAfter + " ms");
                // and not before two thirds of it: a lease was stamped at most a heartbeat (a third) before the kill
                assertTrue(
                        reclaimedAfter >= VISIBILITY_MILLIS * 2 / 3, "reclaimed after only " + reclaimedAfter + " ms");
            }
            for (int n = 1; n < 3; n++) {
                assertTrue(processes.get(n).waitFor(120, TimeUnit.SECONDS), "node " + n + " ended");
                assertEquals(0, processes.get(n).exitValue(), Files.readString(dir.resolve("node" + n + ".log")));
            }
            Set<String> books = new HashSet<>();
            List<String> live = new ArrayList<>();
            for (int n = 0; n < 3; n++) {
                Path out = dir.resolve("node" + n + ".jsonl");
                if (!Files.exists(out)) continue;
                List<String> lines = Files.readAllLines(out);
                books.addAll(lines);
                if (n > 0) live.addAll(lines);
            }
            assertEquals(site.books(), books.size(), "every book stored");
            assertEquals(live.size(), new HashSet<>(live).size(), "the live nodes stored no book twice");
        }
    }

    @Test
    void aSlowLiveDownloadIsNeverTakenFromItsNode() throws Exception {
        // a 60 s download under the 15 s default, scaled down: 8 s under a 1.5 s timeout (over 5 timeouts)
        try (TestSite site = TestSite.books(1)) {
            site.route("/book/3", ex -> {
                try {
                    Thread.sleep(8000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                TestSite.send(ex, 200, "<html><body><h1>slow</h1></body></html>");
            });
            List<CompletableFuture<CrawlResult>> nodes = new ArrayList<>();
            for (int n = 0; n < 2; n++) {
                Crawler c = Crawler.builder(new BooksFixture(site.root()))
                        .settings(TestSettings.fast(
                                dir.resolve("slow" + n + ".jsonl"),
                                "scheduler=redis",
                                "redis_url=" + RedisTestServer.url(),
                                "crawl_id=" + crawlId,
                                "concurrency=4",
                                "idle_timeout=1",
                                "visibility_timeout=1.5",
                                "download_timeout=60"))
                        .items(List.of(BookSchema.INSTANCE))
                        .progress(null)
                        .build();
                CompletableFuture<CrawlResult> result = new CompletableFuture<>();
                Thread.ofPlatform()
                        .start(
                                () -> { // both at once (the common pool may have one thread)
                                    try {
                                        result.complete(c.run());
                                    } catch (Throwable e) {
                                        result.completeExceptionally(e);
                                    }
                                });
                nodes.add(result);
            }
            for (CompletableFuture<CrawlResult> n : nodes)
                assertEquals(
                        CrawlResult.Outcome.FINISHED,
                        n.get(90, TimeUnit.SECONDS).outcome());
            assertEquals(1, site.hits("/book/3"), "the slow page was downloaded once: its lease was never reclaimed");
        }
    }
}
