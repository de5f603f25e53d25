package io.spinneret.scheduler.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Request;
import io.spinneret.api.SpinneretException;
import io.spinneret.spi.Lease;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.Jedis;

/** What only the shared Redis scheduler promises: several nodes, visibility timeout, key layout. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class RedisSchedulerTest {
    private final String spider = "redis-" + UUID.randomUUID().toString().substring(0, 8);
    private final List<RedisScheduler> nodes = new ArrayList<>();

    private RedisScheduler node(Duration visibilityTimeout) {
        RedisScheduler s = RedisScheduler.open(RedisTestServer.url(), spider, visibilityTimeout, false);
        nodes.add(s);
        return s;
    }

    @AfterEach
    void closeNodes() {
        nodes.forEach(RedisScheduler::close);
        if (!nodes.isEmpty()) RedisTestServer.deleteNamespace(spider);
    }

    private static Request req(int i) {
        return Request.of("http://example.com/p/" + i);
    }

    @Test
    void aBatchPollTakesLeasesAheadWhichCountAsPendingAndComeBackAtOnceWhenTheNodeCloses() throws Exception {
        RedisScheduler a = node(Duration.ofSeconds(60));
        List<Request> pushed = new ArrayList<>();
        for (int i = 0; i < 10; i++) pushed.add(req(i));
        a.pushAll(pushed);
        List<Lease> first = a.pollBatch(2); // alone in the crawl: it takes leases ahead
        assertEquals(2, first.size());
        RedisScheduler b = node(Duration.ofSeconds(60));
        assertEquals(10, b.inFlightCount(), "the crawl holds a's two and the eight it took ahead in flight");
        assertEquals(2, a.inFlightCount(), "a counts only what it handed out");
        assertEquals(8, a.pendingCount(), "and what it took ahead as pending");
        assertNull(b.poll(Duration.ofMillis(100)), "taken ahead by a: not b's");
        Set<String> handed = new HashSet<>();
        for (Lease l : first) handed.add(l.request().url());
        List<Lease> next = a.pollBatch(3); // from what a took ahead, without a pop
        assertEquals(3, next.size());
        for (Lease l : next)
            assertTrue(
                    handed.add(l.request().url()),
                    "handed out twice: " + l.request().url());
        for (Lease l : first) a.ack(l);
        for (Lease l : next) a.ack(l);
        a.close(); // the five a took ahead and never handed out go back to the queue, not after 60 s
        Set<String> rest = new HashSet<>();
        for (int round = 0; round < 10 && rest.size() < 5; round++) { // bounded
            Lease l = b.poll(Duration.ofSeconds(1));
            if (l != null) {
                assertTrue(rest.add(l.request().url()), "twice: " + l.request().url());
                b.ack(l);
            }
        }
        assertEquals(5, rest.size());
        for (String url : rest) assertTrue(!handed.contains(url), "handed out by a already: " + url);
        assertEquals(0, b.pendingCount() + b.inFlightCount());
    }

    @Test
    void aPushGivesBackOnlyTheLeasesTakenAheadThatItOutranks() throws Exception {
        RedisScheduler a = node(Duration.ofSeconds(60));
        List<Request> pushed = new ArrayList<>();
        for (int i = 0; i < 6; i++) pushed.add(req(i).toBuilder().priority(1).build());
        pushed.add(req(100)); // priority 0: after the six in the host's order
        a.pushAll(pushed);
        List<Lease> first = a.pollBatch(1); // alone: the other six are taken ahead
        assertEquals(List.of("http://example.com/p/0"), urls(first));
        a.push(req(6).toBuilder().priority(1).build()); // outranks p/100, not p/1..p/5 (pushed before it)
        List<Lease> ahead = a.pollBatch(10);
        assertEquals(
                List.of(
                        "http://example.com/p/1",
                        "http://example.com/p/2",
                        "http://example.com/p/3",
                        "http://example.com/p/4",
                        "http://example.com/p/5"),
                urls(ahead),
                "kept ahead and handed out in their order, before the push");
        List<Lease> after = a.pollBatch(10);
        assertEquals(
                List.of("http://example.com/p/6", "http://example.com/p/100"),
                urls(after),
                "the outranked lease given back, and served behind what outranks it");
        for (List<Lease> ls : List.of(first, ahead, after)) for (Lease l : ls) a.ack(l);
        assertEquals(0, a.pendingCount() + a.inFlightCount());
    }

    private static List<String> urls(List<Lease> leases) {
        return leases.stream().map(l -> l.request().url()).toList();
    }

    @Test
    void keepsTheCrawlsKeysUnderItsHashTagAndEachHostsFrontierUnderItsBuckets() throws Exception {
        RedisScheduler a = node(Duration.ofSeconds(60));
        a.pushAll(List.of(req(1), req(2)));
        assertNotNull(a.poll(Duration.ofSeconds(1)));
        assertEquals("spinneret:{" + spider + "}:", a.namespace());
        String bucket = a.bucketPrefix("example.com");
        assertTrue(bucket.matches("spinneret:\\{" + spider + ":[0-9]+}:"), bucket);
        try (Jedis j = RedisTestServer.connect()) {
            Set<String> keys = new TreeSet<>(j.keys("spinneret:{" + spider + "}:*"));
            Set<String> expected = new TreeSet<>();
            for (String k : List.of("meta", "active", "state", "nodes")) expected.add(a.namespace() + k);
            assertEquals(expected, keys, "the crawl's own keys");
            keys = new TreeSet<>(j.keys(bucket + "*"));
            keys.removeIf(k -> k.startsWith(bucket + "once:")); // a pop's reply until it is received
            expected.clear();
            for (String k : List.of("meta", "ring", "hosts", "chunks", "inflight", "leased", "seen"))
                expected.add(bucket + k);
            assertEquals(expected, keys, "the frontier of example.com's bucket");
            assertEquals(
                    HostBuckets.COUNT,
                    j.keys("spinneret:{" + spider + ":*}:meta").size(),
                    "every bucket is stamped with the crawl's epoch");
            assertEquals(2, a.seenCount());
            assertEquals("running", j.hget(a.namespace() + "state", "state"));
            assertEquals(a.node(), j.hget(a.namespace() + "state", "started_by"));
        }
    }

    @Test
    void nodesShareOneQueueAndNeverGetTheSameRequest() throws Exception {
        RedisScheduler a = node(Duration.ofSeconds(60));
        RedisScheduler b = node(Duration.ofSeconds(60));
        for (int i = 0; i < 50; i++) a.push(req(i));
        assertEquals(0, b.pushAll(List.of(req(3), req(7))), "dedup is shared");
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 25; i++) {
            for (RedisScheduler s : List.of(a, b)) {
                Lease lease = s.poll(Duration.ofSeconds(1));
                assertNotNull(lease);
                assertTrue(
                        seen.add(lease.request().url()),
                        "delivered twice: " + lease.request().url());
            }
            if (i == 10) assertEquals(22, b.inFlightCount(), "in-flight counts are global");
        }
        assertEquals(50, seen.size());
        assertEquals(0, a.pendingCount());
    }

    @Test
    void theWorkOfAStoppedNodeIsReclaimedOnlyAfterTheVisibilityTimeout() throws Exception {
        Duration timeout = Duration.ofMillis(1500);
        RedisScheduler a = node(timeout);
        RedisScheduler b = node(timeout);
        a.push(req(1));
        long taken = System.nanoTime();
        Lease lease = a.poll(Duration.ofSeconds(1));
        assertNotNull(lease);
        a.close(); // node a "dies" holding the lease: no more heartbeats
        assertNull(b.poll(Duration.ofMillis(500)), "not before the visibility timeout");
        assertEquals(1, b.inFlightCount());
        Lease reclaimed = b.poll(Duration.ofSeconds(5));
        assertNotNull(reclaimed);
        assertTrue(System.nanoTime() - taken >= timeout.toNanos(), "not before the timeout");
        assertEquals(lease.request(), reclaimed.request());
        b.ack(reclaimed);
        assertEquals(0, b.inFlightCount() + b.pendingCount());
    }

    @Test
    void aLiveNodeKeepsItsLeaseHoweverLongItWorks() throws Exception {
        RedisScheduler a = node(Duration.ofMillis(300));
        RedisScheduler b = node(Duration.ofMillis(300));
        a.push(req(1));
        Lease slow = a.poll(Duration.ofSeconds(1));
        assertNotNull(slow);
        // four visibility timeouts of work: the heartbeat keeps the lease alive
        assertNull(b.poll(Duration.ofMillis(1200)), "a live node's lease is never reclaimed");
        assertEquals(1, b.inFlightCount());
        a.ack(slow);
        assertEquals(0, b.inFlightCount() + b.pendingCount());
    }

    @Test
    void aNodeWhoseLeaseWasReclaimedCannotDisturbTheNewHolder() throws Exception {
        RedisScheduler a = node(Duration.ofMillis(200));
        RedisScheduler b = node(Duration.ofMillis(200));
        a.push(req(1));
        Lease stale = a.poll(Duration.ofSeconds(1));
        assertNotNull(stale);
        a.close(); // a stalls (no heartbeat) past the timeout...
        Thread.sleep(400);
        Lease fresh = b.poll(Duration.ofSeconds(1)); // ...so b reclaims a's entry and takes it
        assertNotNull(fresh);
        assertEquals(stale.request(), fresh.request());
        // a comes back and finishes with its stale lease (replayed through a new connection)
        RedisScheduler late = node(Duration.ofMillis(200));
        late.requeue(stale, stale.request().nextAttempt());
        assertEquals(0, b.pendingCount(), "requeue of a reclaimed lease adds nothing");
        assertEquals(1, b.inFlightCount(), "and leaves b's entry alone");
        b.ack(fresh);
        late.ack(stale);
        assertEquals(0, b.pendingCount() + b.inFlightCount());
    }

    @Test
    void aLateAckRemovesARequestThatWasReclaimedButNotYetTakenAgain() throws Exception {
        RedisScheduler a = node(Duration.ofMillis(200));
        RedisScheduler b = node(Duration.ofMillis(200));
        a.push(req(1));
        Lease slow = a.poll(Duration.ofSeconds(1));
        assertNotNull(slow);
        a.push(Request.builder("http://example.com/urgent").priority(9).build());
        a.close(); // a stalls past the timeout
        Thread.sleep(400);
        Lease urgent = b.poll(Duration.ofSeconds(1)); // reclaims req(1) into pending, takes "urgent"
        assertNotNull(urgent);
        assertEquals("http://example.com/urgent", urgent.request().url());
        assertEquals(1, b.pendingCount());
        node(Duration.ofMillis(200)).ack(slow); // a was only slow: its work is done, so the reclaimed copy goes
        assertEquals(0, b.pendingCount());
        assertNull(b.poll(Duration.ofMillis(50)));
    }

    @Test
    void aNodeWithoutResumeJoinsACrawlThatIsStillRunning() {
        RedisScheduler a = node(Duration.ofSeconds(60));
        a.push(req(1));
        RedisScheduler b = node(Duration.ofSeconds(60)); // resume=false
        assertEquals(1, b.pendingCount());
        assertEquals(1, b.seenCount());
    }

    @Test
    void othersAreLiveWhileAnotherNodeIsInTheCrawlAndBeatsButNotOnceItLeftOrDied() {
        RedisScheduler a = node(Duration.ofSeconds(60));
        assertFalse(a.othersLive(), "alone");
        RedisScheduler b = node(Duration.ofSeconds(60));
        assertTrue(a.othersLive());
        assertTrue(b.othersLive());
        b.close();
        assertFalse(a.othersLive(), "b left the node list");
        try (Jedis j = RedisTestServer.connect()) {
            j.hset(a.namespace() + "nodes", "dead-node:1", "1000 3"); // last beat in 1970, three leases
        }
        assertFalse(a.othersLive(), "listed, but no heartbeat within the visibility timeout");
    }

    @Test
    void survivesTheServerForgettingItsScripts() throws Exception {
        RedisScheduler a = node(Duration.ofSeconds(60));
        try (Jedis j = RedisTestServer.connect()) {
            j.scriptFlush();
        }
        assertTrue(a.push(req(1)));
        assertNotNull(a.poll(Duration.ofSeconds(1)));
    }

    @Test
    void anUnreachableServerIsReportedClearly() {
        SpinneretException e = assertThrows(
                SpinneretException.class,
                () -> RedisScheduler.open("redis://127.0.0.1:1/0", spider, Duration.ofSeconds(1), false));
        assertTrue(e.getMessage().contains("redis://127.0.0.1:1/0"), e.getMessage());
        assertThrows(SpinneretException.class, () -> RedisScheduler.open("", spider, Duration.ofSeconds(1), false));
    }
}
