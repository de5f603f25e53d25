package io.spinneret.middleware;

import io.spinneret.annotations.Setting;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.settings.Settings;
import io.spinneret.spi.SharedThrottle;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongUnaryOperator;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Politeness per domain, never one global rate: at least {@code download_delay} between the starts
 * of two requests to the same host, and at most {@code concurrency_per_domain} of them in flight
 * (0: no per-domain limit, only the engine's {@code concurrency}). One slow or strict site never eats
 * another's share. The innermost built-in middleware, so the delay is measured between downloads
 * and the auto-throttle sees the download's own latency.
 *
 * <p>A robots.txt {@code Crawl-delay} raises the delay of its host ({@link #raiseDelay}; the robots
 * middleware calls it). With {@code autothrottle = true} each host's delay also adapts to its
 * latency and errors, see {@link AutoThrottle}; it starts at {@code download_delay} and never goes
 * below it or the Crawl-delay.
 *
 * <p>The delay runs from the start of the previous request to the host or, if that one has already
 * finished, from its end. A request reaches the server somewhere between its start and its end, so
 * this is what makes the gap hold as the server sees it, even when thread scheduling or the network
 * delays one request and not the next; the price is that a host served one request at a time gets
 * one every {@code delay + latency} rather than every {@code delay}. Requests that overlap (latency
 * above the delay) are still started {@code delay} apart.
 *
 * <p>Waiting blocks the request's virtual thread. Requests to one host take turns through a fair
 * lock, so N requests arriving together go in arrival order. With no delay, no
 * per-domain limit, no auto-throttle and no Crawl-delay seen (the benchmark's configuration), a
 * request passes straight through without even a map lookup.
 *
 * <h2>Across the nodes of a shared crawl</h2>
 * Given a {@link SharedThrottle} (a Redis-backed crawl offers one), the delay and the per-domain
 * limit hold for all nodes together: each request start to a host is booked there, on one clock,
 * {@code delay} after the previous one by any node, and the in-flight count per host is kept there
 * too. Starts are then spaced by the delay alone (start to start, as the shared clock sees them):
 * with three nodes and {@code download_delay = 0.2} the host gets five requests a second in all,
 * not fifteen. Requests of one node to one host still take turns through the fair lock, so each
 * node books one start per host at a time. The auto-throttle adapts each node's delay from what
 * that node sees; the delay it books is never below {@code download_delay} or the Crawl-delay.
 *
 * <p>Stats: {@code throttle/delayed} (requests that waited) and {@code throttle/wait_ms}. Thread-safe.
 */
public final class ThrottleMiddleware implements Middleware {
    private static final Logger LOG = LoggerFactory.getLogger(ThrottleMiddleware.class);

    public static final String NAME = "throttle";

    private final long delayNanos;
    private final int perDomain;
    private final @Nullable AutoThrottle auto;
    private final @Nullable SharedThrottle shared;
    private final ConcurrentHashMap<String, Slot> slots = new ConcurrentHashMap<>();
    /** False while every request may pass straight through; set once anything needs a slot. */
    private volatile boolean active;

    /**
     * @param delay the smallest time between two request starts to one host
     * @param perDomain requests in flight per host; 0 for no limit
     * @param auto the auto-throttle, or null to keep delays fixed
     * @param shared the politeness of a crawl shared by many processes, or null to throttle here
     */
    ThrottleMiddleware(Duration delay, int perDomain, @Nullable AutoThrottle auto, @Nullable SharedThrottle shared) {
        if (perDomain < 0) throw new IllegalArgumentException("concurrency_per_domain must be >= 0, got " + perDomain);
        this.delayNanos = delay.toNanos();
        this.perDomain = perDomain;
        this.auto = auto;
        this.shared = shared;
        this.active = delayNanos > 0 || perDomain > 0 || auto != null;
    }

    /** The throttle configured by {@code download_delay}, {@code concurrency_per_domain} and {@code autothrottle*}. */
    public static ThrottleMiddleware from(Settings settings) {
        return from(settings, null);
    }

    /** As {@link #from(Settings)}, holding the limits across the nodes of a shared crawl if {@code shared} is given. */
    public static ThrottleMiddleware from(Settings settings, @Nullable SharedThrottle shared) {
        AutoThrottle auto = settings.getBoolean(Setting.AUTOTHROTTLE)
                ? new AutoThrottle(
                        settings.getDouble(Setting.AUTOTHROTTLE_TARGET_CONCURRENCY),
                        settings.getDuration(Setting.AUTOTHROTTLE_MAX_DELAY).toNanos())
                : null;
        return new ThrottleMiddleware(
                settings.getDuration(Setting.DOWNLOAD_DELAY),
                settings.getInt(Setting.CONCURRENCY_PER_DOMAIN),
                auto,
                shared);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Response intercept(Chain chain) throws Exception {
        Request request = chain.request();
        if (!active) return chain.proceed(request);
        Slot slot = slots.computeIfAbsent(request.host(), h -> newSlot());
        if (shared != null) {
            try (SharedThrottle.Pass pass = slot.awaitSharedTurn(chain, shared, request.host(), perDomain)) {
                return proceed(chain, request, slot);
            }
        }
        if (slot.permits != null) slot.permits.acquire();
        long turn = -1;
        try {
            turn = slot.awaitTurn(chain);
            return proceed(chain, request, slot);
        } finally {
            slot.finished(turn);
            if (slot.permits != null) slot.permits.release();
        }
    }

    /** A host's state; its per-domain limit is the shared throttle's, if there is one. */
    private Slot newSlot() {
        return new Slot(delayNanos, shared == null ? perDomain : 0);
    }

    /** Downloads, telling the auto-throttle (if any) how it went. */
    private Response proceed(Chain chain, Request request, Slot slot) throws Exception {
        if (auto == null) return chain.proceed(request);
        long t0 = System.nanoTime();
        Response response;
        try {
            response = chain.proceed(request);
        } catch (IOException e) {
            slot.adjust(d -> auto.afterError(d, slot.floorNanos), request.host());
            throw e;
        }
        long latency = System.nanoTime() - t0;
        slot.adjust(d -> auto.afterResponse(d, latency, response.status(), slot.floorNanos), request.host());
        return response;
    }

    /**
     * Raises the delay of {@code host} to at least {@code delay} for the rest of the crawl (a
     * robots.txt Crawl-delay). Never lowers it. Thread-safe.
     */
    public void raiseDelay(String host, Duration delay) {
        long d = delay.toNanos();
        if (d <= delayNanos) return;
        Slot slot = slots.computeIfAbsent(host, h -> newSlot());
        slot.state.lock();
        try {
            slot.floorNanos = Math.max(slot.floorNanos, d);
            slot.delayNanos = Math.max(slot.delayNanos, d);
        } finally {
            slot.state.unlock();
        }
        active = true;
        LOG.info("delay for {} raised to {} s by its robots.txt Crawl-delay", host, d / 1e9);
    }

    /** The current delay of {@code host} (its slot's, or {@code download_delay} if it has none yet). */
    public Duration delayOf(String host) {
        Slot slot = slots.get(host);
        return Duration.ofNanos(slot == null ? delayNanos : slot.delayNanos);
    }

    @Override
    public String toString() {
        return NAME + "(delay " + delayNanos / 1e9 + " s, "
                + (perDomain == 0 ? "no per-domain limit" : perDomain + " per domain") + (auto != null ? ", auto" : "")
                + (shared != null ? ", across nodes" : "") + ")";
    }

    /** One host's throttle state. */
    private static final class Slot {
        /** Held (fairly, so in arrival order) by the one request waiting for its turn to start. */
        final ReentrantLock turn = new ReentrantLock(true);
        /** Guards the fields below. j.u.c locks, not synchronized: a virtual thread must not pin while waiting. */
        final ReentrantLock state = new ReentrantLock();

        final @Nullable Semaphore permits;
        /** The smallest delay: download_delay, or the robots.txt Crawl-delay. */
        long floorNanos;
        /** The current delay; above the floor only through the auto-throttle. Written under state. */
        volatile long delayNanos;
        /** The last request to start: when (System.nanoTime), its number, and when it ended if it did. */
        boolean started;

        long lastStart;
        long lastSeq;
        boolean lastDone;
        long lastEnd;

        Slot(long delayNanos, int perDomain) {
            this.floorNanos = delayNanos;
            this.delayNanos = delayNanos;
            this.permits = perDomain > 0 ? new Semaphore(perDomain, true) : null;
        }

        /**
         * Waits for this request's turn and records its start; returns its number for
         * {@link #finished}, or -1 when the host has no delay. The turn comes {@code delay} after the
         * last request started or, if that one already finished, after it finished. A request's
         * arrival at the server lies between its start and its end, so the second rule makes the gap
         * hold as the server sees it, whatever scheduling or network jitter did to the previous one;
         * while the previous request is still in flight, starts are spaced by the delay alone. Times
         * are re-read after each sleep, so a Crawl-delay that arrives meanwhile applies.
         */
        long awaitTurn(Chain chain) throws InterruptedException {
            if (delayNanos <= 0) return -1;
            long waited = 0;
            long seq;
            turn.lockInterruptibly();
            try {
                while (true) {
                    long wait;
                    state.lock();
                    try {
                        long now = System.nanoTime();
                        wait = started ? (lastDone ? lastEnd : lastStart) + delayNanos - now : 0;
                        if (wait <= 0) {
                            started = true;
                            lastStart = now;
                            lastDone = false;
                            seq = ++lastSeq;
                            break;
                        }
                    } finally {
                        state.unlock();
                    }
                    Thread.sleep(Duration.ofNanos(wait));
                    waited += wait;
                }
            } finally {
                turn.unlock();
            }
            if (waited > 0) {
                var stats = chain.context().stats();
                stats.increment("throttle/delayed");
                stats.add("throttle/wait_ms", waited / 1_000_000);
            }
            return seq;
        }

        /**
         * Waits for this request's turn among this node's requests to the host, then for the
         * shared throttle to let it start (booking its start for all nodes).
         */
        SharedThrottle.Pass awaitSharedTurn(Chain chain, SharedThrottle shared, String host, int maxInFlight)
                throws InterruptedException {
            SharedThrottle.Pass pass;
            turn.lockInterruptibly();
            try {
                pass = shared.acquire(host, Duration.ofNanos(delayNanos), maxInFlight);
            } finally {
                turn.unlock();
            }
            long waitedMs = pass.waited().toMillis();
            if (waitedMs > 0) {
                var stats = chain.context().stats();
                stats.increment("throttle/delayed");
                stats.add("throttle/wait_ms", waitedMs);
            }
            return pass;
        }

        /** Records the end of request {@code seq} (from {@link #awaitTurn}), if it is still the last one started. */
        void finished(long seq) {
            if (seq < 0) return;
            state.lock();
            try {
                if (seq == lastSeq) {
                    lastDone = true;
                    lastEnd = System.nanoTime();
                }
            } finally {
                state.unlock();
            }
        }

        void adjust(LongUnaryOperator rule, String host) {
            long before;
            long after;
            state.lock();
            try {
                before = delayNanos;
                after = rule.applyAsLong(before);
                delayNanos = after;
            } finally {
                state.unlock();
            }
            if (after != before && LOG.isDebugEnabled()) {
                LOG.debug("auto-throttle: delay for {} {} -> {} ms", host, before / 1_000_000, after / 1_000_000);
            }
        }
    }
}
