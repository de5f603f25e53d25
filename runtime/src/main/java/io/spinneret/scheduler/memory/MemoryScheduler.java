package io.spinneret.scheduler.memory;

import io.spinneret.api.Fingerprint;
import io.spinneret.api.Request;
import io.spinneret.scheduler.Lease;
import io.spinneret.scheduler.Scheduler;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * The in-process frontier: a binary max-heap on priority, FIFO among equal priorities (a monotonic
 * sequence number breaks ties), with a compact {@linkplain FingerprintSet set of fingerprints} for
 * duplicate filtering. Nothing survives the process; use the SQLite scheduler to resume.
 *
 * <p>The heap is three parallel arrays (priority, sequence, request), so a queued request costs its
 * {@link Request} plus about 20 bytes of heap slots and 32-64 bytes of fingerprint set. Fingerprints
 * are computed outside the lock. Thread-safe: one short critical section per operation;
 * {@link #poll} blocks on a condition.
 */
public final class MemoryScheduler implements Scheduler {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notEmpty = lock.newCondition();
    private final FingerprintSet seen = new FingerprintSet(1024);
    private final HashMap<String, Request> inFlight = new HashMap<>();

    private int[] prio = new int[256];
    private long[] seq = new long[256];
    private Request[] reqs = new Request[256];
    private int size;
    private long nextSeq;
    private long nextLease;
    private boolean closed;

    public MemoryScheduler() {}

    @Override
    public boolean push(Request request) {
        Fingerprint fp = request.dontFilter() ? null : request.fingerprint();
        lock.lock();
        try {
            if (fp != null && !seen.add(fp.hi(), fp.lo())) return false;
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
            Request r = requests.get(i);
            if (!r.dontFilter()) {
                Fingerprint fp = r.fingerprint();
                fps[2 * i] = fp.hi();
                fps[2 * i + 1] = fp.lo();
            }
        }
        int added = 0;
        lock.lock();
        try {
            for (int i = 0; i < n; i++) {
                Request r = requests.get(i);
                if (!r.dontFilter() && !seen.add(fps[2 * i], fps[2 * i + 1])) continue;
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

    // ---- the heap; callers hold the lock

    /** True if slot a must be dequeued before slot b. */
    private boolean before(int a, int b) {
        return prio[a] > prio[b] || (prio[a] == prio[b] && seq[a] < seq[b]);
    }

    private void offer(Request r) {
        if (size == reqs.length) {
            int cap = size + (size >> 1);
            prio = Arrays.copyOf(prio, cap);
            seq = Arrays.copyOf(seq, cap);
            reqs = Arrays.copyOf(reqs, cap);
        }
        int i = size++;
        prio[i] = r.priority();
        seq[i] = nextSeq++;
        reqs[i] = r;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!before(i, parent)) break;
            swap(i, parent);
            i = parent;
        }
    }

    private Request take() {
        Request top = reqs[0];
        int last = --size;
        if (last > 0) {
            prio[0] = prio[last];
            seq[0] = seq[last];
            reqs[0] = reqs[last];
        }
        reqs[last] = null;
        int i = 0;
        while (true) {
            int l = 2 * i + 1;
            if (l >= size) break;
            int c = l + 1 < size && before(l + 1, l) ? l + 1 : l;
            if (!before(c, i)) break;
            swap(i, c);
            i = c;
        }
        return top;
    }

    private void swap(int a, int b) {
        int p = prio[a]; prio[a] = prio[b]; prio[b] = p;
        long s = seq[a]; seq[a] = seq[b]; seq[b] = s;
        Request r = reqs[a]; reqs[a] = reqs[b]; reqs[b] = r;
    }
}
