package io.spinneret.scheduler.memory;

import io.spinneret.api.Fingerprint;
import io.spinneret.api.Request;
import io.spinneret.spi.Lease;
import io.spinneret.spi.Scheduler;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * The in-process frontier: a priority queue, FIFO among equal priorities, with a compact
 * {@linkplain FingerprintSet set of fingerprints} for duplicate filtering. Nothing survives the
 * process; use the SQLite scheduler to resume.
 *
 * <p>The queue is one FIFO ring buffer per distinct priority, kept in a sorted map: crawls use a
 * handful of priorities, so push and pop are O(1) in practice (O(log k) for k priorities), with no
 * sift through a large heap, and arrival order among equal priorities is kept by construction
 * (the seed's monotonic counter is implicit in the ring buffer). A queued request costs its
 * {@link Request} plus 4-8 bytes of ring buffer and 32-64 bytes of fingerprint set. Fingerprints
 * are computed outside the lock. Thread-safe: one short critical section per operation;
 * {@link #poll} blocks on a condition.
 */
public final class MemoryScheduler implements Scheduler {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notEmpty = lock.newCondition();
    private final FingerprintSet seen = new FingerprintSet(1024);
    private final HashMap<String, Request> inFlight = new HashMap<>();

    /** FIFO queues by priority, highest first; empty queues are removed. */
    private final TreeMap<Integer, ArrayDeque<Request>> buckets = new TreeMap<>(Comparator.reverseOrder());
    private @Nullable ArrayDeque<Request> lastBucket;
    private int lastPriority;
    private int size;
    private long nextLease;
    private boolean closed;

    public MemoryScheduler() {}

    @Override
    public boolean push(Request request) {
        Fingerprint fp = request.fingerprint(); // recorded for dontFilter requests too (Scheduler contract)
        lock.lock();
        try {
            if (!seen.add(fp.hi(), fp.lo()) && !request.dontFilter()) return false;
            offer(request);
            notEmpty.signal();
            return true;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int pushAll(List<Request> requests) {
        int n = requests.size();
        if (n == 0) return 0;
        if (n == 1) return push(requests.get(0)) ? 1 : 0;
        long[] fps = new long[n * 2];
        for (int i = 0; i < n; i++) {
            Fingerprint fp = requests.get(i).fingerprint();
            fps[2 * i] = fp.hi();
            fps[2 * i + 1] = fp.lo();
        }
        int added = 0;
        lock.lock();
        try {
            for (int i = 0; i < n; i++) {
                Request r = requests.get(i);
                if (!seen.add(fps[2 * i], fps[2 * i + 1]) && !r.dontFilter()) continue;
                offer(r);
                added++;
            }
            if (added == 1) notEmpty.signal(); else if (added > 1) notEmpty.signalAll();
            return added;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public @Nullable Lease poll(Duration timeout) throws InterruptedException {
        long nanos = timeout.toNanos();
        lock.lockInterruptibly();
        try {
            while (size == 0) {
                if (closed || nanos <= 0) return null;
                nanos = notEmpty.awaitNanos(nanos);
            }
            Request r = take();
            String id = Long.toString(nextLease++);
            inFlight.put(id, r);
            return new Lease(id, r);
        } finally {
            lock.unlock();
        }
    }

    /** Like {@link #poll(Duration)} with a timeout in {@code unit}. */
    public @Nullable Lease poll(long timeout, TimeUnit unit) throws InterruptedException {
        return poll(Duration.ofNanos(unit.toNanos(timeout)));
    }

    @Override
    public void ack(Lease lease) {
        lock.lock();
        try {
            inFlight.remove(lease.id());
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void requeue(Lease lease, Request request) {
        lock.lock();
        try {
            if (inFlight.remove(lease.id()) == null) return;
            offer(request);
            notEmpty.signal();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public long pendingCount() {
        lock.lock();
        try {
            return size;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public long inFlightCount() {
        lock.lock();
        try {
            return inFlight.size();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public long seenCount() {
        lock.lock();
        try {
            return seen.size();
        } finally {
            lock.unlock();
        }
    }

    /** Wakes blocked pollers; they return null from now on once the queue is empty. */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            notEmpty.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String toString() {
        return "memory";
    }

    // ---- the queue; callers hold the lock

    private void offer(Request r) {
        int p = r.priority();
        ArrayDeque<Request> q;
        if (lastBucket != null && lastPriority == p) {
            q = lastBucket;
        } else {
            q = buckets.get(p);
            if (q == null) {
                q = new ArrayDeque<>();
                buckets.put(p, q);
            }
            lastPriority = p;
            lastBucket = q;
        }
        q.addLast(r);
        size++;
    }

    private Request take() {
        Map.Entry<Integer, ArrayDeque<Request>> top = buckets.firstEntry();
        ArrayDeque<Request> q = top.getValue();
        Request r = q.pollFirst();
        size--;
        if (q.isEmpty()) {
            buckets.remove(top.getKey());
            if (q == lastBucket) lastBucket = null;
        }
        return r;
    }
}
