package io.spinneret.scheduler.redis;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import redis.clients.jedis.Jedis;

/**
 * A Redis Cluster of a test's own: three masters and a replica of each, {@code redis-server}
 * processes on ports of {@code SPINNERET_TEST_REDIS_PORTS} (the test is skipped when it is unset),
 * so that a test may kill a master. Failure detection is quick ({@code cluster-node-timeout} 3 s).
 */
final class OwnRedisCluster implements AutoCloseable {
    static final int NODE_TIMEOUT_MILLIS = 3000;
    private final List<OwnRedisServer> servers = new ArrayList<>();

    private OwnRedisCluster() {}

    /** Starts six servers, makes them a cluster (three masters, one replica each) and waits until it serves. */
    static OwnRedisCluster start(Path dir) throws Exception {
        assumeTrue(System.getenv("SPINNERET_TEST_REDIS_PORTS") != null, "SPINNERET_TEST_REDIS_PORTS is not set");
        OwnRedisCluster cluster = new OwnRedisCluster();
        try {
            for (int i = 0; i < 6; i++) {
                Path nodeDir = Files.createDirectories(dir.resolve("node" + i));
                cluster.servers.add(OwnRedisServer.start(
                        nodeDir,
                        "--cluster-enabled",
                        "yes",
                        "--cluster-config-file",
                        "nodes.conf",
                        "--cluster-node-timeout",
                        Integer.toString(NODE_TIMEOUT_MILLIS),
                        "--appendonly",
                        "no"));
            }
            List<String> create = new ArrayList<>(List.of("redis-cli", "--cluster", "create"));
            for (OwnRedisServer s : cluster.servers) create.add("127.0.0.1:" + s.port());
            create.addAll(List.of("--cluster-replicas", "1", "--cluster-yes"));
            Process p = new ProcessBuilder(create)
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("create.log").toFile())
                    .start();
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IllegalStateException(
                        "redis-cli --cluster create failed: " + Files.readString(dir.resolve("create.log")));
            }
            cluster.awaitServing(cluster.servers);
            return cluster;
        } catch (Exception | Error e) {
            cluster.close();
            throw e;
        }
    }

    /** {@code redis-cluster://} with every node. */
    String url() {
        StringBuilder b = new StringBuilder("redis-cluster://");
        for (int i = 0; i < servers.size(); i++) {
            if (i > 0) b.append(',');
            b.append("127.0.0.1:").append(servers.get(i).port());
        }
        return b.toString();
    }

    /** The server that is master of {@code key}'s slot now. */
    OwnRedisServer masterOf(String key) {
        for (OwnRedisServer s : servers) {
            try (Jedis j = new Jedis("127.0.0.1", s.port())) {
                if (!j.info("replication").contains("role:master")) continue;
                int slot = (int) j.clusterKeySlot(key);
                String mine = j.clusterMyId();
                for (String line : j.clusterNodes().split("\n")) {
                    String[] f = line.split(" ");
                    if (!f[0].equals(mine)) continue;
                    for (int i = 8; i < f.length; i++) {
                        String[] range = f[i].split("-");
                        if (range[0].startsWith("[")) continue;
                        int from = Integer.parseInt(range[0]);
                        int to = range.length > 1 ? Integer.parseInt(range[1]) : from;
                        if (slot >= from && slot <= to) return s;
                    }
                }
            } catch (RuntimeException down) {
                // a killed server: not the master
            }
        }
        throw new IllegalStateException("no master serves " + key);
    }

    /** The servers that are masters now (a killed one is not). */
    List<OwnRedisServer> masters() {
        List<OwnRedisServer> masters = new ArrayList<>();
        for (OwnRedisServer s : servers) {
            try (Jedis j = new Jedis("127.0.0.1", s.port())) {
                if (j.info("replication").contains("role:master")) masters.add(s);
            } catch (RuntimeException down) {
                // a killed server: not a master
            }
        }
        return masters;
    }

    /** The server that replicates {@code master} now. */
    OwnRedisServer replicaOf(OwnRedisServer master) {
        for (OwnRedisServer s : servers) {
            try (Jedis j = new Jedis("127.0.0.1", s.port())) {
                String replication = j.info("replication");
                if (replication.contains("role:slave") && replication.contains("master_port:" + master.port() + "\r"))
                    return s;
            } catch (RuntimeException down) {
                // a killed server
            }
        }
        throw new IllegalStateException("no replica of " + master.port());
    }

    /** Waits (bounded: 60 s) until every one of {@code live} reports the cluster ok and its replication in sync. */
    void awaitServing(List<OwnRedisServer> live) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (live.stream().allMatch(OwnRedisCluster::ready)) return;
            Thread.sleep(100);
        }
        throw new IllegalStateException("the cluster did not become ready within 60 s");
    }

    /** Waits (bounded: 60 s) until a live server other than {@code dead} is master of {@code key}'s slot. */
    OwnRedisServer awaitPromotion(String key, OwnRedisServer dead) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            try {
                OwnRedisServer master = masterOf(key);
                if (master != dead) return master;
            } catch (IllegalStateException notYet) {
                // no master for the slot yet
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("no replica took over " + key + " within 60 s");
    }

    private static boolean ready(OwnRedisServer s) {
        try (Jedis j = new Jedis("127.0.0.1", s.port())) {
            if (!j.clusterInfo().contains("cluster_state:ok")) return false;
            String replication = j.info("replication");
            if (replication.contains("role:slave")) return replication.contains("master_link_status:up");
            return replication.contains("connected_slaves:1");
        } catch (RuntimeException e) {
            return false;
        }
    }

    @Override
    public void close() throws Exception {
        for (OwnRedisServer s : servers) {
            try {
                s.close();
            } catch (Exception ignored) {
                // already gone
            }
        }
    }
}
