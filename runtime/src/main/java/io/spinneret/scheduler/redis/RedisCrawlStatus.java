package io.spinneret.scheduler.redis;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import redis.clients.jedis.resps.Tuple;

/**
 * A distributed crawl as {@code spinneret status} shows it, read from Redis at one moment (ages
 * by the server's clock).
 *
 * @param crawlId the crawl's id
 * @param endpoint the Redis URL, without its password
 * @param state {@code running}, {@code finished}, or {@code unknown} (no crawl of that id)
 * @param lifecycle the state hash: {@code started_by}, {@code started_at}, {@code finished_by}, {@code finished_at}
 * @param pending requests queued
 * @param inFlight requests leased to nodes
 * @param seen fingerprints seen
 * @param pendingByHost queued requests per host, largest first
 * @param nodes the nodes that sent a heartbeat and did not leave, with their leases
 * @param unowned leases no listed node holds (their node died or has not beaten yet), with their age
 */
public record RedisCrawlStatus(
        String crawlId,
        String endpoint,
        String state,
        Map<String, String> lifecycle,
        long pending,
        long inFlight,
        long seen,
        Map<String, Long> pendingByHost,
        List<NodeStatus> nodes,
        List<LeaseAge> unowned) {

    /** A lease and how long ago it was taken, in ms. */
    public record LeaseAge(String lease, long ageMillis) {}

    /**
     * A node: how long ago it last beat (ms), how many leases it held then, and those of them (up
     * to a thousand are listed) still in flight.
     */
    public record NodeStatus(String node, long lastBeatMillis, long leasesHeld, List<LeaseAge> leases) {}

    static RedisCrawlStatus read(
            RedisScheduler scheduler,
            CommandPipeline redis,
            String namespace,
            HostBuckets buckets,
            long pending,
            long seen,
            String nodesKey) {
        List<?> time = (List<?>) redis.call(p -> p.eval("return redis.call('TIME')", List.of(nodesKey), List.of()));
        long now =
                Long.parseLong(String.valueOf(time.get(0))) * 1000 + Long.parseLong(String.valueOf(time.get(1))) / 1000;
        Map<String, String> raw = redis.call(p -> p.hgetAll(namespace + "state"));
        Map<String, String> lifecycle = new TreeMap<>(raw);
        String state = lifecycle.getOrDefault("state", "unknown");
        lifecycle.remove("state");
        // the leases and queues of every bucket; a lease is named <bucket>:<member>, as its node lists it
        Map<String, Long> ages = new LinkedHashMap<>();
        Map<String, Long> byHost = new HashMap<>();
        for (int b = 0; b < HostBuckets.COUNT; b++) {
            List<String> keys = buckets.keys(b);
            for (Tuple t : redis.call(p -> p.zrangeWithScores(keys.get(4), 0, -1)))
                ages.put(b + ":" + t.getElement(), now - takenAt(t.getElement(), (long) t.getScore()));
            for (Map.Entry<String, String> e :
                    redis.call(p -> p.hgetAll(keys.get(2))).entrySet()) {
                long n = queued(e.getValue());
                if (n > 0) byHost.merge(e.getKey(), n, Long::sum);
            }
        }
        int inFlight = ages.size();

        List<NodeStatus> nodes = new ArrayList<>();
        Map<String, Long> unowned = new LinkedHashMap<>(ages);
        Map<String, String> beats = redis.call(p -> p.hgetAll(nodesKey));
        for (Map.Entry<String, String> e : new TreeMap<>(beats).entrySet()) {
            String[] parts = e.getValue().split(" ");
            long beat = now - Long.parseLong(parts[0]);
            long held = parts.length > 1 ? Long.parseLong(parts[1]) : 0;
            List<LeaseAge> leases = new ArrayList<>();
            for (int i = 2; i < parts.length; i++) {
                Long age = ages.get(parts[i]);
                if (age == null) continue; // acked since the heartbeat
                leases.add(new LeaseAge(parts[i], age));
                unowned.remove(parts[i]);
            }
            nodes.add(new NodeStatus(e.getKey(), beat, held, leases));
        }

        Map<String, Long> sorted = new LinkedHashMap<>();
        byHost.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .forEach(e -> sorted.put(e.getKey(), e.getValue()));
        List<LeaseAge> orphans = new ArrayList<>();
        unowned.forEach((lease, age) -> orphans.add(new LeaseAge(lease, age)));
        return new RedisCrawlStatus(
                scheduler.crawlId(),
                scheduler.endpoint(),
                state,
                lifecycle,
                pending,
                inFlight,
                seen,
                sorted,
                nodes,
                orphans);
    }

    /** The requests of a host's queues: {@code frontier.lua}'s "priority head tail offset count" entries, ';'-separated. */
    private static long queued(String queues) {
        long n = 0;
        for (String q : queues.split(";")) {
            if (q.isBlank()) continue;
            String[] f = q.trim().split(" ");
            n += Long.parseLong(f[f.length - 1]);
        }
        return n;
    }

    /** The time a lease was taken: the last field of its member, else its score (last touch). */
    private static long takenAt(String member, long score) {
        int c = member.lastIndexOf(':');
        try {
            return c < 0 ? score : Long.parseLong(member.substring(c + 1));
        } catch (NumberFormatException e) {
            return score;
        }
    }

    /** The report {@code spinneret status} prints. */
    public String describe() {
        StringBuilder b = new StringBuilder();
        b.append("crawl ")
                .append(crawlId)
                .append(" at ")
                .append(endpoint)
                .append(": ")
                .append(state);
        lifecycle.forEach((k, v) -> b.append(", ").append(k).append(' ').append(k.endsWith("_at") ? instant(v) : v));
        b.append('\n');
        b.append("queue: ")
                .append(pending)
                .append(" pending, ")
                .append(inFlight)
                .append(" in flight, ")
                .append(seen)
                .append(" seen\n");
        if (!pendingByHost.isEmpty()) {
            b.append("pending per host:\n");
            pendingByHost.forEach(
                    (h, n) -> b.append("  ").append(h).append(' ').append(n).append('\n'));
        }
        b.append("nodes: ").append(nodes.size()).append('\n');
        for (NodeStatus n : nodes) {
            b.append("  ")
                    .append(n.node())
                    .append(": last heartbeat ")
                    .append(seconds(n.lastBeatMillis()))
                    .append(" ago, ")
                    .append(n.leasesHeld())
                    .append(" leases then, ")
                    .append(n.leases().size())
                    .append(" of them still in flight");
            if (!n.leases().isEmpty()) {
                long oldest =
                        n.leases().stream().mapToLong(LeaseAge::ageMillis).max().orElse(0);
                b.append(", oldest ").append(seconds(oldest));
            }
            b.append('\n');
            oldest(b, n.leases());
        }
        if (!unowned.isEmpty()) {
            b.append("leases no node lists (taken since its last heartbeat, beyond its first ")
                    .append(1000)
                    .append(", or of a dead node): ")
                    .append(unowned.size())
                    .append('\n');
            oldest(b, unowned);
        }
        return b.toString();
    }

    /** The ten oldest of these leases, a line each. */
    private static void oldest(StringBuilder b, List<LeaseAge> leases) {
        leases.stream()
                .sorted(Comparator.comparingLong(LeaseAge::ageMillis).reversed())
                .limit(10)
                .forEach(l -> b.append("    ")
                        .append(l.lease())
                        .append(' ')
                        .append(seconds(l.ageMillis()))
                        .append('\n'));
        if (leases.size() > 10)
            b.append("    ... and ").append(leases.size() - 10).append(" more\n");
    }

    private static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
    }

    private static String instant(String millis) {
        try {
            return Instant.ofEpochMilli(Long.parseLong(millis)).toString();
        } catch (NumberFormatException e) {
            return millis;
        }
    }
}
