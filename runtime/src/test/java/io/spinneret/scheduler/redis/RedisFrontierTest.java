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
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.Jedis;

/** The Redis frontier's layout: hosts served in turn, chunked queues, seen filters, older layouts. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RedisFrontierTest {
    private final String spider = "frontier-" + UUID.randomUUID().toString().substring(0, 8);
    private final List<RedisScheduler> nodes = new ArrayList<>();

    private RedisScheduler node(SeenFilter filter) {
        RedisScheduler s = RedisScheduler.open(RedisTestServer.url(), spider, Duration.ofSeconds(60), false, filter);
        nodes.add(s);
        return s;
    }

    @AfterEach
    void closeNodes() {
        nodes.forEach(RedisScheduler::close);
        if (!nodes.isEmpty()) RedisTestServer.deleteNamespace(spider);
    }

    private static Request req(String host, int i) {
        return Request.of("https://" + host + "/p/" + i);
    }

    @Test
    void aHostWithAHundredThousandQueuedDoesNotStarveHostsWithTen() throws Exception {
        RedisScheduler s = node(SeenFilter.exact());
        List<Request> batch = new ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            batch.add(req("a.example", i));
            if (batch.size() == 1000) {
                s.pushAll(batch);
                batch.clear();
            }
        }
        for (int i = 0; i < 10; i++) batch.add(req("b.example", i));
        for (int i = 0; i < 10; i++) batch.add(req("c.example", i));
        assertEquals(20, s.pushAll(batch));
        assertEquals(100_020, s.pendingCount());
        int a = 0, b = 0, c = 0;
        for (int i = 0; i < 30; i++) {
            Lease lease = s.poll(Duration.ofSeconds(1));
            assertNotNull(lease);
            switch (lease.request().host()) {
                case "a.example" ->
                    assertEquals("https://a.example/p/" + a++, lease.request().url(), "FIFO within a host");
                case "b.example" ->
                    assertEquals("https://b.example/p/" + b++, lease.request().url());
                default ->
                    assertEquals("https://c.example/p/" + c++, lease.request().url());
            }
            s.ack(lease);
        }
        assertEquals(10, b, "all of b among the first 30");
        assertEquals(10, c, "all of c among the first 30");
        assertEquals(99_990, s.pendingCount(), "the rest of a is still queued");
    }

    @Test
    void withinAHostTheHighestPriorityGoesFirstAndARequeueGoesBackToItsHost() throws Exception {
        RedisScheduler s = node(SeenFilter.exact());
        s.pushAll(List.of(
                req("a.example", 1),
                req("a.example", 2),
                Request.builder("https://a.example/urgent").priority(5).build(),
                req("b.example", 1)));
        Lease first = s.poll(Duration.ofSeconds(1));
        assertEquals("https://a.example/urgent", first.request().url());
        Lease second = s.poll(Duration.ofSeconds(1));
        assertEquals("https://b.example/p/1", second.request().url(), "then the next host");
        s.requeue(second, second.request().nextAttempt());
        List<String> rest = new ArrayList<>();
        for (Lease l; (l = s.poll(Duration.ofMillis(50))) != null; ) {
            rest.add(l.request().url());
            s.ack(l);
        }
        assertEquals(List.of("https://a.example/p/1", "https://b.example/p/1", "https://a.example/p/2"), rest);
        s.ack(first);
        assertEquals(0, s.pendingCount() + s.inFlightCount());
        assertEquals(4, s.seenCount());
    }

    @Test
    void oneHostsQueueStaysFifoAcrossItsChunks() throws Exception {
        RedisScheduler s = node(SeenFilter.exact());
        List<Request> batch = new ArrayList<>();
        for (int i = 0; i < 2500; i++)
            batch.add(Request.of("https://a.example/some/longer/path/of/a/page/" + i + ".html"));
        s.pushAll(batch.subList(0, 1200));
        for (int i = 0; i < 1000; i++) { // pushes and pops interleave: the head and tail chunks move apart
            if (i == 500) s.pushAll(batch.subList(1200, 2500));
            Lease lease = s.poll(Duration.ofSeconds(1));
            assertEquals(batch.get(i), lease.request());
            s.ack(lease);
        }
        try (Jedis j = RedisTestServer.connect()) {
            assertTrue(
                    j.hlen(s.bucketPrefix("a.example") + "chunks") >= 10,
                    "the queue spans chunks: " + j.hlen(s.bucketPrefix("a.example") + "chunks"));
        }
        for (int i = 1000; i < 2500; i++) {
            Lease lease = s.poll(Duration.ofSeconds(1));
            assertEquals(batch.get(i), lease.request());
            s.ack(lease);
        }
        assertNull(s.poll(Duration.ofMillis(10)));
        try (Jedis j = RedisTestServer.connect()) {
            assertEquals(
                    0,
                    j.exists(
                            s.bucketPrefix("a.example") + "ring",
                            s.bucketPrefix("a.example") + "hosts",
                            s.bucketPrefix("a.example") + "chunks"),
                    "drained queues leave nothing");
        }
    }

    @Test
    void onePopOfHundredsKeepsEachPriorityInOrderAcrossChunksAndHosts() throws Exception {
        RedisScheduler s = node(SeenFilter.exact());
        List<Request> high = new ArrayList<>(), low = new ArrayList<>(), other = new ArrayList<>();
        List<Request> pushed = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            String path = "/some/longer/path/of/a/page/" + i + ".html";
            low.add(Request.of("https://a.example" + path));
            high.add(Request.builder("https://a.example/first" + path)
                    .priority(1)
                    .build());
            other.add(Request.of("https://b.example" + path));
            pushed.addAll(List.of(low.getLast(), high.getLast(), other.getLast()));
        }
        assertEquals(900, s.pushAll(pushed));
        List<Request> a = new ArrayList<>(), b = new ArrayList<>();
        for (int polls = 0; a.size() + b.size() < 900 && polls < 100; polls++) {
            List<Lease> leases = s.pollBatch(900);
            for (Lease l : leases) (l.request().host().equals("a.example") ? a : b).add(l.request());
            leases.forEach(s::ack);
        }
        List<Request> expected = new ArrayList<>(high);
        expected.addAll(low);
        assertEquals(expected, a, "a.example: its higher priority first, each in the order pushed");
        assertEquals(other, b);
        assertTrue(s.pollBatch(10).isEmpty());
        assertEquals(0, s.pendingCount());
    }

    @Test
    void requestsOfEverySizeSurviveTheChunks() throws Exception {
        RedisScheduler s = node(SeenFilter.exact());
        List<Request> sent = new ArrayList<>();
        for (int size : new int[] {0, 100, 127, 128, 5000, 16383, 16384, 70_000}) {
            sent.add(Request.builder("https://a.example/post/" + size)
                    .method("POST")
                    .body("x".repeat(size))
                    .build());
        }
        assertEquals(sent.size(), s.pushAll(sent));
        for (Request r : sent) {
            Lease lease = s.poll(Duration.ofSeconds(1));
            assertEquals(r, lease.request());
            s.ack(lease);
        }
    }

    @Test
    void aBloomFilterDropsDuplicatesAndTheCrawlKeepsTheFilterItWasCreatedWith() throws Exception {
        SeenFilter bloom = SeenFilter.bloom(10_000, 0.001);
        RedisScheduler a = node(bloom);
        assertEquals(bloom, a.seenFilter());
        List<Request> batch = new ArrayList<>();
        for (int i = 0; i < 1000; i++) batch.add(req("a.example", i));
        int added = a.pushAll(batch);
        assertTrue(added >= 995, "few false positives well below capacity: " + added);
        assertEquals(0, a.pushAll(batch), "every duplicate is dropped");
        assertFalse(a.push(req("a.example", 1)));
        RedisScheduler b = node(SeenFilter.exact()); // joins: the crawl's filter wins
        assertEquals(bloom, b.seenFilter());
        assertEquals(0, b.pushAll(batch));
        assertEquals(added, b.seenCount());
        try (Jedis j = RedisTestServer.connect()) {
            // the host's bucket has its share of the bits, at least 2^23 (a crawl of few hosts keeps its rate)
            assertEquals(
                    (RedisScheduler.bucketBloomBits(bloom.bits()) + 7) / 8,
                    j.strlen(a.bucketPrefix("a.example") + "bloom"));
        }
    }

    @Test
    void bloomSizesFollowTheFormula() {
        SeenFilter f = SeenFilter.bloom(10_000_000, 1e-6);
        assertEquals(287_551_752, f.bits(), 1000);
        assertEquals(20, f.hashes());
        assertEquals(1e-6, f.falsePositiveRate(10_000_000), 2e-7);
        assertThrows(IllegalArgumentException.class, () -> SeenFilter.bloom(1_000_000_000, 1e-9));
    }

    @Test
    void keysOfTheOlderLayoutAreRefusedNotRead() {
        try (Jedis j = RedisTestServer.connect()) {
            j.zadd("spinneret:" + spider + ":pending", 0, "000000000000001");
            j.hset("spinneret:" + spider + ":requests", "000000000000001", "{\"url\":\"https://a.example/\"}");
        }
        SpinneretException e = assertThrows(
                SpinneretException.class,
                () -> RedisScheduler.open(RedisTestServer.url(), spider, Duration.ofSeconds(60), false));
        assertTrue(e.getMessage().contains("older Spinneret"), e.getMessage());
        try (Jedis j = RedisTestServer.connect()) {
            assertEquals(1, j.zcard("spinneret:" + spider + ":pending"), "left as it was");
            j.hset("spinneret:{" + spider + "}:meta", "layout", "9");
            j.del("spinneret:" + spider + ":pending", "spinneret:" + spider + ":requests");
        }
        e = assertThrows(
                SpinneretException.class,
                () -> RedisScheduler.open(RedisTestServer.url(), spider, Duration.ofSeconds(60), true));
        assertTrue(e.getMessage().contains("another frontier layout"), e.getMessage());
        RedisTestServer.deleteNamespace(spider);
    }
}
