package io.spinneret.scheduler.redis;

import io.spinneret.api.Request;
import io.spinneret.api.SpinneretException;
import io.spinneret.spi.Lease;
import io.spinneret.spi.Scheduler;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.JedisPoolConfig;
import redis.clients.jedis.exceptions.JedisException;

/**
 * A {@link Scheduler} in Redis, shared by every process that opens the same spider on the same
 * server: a distributed crawl.
 *
 * <h2>Keys</h2>
 * All under {@code spinneret:<spider>:}, laid out for memory (about 50 bytes a queued request and
 * 7 a seen URL; see docs/frontier.md) and for fairness:
 * <ul>
 *   <li>{@code ring}: the hosts with pending requests, served in turn (each pop takes the next
 *       host, which goes to the back if it has more), so a host with a million queued URLs does
 *       not starve hosts with ten;</li>
 *   <li>{@code hosts}, {@code chunks}: each host's queues, one per priority (highest first, FIFO
 *       within one), as chunks of about 4 KB of {@linkplain CompactRequestCodec compact records};</li>
 *   <li>{@code inflight}: sorted set of lease ids scored by the Redis server's {@code TIME} in
 *       milliseconds when they were taken or last touched by their node's heartbeat;
 *       {@code leased}: lease id to the request (a reclaimed request goes back to the front of
 *       its queue);</li>
 *   <li>{@code seen}: fingerprints in 65,536 buckets of sorted 6-byte entries, or {@code bloom}: a
 *       Bloom filter ({@link SeenFilter}); {@code meta}: the layout version, the filter, counts.</li>
 * </ul>
 * The layout is described in {@code frontier.lua}. Every change is one Lua script ({@code push},
 * {@code pop}, {@code ack}, {@code requeue}, {@code touch}, {@code reset}, {@code layout},
 * resources of this package), so it is atomic across nodes, and durable as far as the server is
 * (its RDB/AOF settings). Every key a script touches is passed in {@code KEYS}. Keys of another
 * layout (an older version's {@code pending} sorted set and {@code requests} hash) are refused on
 * open, never read as this one.
 *
 * <h2>Visibility timeout and heartbeat</h2>
 * {@link #poll} first puts back in-flight entries whose stamp is older than the visibility timeout,
 * by the server's clock: their node died. A live node never loses its work to that: while it holds
 * leases, a heartbeat re-stamps them every third of the timeout ({@code touch} script), however
 * long a request takes (throttling, retries' backoff, storage batching). So the timeout only says
 * how soon the work of a dead node comes back; it must exceed the longest pause of a live node
 * (e.g. GC). If a node was paused longer and its lease was reclaimed, its late ack removes the
 * request wherever it is; the request may then have been downloaded twice, never lost.
 *
 * <h2>Joining and starting over</h2>
 * A namespace with pending or in-flight work is always joined: that is how nodes share a crawl.
 * A namespace whose crawl finished (nothing pending or in flight) is cleared on open when
 * {@code resume} is false, and kept (so only unseen URLs are crawled) when it is true.
 *
 * <h2>Throughput</h2>
 * Calls from many threads are sent together in one pipeline ({@code CommandPipeline}), one round
 * trip per batch; connections come from a {@link JedisPool}. When a call returns, the server has
 * run it.
 *
 * <p>Thread-safe. Counts are global, over all nodes.
 */
public final class RedisScheduler implements Scheduler {
    private static final Logger LOG = LoggerFactory.getLogger(RedisScheduler.class);
    private static final long MAX_POLL_SLEEP_NANOS = Duration.ofMillis(50).toNanos();

    private final JedisPool pool;
    private final String namespace;
    private final List<String> keys;
    private final List<byte[]> binaryKeys;
    /** The keys of every script, in the order of {@code frontier.lua}. */
    static final List<String> KEY_NAMES = List.of("meta", "ring", "hosts", "chunks", "inflight", "leased", "seen", "bloom");
    /** The version of this layout in {@code meta}; another in the namespace is refused. */
    static final String LAYOUT_VERSION = "2";
    private final long visibilityMillis;
    private final CommandPipeline redis;
    private final Set<String> held = ConcurrentHashMap.newKeySet(); // members of our live leases
    private final Thread heartbeat;
    private volatile boolean closed;
    private SeenFilter filter = SeenFilter.exact();

    private RedisScheduler(JedisPool pool, String namespace, Duration visibilityTimeout) {
        this.pool = pool;
        this.namespace = namespace;
        this.keys = KEY_NAMES.stream().map(k -> namespace + k).toList();
        this.binaryKeys = keys.stream().map(k -> k.getBytes(StandardCharsets.UTF_8)).toList();
        this.visibilityMillis = visibilityTimeout.toMillis();
        this.redis = new CommandPipeline(pool);
        long every = Math.max(visibilityMillis / 3, 10);
        this.heartbeat = Thread.ofPlatform().daemon().name("spinneret-redis-heartbeat").unstarted(() -> beat(every));
        heartbeat.start();
    }

