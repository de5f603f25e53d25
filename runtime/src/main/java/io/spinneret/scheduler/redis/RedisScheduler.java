package io.spinneret.scheduler.redis;

import io.spinneret.api.Request;
import io.spinneret.api.RequestCodec;
import io.spinneret.api.SpinneretException;
import io.spinneret.spi.Lease;
import io.spinneret.spi.Scheduler;
import io.spinneret.spi.SharedThrottle;
import java.net.URI;
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
 * All under {@code spinneret:<spider>:}:
 * <ul>
 *   <li>{@code pending}: sorted set of request ids scored by {@code -priority}; ids are 15-digit
 *       sequence numbers, and Redis orders equal scores by member, so the set pops the highest
 *       priority first and FIFO within a priority;</li>
 *   <li>{@code inflight}: sorted set of {@code <id>:<score>:<time taken>} members (the lease ids)
 *       scored by the Redis server's {@code TIME} in milliseconds when they were taken or last
 *       touched by their node's heartbeat;</li>
 *   <li>{@code requests}: hash of id to request JSON ({@link RequestCodec});</li>
 *   <li>{@code seen}: set of fingerprints (hex); {@code seq}: the id counter.</li>
 * </ul>
 * Every change is one Lua script ({@code push}, {@code pop}, {@code ack}, {@code requeue},
 * {@code touch}, {@code reset}, resources of this package), so it is atomic across nodes, and
 * durable as far as the server is (its RDB/AOF settings). The keys of one spider are used together
 * by each script, so this does not run on Redis Cluster.
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
    private final long visibilityMillis;
    private final CommandPipeline redis;
    private final Set<String> held = ConcurrentHashMap.newKeySet(); // members of our live leases
    private final Thread heartbeat;
    private @Nullable RedisThrottle throttle; // guarded by this; made on first use
    private volatile boolean closed;

    private RedisScheduler(JedisPool pool, String namespace, Duration visibilityTimeout) {
        this.pool = pool;
        this.namespace = namespace;
        this.keys = List.of(namespace + "pending", namespace + "inflight", namespace + "requests",
                namespace + "seen", namespace + "seq");
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
            s.start(resume);
        } catch (JedisException | SpinneretException e) {
            s.close();
            throw new SpinneretException("cannot use Redis at " + redisUrl + ": " + e.getMessage(), e);
        }
        return s;
    }

    private void start(boolean resume) {
        if (resume) {
            LOG.info("joining {}* ({} pending, {} in flight, {} seen)", namespace, pendingCount(), inFlightCount(), seenCount());
            return;
        }
        long dropped = (Long) run(LuaScripts.RESET, List.of());
        if (dropped > 0) LOG.info("{}*: the previous crawl finished ({} seen); starting a new one", namespace, dropped);
        else if (dropped < 0) LOG.info("joining the running crawl in {}* ({} pending, {} in flight)", namespace, pendingCount(), inFlightCount());
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
        List<String> args = new ArrayList<>(requests.size() * 4);
        for (Request r : requests) {
            args.add(r.fingerprint().hex());
            args.add(r.dontFilter() ? "1" : "0");
            args.add(Integer.toString(r.priority()));
            args.add(RequestCodec.toJson(r));
        }
        return ((Long) run(LuaScripts.PUSH, args)).intValue();
    }

    @Override
    public @Nullable Lease poll(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        long sleep = Duration.ofMillis(1).toNanos();
        List<String> args = List.of("1", Long.toString(visibilityMillis));
        while (true) {
            List<?> out = (List<?>) run(LuaScripts.POP, args);
            long reclaimed = (Long) out.get(0);
            if (reclaimed > 0) LOG.warn("{}*: reclaimed {} requests in flight for over {} ms", namespace, reclaimed, visibilityMillis);
            if (out.size() >= 3) {
                String member = (String) out.get(1);
                held.add(member);
                return new Lease(member, RequestCodec.fromJson((String) out.get(2)));
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
        run(LuaScripts.REQUEUE, List.of(lease.id(), Integer.toString(request.priority()), RequestCodec.toJson(request)));
        held.remove(lease.id());
    }

    @Override
    public long pendingCount() {
        return count(p -> p.zcard(keys.get(0)));
    }

    @Override
    public long inFlightCount() {
        return count(p -> p.zcard(keys.get(1)));
    }

    @Override
    public long seenCount() {
        return count(p -> p.scard(keys.get(3)));
    }

    @Override
    public boolean isShared() {
        return true;
    }

    /** Politeness across the nodes of this crawl, under its keys ({@link RedisThrottle}). */
    @Override
    public synchronized SharedThrottle sharedThrottle() {
        if (closed) throw new IllegalStateException("scheduler is closed");
        if (throttle == null) throttle = new RedisThrottle(redis, name -> namespace + name, RedisThrottle.LEASE_MILLIS);
        return throttle;
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
        synchronized (this) {
            if (throttle != null) throttle.close();
        }
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

    private long count(CommandPipeline.Command<Long> command) {
        if (closed) throw new IllegalStateException("scheduler is closed");
        try {
            return redis.call(command);
        } catch (JedisException e) {
            throw new SpinneretException("Redis scheduler " + namespace + ": " + e.getMessage(), e);
        }
    }
}
