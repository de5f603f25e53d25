package io.spinneret.scheduler.redis;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
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
 * @param visibilityMillis the visibility timeout: a node silent for longer is dead, and so are
 *     its leases (the next poll of any node takes them back)
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
        List<LeaseAge> unowned,
        long visibilityMillis) {

    /** How many of a node's (or the unowned) leases {@link #describe} lists, oldest first, with their URLs. */
    private static final int LISTED = 10;

    /**
     * A lease, how long ago it was taken (ms, never below 0), and its request's URL (empty if it was
     * not read: {@link #describe} reads the URLs of the leases it lists).
     */
    public record LeaseAge(String lease, long ageMillis, String url) {
        LeaseAge withUrl(String u) {
            return new LeaseAge(lease, ageMillis, u);
        }
    }

    /**
     * A node: how long ago it last beat (ms, never below 0), how many leases it held then, those
     * of them (up to a thousand are listed) still in flight, and whether it is dead: silent for
     * longer than the visibility timeout (a live node beats every third of it).
     */
    public record NodeStatus(String node, long lastBeatMillis, long leasesHeld, List<LeaseAge> leases, boolean dead) {}

    static RedisCrawlStatus read(
            RedisScheduler scheduler,
            CommandPipeline redis,
            String namespace,
            HostBuckets buckets,
            long pending,
            long seen,
            String nodesKey,
            long visibilityMillis) {
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
                ages.put(b + ":" + t.getElement(), Math.max(0, now - takenAt(t.getElement(), (long) t.getScore())));
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
            long beat = Math.max(0, now - Long.parseLong(parts[0])); // a beat after TIME was read: now
            long held = parts.length > 1 ? Long.parseLong(parts[1]) : 0;
            List<LeaseAge> leases = new ArrayList<>();
            for (int i = 2; i < parts.length; i++) {
                Long age = ages.get(parts[i]);
                if (age == null) continue; // acked since the heartbeat
                leases.add(new LeaseAge(parts[i], age, ""));
                unowned.remove(parts[i]);
            }
            nodes.add(
                    new NodeStatus(e.getKey(), beat, held, withUrls(redis, buckets, leases), beat > visibilityMillis));
        }

        Map<String, Long> sorted = new LinkedHashMap<>();
        byHost.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .forEach(e -> sorted.put(e.getKey(), e.getValue()));
        List<LeaseAge> orphans = new ArrayList<>();
        unowned.forEach((lease, age) -> orphans.add(new LeaseAge(lease, age, "")));
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
                withUrls(redis, buckets, orphans),
                visibilityMillis);
    }

    /** {@code leases} with the URLs of the {@value #LISTED} oldest read from the lease records of their buckets. */
    private static List<LeaseAge> withUrls(CommandPipeline redis, HostBuckets buckets, List<LeaseAge> leases) {
        if (leases.isEmpty()) return leases;
        List<LeaseAge> sorted = new ArrayList<>(leases);
        sorted.sort(Comparator.comparingLong(LeaseAge::ageMillis).reversed());
        for (int i = 0; i < Math.min(LISTED, sorted.size()); i++) {
            String lease = sorted.get(i).lease(); // <bucket>:<member>
            int colon = lease.indexOf(':');
            byte[] leased = buckets.keys(Integer.parseInt(lease.substring(0, colon)))
                    .get(5)
                    .getBytes(StandardCharsets.UTF_8);
            byte[] id = lease.substring(colon + 1).getBytes(StandardCharsets.UTF_8);
            byte[] entry = redis.call(p -> p.hget(leased, id));
            sorted.set(i, sorted.get(i).withUrl(entry == null ? "" : url(entry)));
        }
        return List.copyOf(sorted);
    }

    /** The URL of a lease record, {@code frontier.lua}'s "host|priority|record". */
    private static String url(byte[] entry) {
        int a = indexOf(entry, 0), b = a < 0 ? -1 : indexOf(entry, a + 1);
        if (b < 0) return "";
        try {
            String host = new String(entry, 0, a, StandardCharsets.UTF_8);
            int priority = Integer.parseInt(new String(entry, a + 1, b - a - 1, StandardCharsets.US_ASCII));
            return CompactRequestCodec.decode(Arrays.copyOfRange(entry, b + 1, entry.length), host, priority)
                    .url();
        } catch (RuntimeException unreadable) {
            return "";
        }
    }

    private static int indexOf(byte[] b, int from) {
        for (int i = from; i < b.length; i++) if (b[i] == '|') return i;
        return -1;
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
        long dead = nodes.stream().filter(NodeStatus::dead).count();
        b.append("nodes: ").append(nodes.size());
        if (dead > 0) b.append(" (").append(dead).append(" dead)");
        b.append('\n');
        for (NodeStatus n : nodes) {
            b.append("  ").append(n.node()).append(": ");
            if (n.dead()) {
                b.append("DEAD (no heartbeat for ")
                        .append(seconds(n.lastBeatMillis()))
                        .append(", over the visibility timeout of ")
                        .append(seconds(visibilityMillis))
                        .append("): ")
                        .append(n.leases().size())
                        .append(" leases left in flight, taken back by the next poll of a live node");
            } else {
                b.append("last heartbeat ")
                        .append(seconds(n.lastBeatMillis()))
                        .append(" ago, ")
                        .append(n.leasesHeld())
                        .append(" leases then, ")
                        .append(n.leases().size())
                        .append(" of them still in flight");
                if (!n.leases().isEmpty()) {
                    long oldest = n.leases().stream()
                            .mapToLong(LeaseAge::ageMillis)
                            .max()
                            .orElse(0);
                    b.append(", oldest ").append(seconds(oldest));
                }
            }
            b.append('\n');
            oldest(b, n.leases());
        }
        if (!unowned.isEmpty()) {
            long expired = unowned.stream()
                    .filter(l -> l.ageMillis() > visibilityMillis)
                    .count();
            b.append("leases no node lists (taken since its last heartbeat, beyond its first ")
                    .append(1000)
                    .append(", or of a dead node that left no entry): ")
                    .append(unowned.size());
            if (expired > 0) b.append(", ").append(expired).append(" older than the visibility timeout (dead)");
            b.append('\n');
            oldest(b, unowned);
        }
        return b.toString();
    }

    /** The {@value #LISTED} oldest of these leases, a line each: id, age and URL. */
    private static void oldest(StringBuilder b, List<LeaseAge> leases) {
        leases.stream()
                .sorted(Comparator.comparingLong(LeaseAge::ageMillis).reversed())
                .limit(LISTED)
                .forEach(l -> {
                    b.append("    ").append(l.lease()).append(' ').append(seconds(l.ageMillis()));
                    if (!l.url().isEmpty()) b.append(' ').append(l.url());
                    b.append('\n');
                });
        if (leases.size() > LISTED)
            b.append("    ... and ").append(leases.size() - LISTED).append(" more\n");
    }

    private static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.1f s", Math.max(0, millis) / 1000.0);
    }

    private static String instant(String millis) {
        try {
            return Instant.ofEpochMilli(Long.parseLong(millis)).toString();
        } catch (NumberFormatException e) {
            return millis;
        }
    }
}
