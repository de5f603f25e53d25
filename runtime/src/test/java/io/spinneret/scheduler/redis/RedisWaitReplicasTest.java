package io.spinneret.scheduler.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Request;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/**
 * {@code redis_wait_replicas} on a Redis Cluster: a batch's {@code WAIT} goes to every master its
 * writes went to (the host buckets of a crawl are spread over every master), not only to the
 * master of the crawl's own keys. The cluster is the test's own (three masters, three replicas,
 * on {@code SPINNERET_TEST_REDIS_PORTS}), so that a test may pause a replica.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class RedisWaitReplicasTest {
    @TempDir
    Path dir;

    @Test
    void waitGoesToEachMasterTheWritesTouchedAndToNoOther() throws Exception {
        try (OwnRedisCluster cluster = OwnRedisCluster.start(dir.resolve("cluster"));
                RedisScheduler node = open(cluster, "waited")) {
            OwnRedisServer crawlMaster = cluster.masterOf(node.namespace() + "meta");
            Map<OwnRedisServer, List<Request>> byMaster = requestsByMaster(cluster, node);
            OwnRedisServer other = otherThan(byMaster, crawlMaster, null);
            OwnRedisServer third = otherThan(byMaster, crawlMaster, other);
            resetStats(cluster);

            node.pushAll(byMaster.get(other)); // host buckets on one master that holds none of the crawl's keys
            assertTrue(waits(other) > 0, "WAIT on the master the pushes went to");
            assertEquals(0, waits(third), "no WAIT on a master no write went to");

            List<Request> everywhere = new ArrayList<>();
            byMaster.values().forEach(everywhere::addAll);
            long before = waits(third);
            node.pushAll(
                    everywhere.stream().map(r -> Request.of(r.url() + "?again")).toList());
            assertTrue(waits(third) > before, "WAIT on the third master too once a batch wrote there");
        }
    }

    @Test
    void aPausedReplicaOfAnyTouchedMasterIsWarnedAbout() throws Exception {
        try (OwnRedisCluster cluster = OwnRedisCluster.start(dir.resolve("cluster"));
                RedisScheduler node = open(cluster, "paused")) {
            OwnRedisServer crawlMaster = cluster.masterOf(node.namespace() + "meta");
            Map<OwnRedisServer, List<Request>> byMaster = requestsByMaster(cluster, node);
            OwnRedisServer other = otherThan(byMaster, crawlMaster, null);
            OwnRedisServer replica = cluster.replicaOf(other);
            String logs;
            replica.signal("STOP"); // it stops acknowledging: WAIT on its master times out (1 s)
            try {
                logs = CapturedLogs.during(() -> node.pushAll(byMaster.get(other)));
            } finally {
                replica.signal("CONT");
            }
            assertTrue(logs.contains("0 of 1 replicas (redis_wait_replicas)"), logs);
            assertEquals(0, node.pushAll(List.of(byMaster.get(other).get(0))), "the push ran: its URL is seen");
        }
    }

    @Test
    void onOneServerABatchWaitsOnceWhateverBucketsItWrote() throws Exception {
        Path masterDir = Files.createDirectories(dir.resolve("master"));
        Path replicaDir = Files.createDirectories(dir.resolve("replica"));
        try (OwnRedisServer redis = OwnRedisServer.start(masterDir, "--appendonly", "no");
                OwnRedisServer replica = OwnRedisServer.start(
                        replicaDir, "--appendonly", "no", "--replicaof", "127.0.0.1", Integer.toString(redis.port()))) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            try (Jedis j = new Jedis("127.0.0.1", redis.port())) {
                while (!j.info("replication").contains("connected_slaves:1") && System.nanoTime() < deadline)
                    Thread.sleep(50);
                assertTrue(j.info("replication").contains("connected_slaves:1"), "the replica is connected");
            }
            try (RedisScheduler node = RedisScheduler.open(
                    new RedisScheduler.Options(
                                    "redis://127.0.0.1:" + redis.port() + "/0",
                                    "single",
                                    Duration.ofSeconds(60),
                                    Duration.ofSeconds(20))
                            .withWaitReplicas(1),
                    RedisScheduler.Mode.NEW)) {
                List<Request> requests = new ArrayList<>();
                for (int i = 0; i < 60; i++) requests.add(Request.of("http://h" + i + ".example/"));
                Set<String> buckets = new HashSet<>();
                for (Request r : requests) buckets.add(node.bucketPrefix(r.host()));
                try (Jedis j = new Jedis("127.0.0.1", redis.port())) {
                    j.configResetStat();
                }
                assertEquals(60, node.pushAll(requests));
                long waits = waits(redis);
                assertTrue(
                        waits >= 1 && waits < buckets.size() / 4,
                        "a WAIT per batch, not per bucket written (" + buckets.size() + "): " + waits);
            }
        }
    }

    private static RedisScheduler open(OwnRedisCluster cluster, String crawlId) {
        return RedisScheduler.open(
                new RedisScheduler.Options(cluster.url(), crawlId, Duration.ofSeconds(60), Duration.ofSeconds(20))
                        .withWaitReplicas(1),
                RedisScheduler.Mode.NEW);
    }

    /** Requests for hosts whose buckets are on each master, a few per master. */
    private static Map<OwnRedisServer, List<Request>> requestsByMaster(OwnRedisCluster cluster, RedisScheduler node) {
        Map<OwnRedisServer, List<Request>> byMaster = new HashMap<>();
        for (int i = 0; i < 60; i++) {
            String host = "h" + i + ".example";
            OwnRedisServer master = cluster.masterOf(node.bucketPrefix(host) + "meta");
            byMaster.computeIfAbsent(master, m -> new ArrayList<>()).add(Request.of("http://" + host + "/"));
        }
        assertEquals(3, byMaster.size(), "hosts on each of the three masters");
        return byMaster;
    }

    private static OwnRedisServer otherThan(
            Map<OwnRedisServer, List<Request>> byMaster, OwnRedisServer a, OwnRedisServer b) {
        for (OwnRedisServer m : byMaster.keySet()) if (m != a && m != b) return m;
        throw new IllegalStateException("three masters expected");
    }

    private static void resetStats(OwnRedisCluster cluster) {
        for (OwnRedisServer m : cluster.masters()) {
            try (Jedis j = new Jedis("127.0.0.1", m.port())) {
                j.configResetStat();
            }
        }
    }

    /** How many WAIT commands the server ran since its stats were reset. */
    private static long waits(OwnRedisServer server) {
        try (Jedis j = new Jedis("127.0.0.1", server.port())) {
            for (String line : j.info("commandstats").split("\r\n")) {
                if (line.startsWith("cmdstat_wait:calls=")) {
                    return Long.parseLong(line.substring("cmdstat_wait:calls=".length(), line.indexOf(',')));
                }
            }
            return 0;
        }
    }
}