    /** Re-stamps the leases this node holds every {@code everyMillis}, until closed. */
    private void beat(long everyMillis) {
        while (!closed) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(everyMillis));
            if (closed || held.isEmpty()) continue;
            try {
                List<String> members = new ArrayList<>(held);
                for (int i = 0; i < members.size(); i += 1000) {
                    run(LuaScripts.TOUCH, members.subList(i, Math.min(members.size(), i + 1000)));
                }
            } catch (RuntimeException e) {
                if (!closed) LOG.warn("{}*: heartbeat failed ({}); retrying", namespace, e.getMessage());
            }
        }
    }

    /**
     * Connects to the crawl of {@code spiderName} on the server at {@code redisUrl}
     * ({@code redis://[user:password@]host:port/db}).
     *
     * @param visibilityTimeout how long an in-flight entry may go unacked before any node reclaims it
     * @param resume on a namespace whose crawl finished: true keeps its seen set, false clears it
     * @throws SpinneretException if the server cannot be reached
     */
    public static RedisScheduler open(String redisUrl, String spiderName, Duration visibilityTimeout, boolean resume) {
        return open(redisUrl, spiderName, visibilityTimeout, resume, SeenFilter.exact());
    }

    /**
     * Like {@link #open(String, String, Duration, boolean)}, with the seen filter a new crawl is
     * created with (a crawl that exists keeps its own).
     */
    public static RedisScheduler open(String redisUrl, String spiderName, Duration visibilityTimeout, boolean resume, SeenFilter seen) {
        if (redisUrl.isBlank()) throw new SpinneretException("scheduler=redis needs redis_url (or --redis redis://host:port/db)");
        JedisPoolConfig config = new JedisPoolConfig();
        config.setMaxTotal(4); // one sender at a time borrows one
        config.setMaxIdle(4);
        config.setJmxEnabled(false);
        JedisPool pool;
        try {
            pool = new JedisPool(config, URI.create(redisUrl), 10_000);
        } catch (IllegalArgumentException | JedisException e) {
            throw new SpinneretException("bad redis_url '" + redisUrl + "': " + e.getMessage(), e);
        }
        RedisScheduler s = new RedisScheduler(pool, "spinneret:" + spiderName + ":", visibilityTimeout);
        try {
            s.start(resume, seen);
        } catch (JedisException | SpinneretException e) {
            s.close();
            throw new SpinneretException("cannot use Redis at " + redisUrl + ": " + e.getMessage(), e);
        }
        return s;
    }

    private void start(boolean resume, SeenFilter seen) {
        refuseOlderLayout();
        layout(seen);
        if (resume) {
            LOG.info("joining {}* ({} pending, {} in flight, {} seen)", namespace, pendingCount(), inFlightCount(), seenCount());
            return;
        }
        long dropped = (Long) run(LuaScripts.RESET, List.of());
        if (dropped >= 0) layout(seen); // created again, with this node's filter
        if (dropped > 0) LOG.info("{}*: the previous crawl finished ({} seen); starting a new one", namespace, dropped);
        else if (dropped < 0) LOG.info("joining the running crawl in {}* ({} pending, {} in flight)", namespace, pendingCount(), inFlightCount());
    }

    /** The keys of the layout before per-host queues: a sorted set of ids and a hash of JSON. */
    private void refuseOlderLayout() {
        long old = redis.call(p -> p.exists(namespace + "pending", namespace + "requests"));
        if (old > 0) {
            throw new SpinneretException(namespace + "* holds a crawl in the layout of an older Spinneret (keys " + namespace
                    + "pending and " + namespace + "requests), which this version does not read: finish it with that version, "
                    + "or delete its keys (redis-cli --scan --pattern '" + namespace + "*' | xargs redis-cli unlink)");
        }
    }

    /** Creates the crawl's layout, or checks the one it has; the filter is the crawl's. */
    private void layout(SeenFilter seen) {
        List<?> out;
        try {
            out = (List<?>) redis.eval(LuaScripts.LAYOUT, keys,
                    List.of(LAYOUT_VERSION, seen.kind(), Long.toString(seen.bits()), Integer.toString(seen.hashes())));
        } catch (JedisException e) {
            if (String.valueOf(e.getMessage()).contains("LAYOUT")) {
                throw new SpinneretException(namespace + "* holds keys of another frontier layout (" + e.getMessage()
                        + "; this version writes layout " + LAYOUT_VERSION + "): finish that crawl with the version that started it, "
                        + "or delete its keys (redis-cli --scan --pattern '" + namespace + "*' | xargs redis-cli unlink)", e);
            }
            throw e;
        }
        SeenFilter crawls = new SeenFilter((String) out.get(0), Long.parseLong((String) out.get(1)), Integer.parseInt((String) out.get(2)));
        if (!crawls.equals(seen)) LOG.warn("{}*: the crawl remembers seen URLs with {}, not {} as this node's settings say", namespace, crawls, seen);
        filter = crawls;
    }

    /** The seen filter of the crawl (the one it was created with). */
    public SeenFilter seenFilter() {
        return filter;
    }

    /** The key prefix, {@code spinneret:<spider>:}. */
    public String namespace() {
        return namespace;
    }

    @Override
    public boolean push(Request request) {
        return pushAll(List.of(request)) == 1;
    }

    @Override
    public int pushAll(List<Request> requests) {
        if (requests.isEmpty()) return 0;
        List<byte[]> args = new ArrayList<>(requests.size() * 5);
        for (Request r : requests) {
            String host = r.host();
            args.add(fingerprintBytes(r));
            args.add(r.dontFilter() ? ONE : ZERO);
            args.add(host.getBytes(StandardCharsets.UTF_8));
            args.add(Integer.toString(r.priority()).getBytes(StandardCharsets.US_ASCII));
            args.add(CompactRequestCodec.encode(r, host));
        }
        return ((Long) runBinary(LuaScripts.PUSH, args)).intValue();
    }

    @Override
    public @Nullable Lease poll(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        long sleep = Duration.ofMillis(1).toNanos();
        List<byte[]> args = List.of(Long.toString(visibilityMillis).getBytes(StandardCharsets.US_ASCII));
        while (true) {
            List<?> out = (List<?>) runBinary(LuaScripts.POP, args);
            long reclaimed = (Long) out.get(0);
            if (reclaimed > 0) LOG.warn("{}*: reclaimed {} requests in flight for over {} ms", namespace, reclaimed, visibilityMillis);
            if (out.size() >= 5) {
                String id = text(out.get(1));
                String host = text(out.get(2));
                int priority = Integer.parseInt(text(out.get(3)));
                held.add(id);
                return new Lease(id, CompactRequestCodec.decode((byte[]) out.get(4), host, priority));
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) return null;
            if (Thread.interrupted()) throw new InterruptedException();
            LockSupport.parkNanos(Math.min(sleep, left));
            sleep = Math.min(sleep * 2, MAX_POLL_SLEEP_NANOS);
        }
    }

    @Override
    public void ack(Lease lease) {
        run(LuaScripts.ACK, List.of(lease.id()));
        held.remove(lease.id());
    }

    @Override
    public void requeue(Lease lease, Request request) {
        String host = request.host();
        runBinary(LuaScripts.REQUEUE, List.of(lease.id().getBytes(StandardCharsets.UTF_8), host.getBytes(StandardCharsets.UTF_8),
                Integer.toString(request.priority()).getBytes(StandardCharsets.US_ASCII), CompactRequestCodec.encode(request, host)));
        held.remove(lease.id());
    }

    @Override
    public long pendingCount() {
        return metaCount("pending");
    }

    @Override
    public long inFlightCount() {
        return count(p -> p.zcard(keys.get(4)));
    }

    @Override
    public long seenCount() {
        return metaCount("seen");
    }

    private long metaCount(String field) {
        String n = count(p -> p.hget(keys.get(0), field));
        return n == null ? 0 : Long.parseLong(n);
    }

    @Override
    public boolean isShared() {
        return true;
    }

    @Override
    public boolean isPersistent() {
        return true;
    }

    /**
     * Stops the heartbeat, sends what is queued, then closes the connections; the crawl's state
     * stays in Redis, and leases still held come back to other nodes after the visibility timeout.
     * Idempotent.
     */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        LockSupport.unpark(heartbeat);
        try {
            heartbeat.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        redis.close();
        pool.close();
    }

    private Object run(LuaScripts script, List<String> args) {
        if (closed) throw new IllegalStateException("scheduler is closed");
        try {
            return redis.eval(script, keys, args);
        } catch (JedisException e) {
            throw new SpinneretException("Redis scheduler " + namespace + ": " + e.getMessage(), e);
        }
    }

    private Object runBinary(LuaScripts script, List<byte[]> args) {
        if (closed) throw new IllegalStateException("scheduler is closed");
        try {
            return redis.evalBinary(script, binaryKeys, args);
        } catch (JedisException e) {
            throw new SpinneretException("Redis scheduler " + namespace + ": " + e.getMessage(), e);
        }
    }

    private static final byte[] ONE = {'1'};
    private static final byte[] ZERO = {'0'};

    /** The 128-bit fingerprint, big-endian: the exact set keeps the first 64 bits, the Bloom filter hashes the last 64. */
    private static byte[] fingerprintBytes(Request r) {
        var fp = r.fingerprint();
        return java.nio.ByteBuffer.allocate(16).putLong(fp.hi()).putLong(fp.lo()).array();
    }

    private static String text(Object reply) {
        return reply instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : String.valueOf(reply);
    }

    private <T> T count(CommandPipeline.Command<T> command) {
        if (closed) throw new IllegalStateException("scheduler is closed");
        try {
            return redis.call(command);
        } catch (JedisException e) {
            throw new SpinneretException("Redis scheduler " + namespace + ": " + e.getMessage(), e);
        }
    }
}
