package io.spinneret.scheduler.redis;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.Set;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisClusterClient;

/** The Redis Cluster of the tests ({@code SPINNERET_TEST_REDIS_CLUSTER}, started by {@code .ci/run}). */
final class RedisClusterTestServer {
    private RedisClusterTestServer() {}

    /** The cluster URL; skips the test when the variable is unset. */
    static String url() {
        String url = System.getenv("SPINNERET_TEST_REDIS_CLUSTER");
        assumeTrue(url != null && !url.isBlank(), "SPINNERET_TEST_REDIS_CLUSTER is not set");
        return url;
    }

    static HostAndPort firstNode() {
        String node = url().substring("redis-cluster://".length()).split(",")[0];
        return new HostAndPort(
                node.substring(0, node.lastIndexOf(':')), Integer.parseInt(node.substring(node.lastIndexOf(':') + 1)));
    }

    /** Deletes the crawl's fixed keys (its pop tokens expire by themselves). */
    static void deleteNamespace(String crawlId) {
        String ns = "spinneret:{" + crawlId + "}:";
        try (RedisClusterClient c = RedisClusterClient.create(Set.of(firstNode()))) {
            for (String k : List.of("pending", "inflight", "requests", "seen", "seq", "state", "nodes")) c.del(ns + k);
        }
    }

    /**
     * Makes a replica of the master that holds {@code key}'s slot take over ({@code CLUSTER FAILOVER}),
     * and waits (bounded) until it is master.
     *
     * @return the address of the new master
     */
    static HostAndPort failOver(String key) throws InterruptedException {
        try (Jedis any = new Jedis(firstNode())) {
            long slot = any.clusterKeySlot(key);
            String master = null;
            String[] lines = any.clusterNodes().split("\n");
            for (String line : lines) {
                String[] f = line.split(" ");
                if (!f[2].contains("master")) continue;
                for (int i = 8; i < f.length; i++) {
                    String[] range = f[i].split("-");
                    if (range[0].startsWith("[")) continue;
                    long from = Long.parseLong(range[0]), to = range.length > 1 ? Long.parseLong(range[1]) : from;
                    if (slot >= from && slot <= to) master = f[0];
                }
            }
            for (String line : lines) {
                String[] f = line.split(" ");
                if (f[2].contains("slave") && f[3].equals(master) && !f[2].contains("fail")) {
                    String addr = f[1].split("@")[0];
                    HostAndPort replica = new HostAndPort(
                            addr.substring(0, addr.lastIndexOf(':')),
                            Integer.parseInt(addr.substring(addr.lastIndexOf(':') + 1)));
                    try (Jedis r = new Jedis(replica)) {
                        r.clusterFailover();
                        for (int i = 0; i < 100; i++) { // bounded: 10 s
                            if (r.info("replication").contains("role:master")) return replica;
                            Thread.sleep(100);
                        }
                    }
                    throw new AssertionError("replica " + replica + " did not become master");
                }
            }
            throw new AssertionError("no replica of the master of slot " + slot);
        }
    }
}
