package io.spinneret.scheduler.redis;

import io.spinneret.api.SpinneretException;
import io.spinneret.spi.SharedThrottle;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The politeness of a Redis crawl, shared by its nodes ({@code throttle} script, on the server's
 * clock). Two keys per host, under the prefix of the host's bucket ({@link HostBuckets}), so a
 * host's politeness lives with its queue:
 * <ul>
 *   <li>{@code throttle:next:<host>}: when the next request to the host may start, in microseconds
 *       of the server's {@code TIME}. Each start is booked there, the delay after the previous
 *       booking by any node, and the node sleeps until its booked time; the key expires a second
 *       after that time;</li>
 *   <li>{@code throttle:inflight:<host>}: the requests to the host in flight on all nodes, a sorted
 *       set of pass tokens scored by lease expiry. A node renews the leases of the passes it holds
 *       every third of the lease ({@value #LEASE_MILLIS} ms), so a dead node's places come free
 *       within the lease while a live node keeps its place however long its download takes.</li>
 * </ul>
 * Thread-safe.
 */
final class RedisThrottle implements SharedThrottle, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RedisThrottle.class);
    /** How long an in-flight place outlives its node's last heartbeat, by default. */
    static final long LEASE_MILLIS = 15_000;

    private static final long MAX_RETRY_SLEEP_NANOS = Duration.ofMillis(50).toNanos();

    private final CommandPipeline redis;
    private final UnaryOperator<String> prefix;
    private final long leaseMillis;
    private final String node = UUID.randomUUID().toString();
    private final AtomicLong passes = new AtomicLong();
    /** The tokens of the passes this node holds, by in-flight key. */
    private final Map<String, Set<String>> held = new ConcurrentHashMap<>();

    private final Thread heartbeat;
    private volatile boolean closed;

    /**
     * @param prefix the key prefix of a host (its bucket's), as the scheduler's keys
     * @param leaseMillis how long an in-flight place outlives its node's last heartbeat
     */
    RedisThrottle(CommandPipeline redis, UnaryOperator<String> prefix, long leaseMillis) {
        this.redis = redis;
        this.prefix = prefix;
        this.leaseMillis = leaseMillis;
        this.heartbeat =
                Thread.ofVirtual().name("spinneret-redis-throttle-heartbeat").unstarted(this::beat);
        heartbeat.start();
    }

    @Override
    public Pass acquire(String host, Duration delay, int maxInFlight) throws InterruptedException {
        String at = prefix.apply(host);
        String inFlight = at + "throttle:inflight:" + host;
        List<String> keys = List.of(at + "throttle:next:" + host, inFlight);
        String token = node + ":" + passes.incrementAndGet();
        List<String> args = List.of(
                "acquire",
                Long.toString(Math.max(0, delay.toNanos() / 1000)),
                Integer.toString(Math.max(0, maxInFlight)),
                token,
                Long.toString(leaseMillis));
        long slept = 0;
        long retrySleep = Duration.ofMillis(2).toNanos();
        long waitMicros;
        while ((waitMicros = (Long) eval(keys, args)) < 0) { // the host has its most in flight
            if (Thread.interrupted()) throw new InterruptedException();
            LockSupport.parkNanos(retrySleep);
            slept += retrySleep;
            retrySleep = Math.min(retrySleep * 2, MAX_RETRY_SLEEP_NANOS);
        }
        RedisPass pass = new RedisPass(inFlight, maxInFlight > 0 ? token : null);
        if (pass.token != null)
            held.computeIfAbsent(inFlight, k -> ConcurrentHashMap.newKeySet()).add(token);
        if (waitMicros > 0) {
            try {
                Thread.sleep(Duration.ofNanos(waitMicros * 1000));
            } catch (InterruptedException e) {
                pass.close();
                throw e;
            }
            slept += waitMicros * 1000;
        }
        pass.waited = Duration.ofNanos(slept);
        return pass;
    }

    private Object eval(List<String> keys, List<String> args) {
        try {
            return redis.eval(LuaScripts.THROTTLE.plain(), keys, args);
        } catch (JedisException e) {
            throw new SpinneretException("Redis throttle: " + e.getMessage(), e);
        }
    }

    private final class RedisPass implements Pass {
        final String inFlight;
        final @Nullable String token;
        final AtomicBoolean open = new AtomicBoolean(true);
        volatile Duration waited = Duration.ZERO;

        RedisPass(String inFlight, @Nullable String token) {
            this.inFlight = inFlight;
            this.token = token;
        }

        @Override
        public Duration waited() {
            return waited;
        }

        @Override
        public void close() {
            String t = token;
            if (t == null || !open.compareAndSet(true, false)) return;
            Set<String> tokens = held.get(inFlight);
            if (tokens != null) tokens.remove(t);
            if (closed) return; // the place expires with its lease
            try {
                redis.call(p -> p.zrem(inFlight, t));
            } catch (RuntimeException e) {
                LOG.warn(
                        "Redis throttle: freeing a place of {} failed ({}); it expires in {} ms",
                        inFlight,
                        e.getMessage(),
                        leaseMillis);
            }
        }
    }

    /** Renews the leases of the passes held, every third of the lease, until closed. */
    private void beat() {
        while (!closed) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(leaseMillis / 3));
            if (closed) return;
            for (Map.Entry<String, Set<String>> e : held.entrySet()) {
                if (e.getValue().isEmpty()) {
                    held.remove(e.getKey(), e.getValue());
                    continue;
                }
                List<String> args = new ArrayList<>(List.of("touch", Long.toString(leaseMillis)));
                args.addAll(e.getValue());
                try {
                    redis.eval(LuaScripts.THROTTLE.plain(), List.of(e.getKey()), args);
                } catch (RuntimeException ex) {
                    if (!closed)
                        LOG.warn("Redis throttle: heartbeat of {} failed ({}); retrying", e.getKey(), ex.getMessage());
                }
            }
        }
    }

    /** Stops the heartbeat; places still held expire with their leases. */
    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(heartbeat);
        try {
            heartbeat.join(Duration.ofSeconds(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
