package io.spinneret.scheduler.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Request;
import io.spinneret.scheduler.redis.RedisScheduler.Mode;
import io.spinneret.scheduler.redis.RedisScheduler.Options;
import io.spinneret.spi.Lease;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/** {@code status} tells a dead node and its leases (URL and age) from a live one. */
class RedisStatusTest {
    private final String crawlId = "status-" + UUID.randomUUID().toString().substring(0, 8);

    @AfterEach
    void cleanUp() {
        RedisTestServer.deleteNamespace(crawlId);
    }

    @Test
    void aNodeSilentForLongerThanTheVisibilityTimeoutIsShownDeadWithItsLeasesUrlsAndAges() throws Exception {
        try (RedisScheduler live = RedisScheduler.open(
                        new Options(RedisTestServer.url(), crawlId, Duration.ofSeconds(15), Duration.ofSeconds(5)),
                        Mode.JOIN);
                RedisScheduler taker = RedisScheduler.inspect(RedisTestServer.url(), crawlId)) {
            live.pushAll(List.of(Request.of("http://example.com/dead-1"), Request.of("http://example.com/live-1")));
            Lease deadsLease = taker.poll(Duration.ofSeconds(1)); // taken by a scheduler without a heartbeat
            assertNotNull(deadsLease);
            Lease livesLease = live.poll(Duration.ofSeconds(1));
            assertNotNull(livesLease);
            try (Jedis j = RedisTestServer.connect()) {
                long longAgo = Long.parseLong(j.time().get(0)) * 1000 - 60_000;
                // the node that took it beat last a minute ago, holding it: it died
                j.hset(live.namespace() + "nodes", "ghost:1", longAgo + " 1 " + deadsLease.id());
            }
            RedisCrawlStatus status;
            try (RedisScheduler inspector =
                    RedisScheduler.inspect(RedisTestServer.url(), crawlId, Duration.ofSeconds(15))) {
                status = inspector.status();
            }
            String shown = status.describe();
            RedisCrawlStatus.NodeStatus ghost = status.nodes().stream()
                    .filter(n -> n.node().equals("ghost:1"))
                    .findFirst()
                    .orElseThrow();
            assertTrue(ghost.dead(), shown);
            assertEquals(1, ghost.leases().size(), shown);
            assertEquals("http://example.com/dead-1", ghost.leases().get(0).url(), shown);
            assertTrue(ghost.lastBeatMillis() >= 60_000, shown);
            assertTrue(shown.contains("ghost:1: DEAD (no heartbeat for "), shown);
            assertTrue(shown.contains("http://example.com/dead-1"), shown);
            assertTrue(shown.contains("nodes: 2 (1 dead)"), shown);
            RedisCrawlStatus.NodeStatus alive = status.nodes().stream()
                    .filter(n -> n.node().equals(live.node()))
                    .findFirst()
                    .orElseThrow();
            assertFalse(alive.dead(), shown);
            assertFalse(shown.contains("-0.0"), "no negative age: " + shown);
            live.ack(livesLease);
        }
    }
}
