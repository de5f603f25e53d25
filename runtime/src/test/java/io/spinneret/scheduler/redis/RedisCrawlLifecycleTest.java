package io.spinneret.scheduler.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Request;
import io.spinneret.api.SpinneretException;
import io.spinneret.scheduler.redis.RedisScheduler.Mode;
import io.spinneret.scheduler.redis.RedisScheduler.Options;
import io.spinneret.spi.CrawlFinishedException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.Jedis;

/** A crawl's identity and lifecycle in Redis: running, finished (by whom, when), joined, refused, started again. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class RedisCrawlLifecycleTest {
    private final String crawl = "life-" + UUID.randomUUID().toString().substring(0, 8);
    private final List<RedisScheduler> nodes = new ArrayList<>();

    private RedisScheduler node(Mode mode) {
        RedisScheduler s = RedisScheduler.open(
                new Options(RedisTestServer.url(), crawl, Duration.ofSeconds(60), Duration.ofSeconds(5)), mode);
        nodes.add(s);
        return s;
    }

    @AfterEach
    void closeNodes() {
        nodes.forEach(RedisScheduler::close);
        RedisTestServer.deleteNamespace(crawl);
    }

    private static void crawlOnePage(RedisScheduler s) throws InterruptedException {
        s.push(Request.of("http://example.com/a"));
        s.ack(Objects.requireNonNull(s.poll(Duration.ofSeconds(1))));
    }

    @Test
    void theNodeThatLeavesAnEmptyCrawlMarksItFinishedWithItsNameAndTheTime() throws Exception {
        RedisScheduler a = node(Mode.JOIN);
        RedisScheduler b = node(Mode.JOIN);
        crawlOnePage(a);
        a.push(Request.of("http://example.com/b"));
        a.close(); // work is left: still running
        try (Jedis j = RedisTestServer.connect()) {
            assertEquals("running", j.hget(b.namespace() + "state", "state"));
            b.ack(Objects.requireNonNull(b.poll(Duration.ofSeconds(1))));
            long before = Long.parseLong(j.time().get(0)) * 1000;
            b.close();
            assertEquals("finished", j.hget(b.namespace() + "state", "state"));
            assertEquals(b.node(), j.hget(b.namespace() + "state", "finished_by"));
            assertTrue(Long.parseLong(j.hget(b.namespace() + "state", "finished_at")) >= before);
            assertFalse(j.hexists(b.namespace() + "nodes", b.node()), "a node that left is no longer listed");
        }
    }

    @Test
    void aNodeArrivingAfterTheCrawlFinishedIsToldSoAndChangesNothing() throws Exception {
        RedisScheduler a = node(Mode.JOIN);
        crawlOnePage(a);
        a.close();
        CrawlFinishedException e = assertThrows(CrawlFinishedException.class, () -> node(Mode.JOIN));
        assertTrue(
                e.getMessage().contains(crawl)
                        && e.getMessage().contains(a.node())
                        && e.getMessage().contains("--new-crawl"),
                e.getMessage());
        try (Jedis j = RedisTestServer.connect()) {
            assertEquals("finished", j.hget(a.namespace() + "state", "state"));
            assertEquals(
                    "1", j.hget(a.bucketPrefix("example.com") + "meta", "seen"), "the refused node cleared nothing");
        }
    }

    @Test
    void aNewCrawlStartsAgainFromNothingAndReopeningKeepsWhatWasSeen() throws Exception {
        RedisScheduler a = node(Mode.JOIN);
        crawlOnePage(a);
        a.close();
        RedisScheduler reopened = node(Mode.REOPEN);
        assertFalse(reopened.push(Request.of("http://example.com/a")), "--resume keeps the seen set");
        reopened.close();
        RedisScheduler fresh = node(Mode.NEW);
        assertEquals(0, fresh.seenCount());
        assertTrue(fresh.push(Request.of("http://example.com/a")));
        assertNotNull(fresh.poll(Duration.ofSeconds(1)));
    }

    @Test
    void aNodeJoiningARunningCrawlWithAnEmptyQueueJoinsItInsteadOfStartingOver() throws Exception {
        RedisScheduler a = node(Mode.JOIN);
        crawlOnePage(a); // a now sits in its idle wait: nothing pending, nothing in flight, not closed
        RedisScheduler late = node(Mode.JOIN);
        assertEquals(1, late.seenCount(), "joined, not cleared");
        assertFalse(late.push(Request.of("http://example.com/a")), "its start request is a duplicate");
    }

    @Test
    void crawlIdsKeepCrawlsOfOneSpiderApart() throws Exception {
        RedisScheduler a = node(Mode.JOIN);
        a.push(Request.of("http://example.com/a"));
        try (RedisScheduler other = RedisScheduler.open(
                new Options(RedisTestServer.url(), crawl + "-2", Duration.ofSeconds(60), Duration.ofSeconds(5)),
                Mode.JOIN)) {
            assertEquals(0, other.pendingCount());
            assertTrue(other.push(Request.of("http://example.com/a")));
        } finally {
            RedisTestServer.deleteNamespace(crawl + "-2");
        }
        assertThrows(
                SpinneretException.class,
                () -> new Options(RedisTestServer.url(), "a {tag}", Duration.ofSeconds(1), Duration.ofSeconds(1)));
    }

    @Test
    void statusShowsStateQueuePerHostAndTheNodesWithTheirLeases() throws Exception {
        RedisScheduler a = node(Mode.JOIN);
        a.pushAll(List.of(
                Request.of("http://one.example/1"),
                Request.of("http://one.example/2"),
                Request.of("http://two.example/1")));
        var lease = a.poll(Duration.ofSeconds(1));
        assertNotNull(lease);
        try (RedisScheduler inspector = RedisScheduler.inspect(RedisTestServer.url(), crawl)) {
            RedisCrawlStatus st = inspector.status();
            assertEquals("running", st.state());
            assertEquals(2, st.pending());
            assertEquals(1, st.inFlight());
            assertEquals(3, st.seen());
            long onHosts = st.pendingByHost().values().stream()
                    .mapToLong(Long::longValue)
                    .sum();
            assertEquals(2, onHosts);
            assertEquals(1, st.nodes().size());
            assertEquals(a.node(), st.nodes().get(0).node());
            String text = st.describe();
            assertTrue(text.contains("running") && text.contains(a.node()), text);
        }
    }
}
