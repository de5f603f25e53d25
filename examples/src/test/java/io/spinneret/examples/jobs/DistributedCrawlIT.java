package io.spinneret.examples.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.spinneret.examples.replica.BooksSite;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/**
 * Two crawler processes sharing one Redis queue ({@code run books --redis URL}) against the books
 * replica: they split the work with no overlap, and when one is killed with SIGKILL the other
 * reclaims its in-flight requests after the visibility timeout and completes the crawl.
 *
 * <p>Uses the server of {@code SPINNERET_TEST_REDIS} (skipped only when unset), in a database
 * chosen at random among 1-15 so that the fixed crawl id {@code books} (its own keys and its host buckets) does not meet
 * another test's; its keys are removed before and after.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DistributedCrawlIT {
    private static final BooksSite SITE = BooksSite.standard();
    private static final int CONCURRENCY = 4;
    private static final int BATCH = 10;

    @TempDir
    Path dir;

    private String redisUrl;

    @BeforeEach
    void pickDatabase() {
        String base = System.getenv("SPINNERET_TEST_REDIS");
        assumeTrue(base != null && !base.isBlank(), "SPINNERET_TEST_REDIS is not set");
        URI u = URI.create(base);
        redisUrl = u.getScheme() + "://" + u.getRawAuthority() + "/"
                + ThreadLocalRandom.current().nextInt(1, 16);
        deleteKeys();
    }

    @AfterEach
    void deleteKeys() {
        if (redisUrl == null) return;
        try (Jedis j = new Jedis(URI.create(redisUrl))) {
            for (String k : j.keys("spinneret:{books}:*")) j.unlink(k); // the crawl's own keys
            for (String k : j.keys("spinneret:{books:*}:*")) j.unlink(k); // its host buckets
        }
    }

    private CrawlProcess node(CountingReplica site, String name, String... more) throws Exception {
        List<String> a = new ArrayList<>(List.of(
                "books",
                "--redis",
                redisUrl,
                "-c",
                Integer.toString(CONCURRENCY),
                "-o",
                dir.resolve(name + ".jsonl").toString(),
                "-s",
                "start_urls=" + site.url(),
                "-s",
                "download_delay=0",
                "-s",
                "respect_robots=false",
                "-s",
                "batch_size=" + BATCH,
                "-s",
                "progress_interval=0",
                "-s",
                "idle_timeout=2"));
        a.addAll(List.of(more));
        return CrawlProcess.start(dir, name, a.toArray(String[]::new));
    }

    /**
     * Starts two nodes and lets the site answer once both have connected to Redis (their scheduler
     * is open), so that both get work however slowly their JVMs start.
     */
    private CrawlProcess[] startTwo(CountingReplica site, String... more) throws Exception {
        CrawlProcess a = node(site, "a", more);
        CrawlProcess b = node(site, "b", more);
        try (Jedis j = new Jedis(URI.create(redisUrl))) {
            String db = " db=" + URI.create(redisUrl).getPath().substring(1) + " ";
            long self = j.clientId();
            a.awaitWhileRunning(
                    () -> j.clientList()
                                    .lines()
                                    .filter(l -> l.contains(db) && !l.startsWith("id=" + self + " "))
                                    .count()
                            >= 2,
                    60);
        }
        site.open();
        return new CrawlProcess[] {a, b};
    }

    @Test
    void twoNodesSplitTheCrawlWithNoOverlapAndNothingDownloadedTwice() throws Exception {
        CrawlProcess a, b;
        try (CountingReplica site = new CountingReplica(SITE, 10).closeGate()) {
            CrawlProcess[] nodes = startTwo(site, "-s", "visibility_timeout=60");
            a = nodes[0];
            b = nodes[1];
            assertEquals(0, a.waitFor(90), a.toString());
            assertEquals(0, b.waitFor(90), b.toString());
            Map<String, Long> downloads = site.downloads();
            assertEquals(1050, downloads.size());
            assertTrue(downloads.values().stream().allMatch(n -> n == 1), "nothing downloaded twice: " + downloads);
        }
        long[] sa = a.summary(), sb = b.summary();
        assertNotNull(sa, a.toString());
        assertNotNull(sb, b.toString());
        assertEquals(1050, sa[0] + sb[0], "requests over both nodes");
        assertEquals(1050, sa[1] + sb[1], "responses over both nodes");
        assertTrue(sa[3] > 0 && sb[3] > 0, "both nodes stored items: " + sa[3] + " + " + sb[3]);

        Set<String> itemsA = upcs("a"), itemsB = upcs("b");
        assertEquals(1000, itemsA.size() + itemsB.size());
        Set<String> all = new HashSet<>(itemsA);
        all.addAll(itemsB);
        assertEquals(1000, all.size(), "no overlap");
        System.out.printf("distributed: node a %d items, node b %d items%n", itemsA.size(), itemsB.size());
    }

    @Test
    void theSurvivorReclaimsTheWorkOfANodeKilledMidCrawl() throws Exception {
        CrawlProcess b;
        long repeated;
        try (CountingReplica site = new CountingReplica(SITE, 10).closeGate()) {
            CrawlProcess[] nodes = startTwo(site, "-s", "visibility_timeout=3");
            CrawlProcess a = nodes[0];
            b = nodes[1];
            a.awaitWhileRunning(() -> site.total() >= 300, 60);
            a.kill();
            a.waitFor(30);
            assertEquals(0, b.waitFor(90), b.toString());
            Map<String, Long> downloads = site.downloads();
            assertEquals(1050, downloads.size(), "every page was downloaded");
            repeated = downloads.values().stream().filter(n -> n > 1).count();
            assertTrue(downloads.values().stream().allMatch(n -> n <= 2));
            assertTrue(repeated <= CONCURRENCY + 2 * BATCH, repeated + " pages downloaded twice");
        }
        assertTrue(b.stderr().contains("reclaimed"), "b took over a's abandoned leases: " + b);
        Set<String> all = upcs("a");
        all.addAll(upcs("b"));
        assertEquals(1000, all.size(), "the item set is complete");
        System.out.printf("distributed: %d pages were in flight on the killed node and downloaded again%n", repeated);
    }

    private Set<String> upcs(String node) {
        return new HashSet<>(
                CrawlOutputs.upcCounts(List.of(dir.resolve(node + ".jsonl"))).keySet());
    }
}
