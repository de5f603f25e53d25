package io.spinneret.engine;

import io.spinneret.api.Request;
import io.spinneret.spi.Lease;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * The hosts paused by a middleware ({@link io.spinneret.spi.CrawlContext#pauseDomain}) and the
 * leases the engine's poller took for them meanwhile. A parked lease is still leased (a crash hands
 * it out again after a restart) and counts as in flight for the crawl's end, but holds none of the
 * engine's concurrency slots: the other hosts' requests use them all. When its host's pause is
 * over, the poller launches it before taking new leases.
 *
 * <p>Cheap when nothing was ever paused: {@link #pausedUntil} is one volatile read. Thread-safe:
 * middlewares pause from worker threads; only the poller parks and unparks.
 */
final class DomainPauses {
    private final ConcurrentHashMap<String, Long> until = new ConcurrentHashMap<>();
    private volatile boolean any;
    private final ReentrantLock lock = new ReentrantLock();
    private final PriorityQueue<Parked> parked = new PriorityQueue<>((a, b) -> Long.compare(a.resumeAt, b.resumeAt));

    private record Parked(long resumeAt, Lease lease) {}

    /** Pauses {@code host} until {@code pause} from now, unless it is paused longer already. */
    void pause(String host, Duration pause) {
        if (pause.isZero() || pause.isNegative()) return;
        long end = System.nanoTime() + Math.min(pause.toNanos(), Long.MAX_VALUE / 4);
        until.merge(host, end, (a, b) -> a - b >= 0 ? a : b);
        any = true;
    }

    /** The {@link System#nanoTime} at which the pause of the request's host ends, or -1 if it is not paused. */
    long pausedUntil(Request request) {
        if (!any) return -1;
        String host = request.host();
        Long end = until.get(host);
        if (end == null) return -1;
        if (end - System.nanoTime() <= 0) {
            until.remove(host, end);
            return -1;
        }
        return end;
    }

    /** Keeps {@code lease} until {@code resumeAt} (a {@link System#nanoTime}). */
    void park(Lease lease, long resumeAt) {
        lock.lock();
        try {
            parked.add(new Parked(resumeAt, lease));
        } finally {
            lock.unlock();
        }
    }

    /** A parked lease whose pause is over, removed from the parked ones; null if none is due. */
    @Nullable
    Lease due() {
        lock.lock();
        try {
            Parked first = parked.peek();
            if (first == null || first.resumeAt - System.nanoTime() > 0) return null;
            return parked.poll().lease;
        } finally {
            lock.unlock();
        }
    }

    int parkedCount() {
        lock.lock();
        try {
            return parked.size();
        } finally {
            lock.unlock();
        }
    }

    /** Removes and returns every parked lease (the crawl stops: they go back to the scheduler). */
    List<Lease> takeAll() {
        lock.lock();
        try {
            List<Lease> all = new ArrayList<>(parked.size());
            for (Parked p : parked) all.add(p.lease);
            parked.clear();
            return all;
        } finally {
            lock.unlock();
        }
    }
}
