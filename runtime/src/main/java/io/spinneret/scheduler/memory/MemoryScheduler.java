package io.spinneret.scheduler.memory;

import io.spinneret.api.Fingerprint;
import io.spinneret.api.Request;
import io.spinneret.spi.Lease;
import io.spinneret.spi.PageBudget;
import io.spinneret.spi.PageRecords;
import io.spinneret.spi.Scheduler;
import io.spinneret.spi.SimHashIndex;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * The in-process frontier: one priority queue per host, the hosts served in turn, with a compact
 * {@linkplain FingerprintSet set of fingerprints} for duplicate filtering. Nothing survives the
 * process; use the SQLite scheduler to resume.
 *
 * <p>Each host with pending requests has a {@link HostQueue} (priority, FIFO among equal
 * priorities) and a place in a ring; a poll takes the host at the head of the ring, its best
 * request, and moves the host to the back if it still has pending requests. A host with a million
 * queued URLs thus gets one poll in every turn of the ring, like a host with ten. Push and pop are
 * O(1) in practice: one hash lookup by host, no sift through a large heap. A queued request costs
 * its {@link Request} plus 4-8 bytes of ring buffer and 32-64 bytes of fingerprint set.
 * Fingerprints and hosts are computed outside the lock. Thread-safe: one short critical section per
 * operation; {@link #poll} blocks on a condition.
 */
public final class MemoryScheduler implements Scheduler {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notEmpty = lock.newCondition();
    private final FingerprintSet seen = new FingerprintSet(1024);
    private final HashMap<String, Request> inFlight = new HashMap<>();
    private final MemoryPageRecords pages = new MemoryPageRecords();

    /** The queues of hosts with pending requests; a host's queue is dropped when it empties. */
    private final HashMap<String, HostQueue> hosts = new HashMap<>();
    /** The same queues in serving order: the head is served next, then goes to the back. */
    private final ArrayDeque<HostQueue> ring = new ArrayDeque<>();

    private @Nullable HostQueue lastHost; // the host of the last offer: pages link mostly to their own host
    private int size;
    private long nextLease;
    private boolean closed;
    private final MemoryPageBudget budget = new MemoryPageBudget();
    private final MemorySimHashIndex simHashes = new MemorySimHashIndex();

    public MemoryScheduler() {}

    @Override
    public PageBudget pageBudget() {
        return budget;
    }

    @Override
    public SimHashIndex simHashIndex() {
        return simHashes;
    }

    @Override
    public boolean push(Request request) {
        Fingerprint fp = request.fingerprint(); // recorded for dontFilter requests too (Scheduler contract)
        String host = request.host();
        lock.lock();
        try {
            if (!seen.add(fp.hi(), fp.lo()) && !request.dontFilter()) return false;
            offer(host, request);
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
        return push(requests, null);
    }

    @Override
    public boolean[] pushEach(List<Request> requests) {
        boolean[] added = new boolean[requests.size()];
        if (added.length > 0) push(requests, added);
        return added;
    }

    /** Pushes {@code requests} under one lock; {@code added}, if given, gets each one's fate. @return how many were enqueued */
    private int push(List<Request> requests, boolean @Nullable [] added) {
        int n = requests.size();
        long[] fps = new long[n * 2];
        String[] hostOf = new String[n];
        for (int i = 0; i < n; i++) {
            Fingerprint fp = requests.get(i).fingerprint();
            fps[2 * i] = fp.hi();
            fps[2 * i + 1] = fp.lo();
            hostOf[i] = requests.get(i).host();
        }
        int count = 0;
        lock.lock();
        try {
            for (int i = 0; i < n; i++) {
                Request r = requests.get(i);
                if (!seen.add(fps[2 * i], fps[2 * i + 1]) && !r.dontFilter()) continue;
                offer(hostOf[i], r);
                if (added != null) added[i] = true;
                count++;
            }
            if (count == 1) notEmpty.signal();
            else if (count > 1) notEmpty.signalAll();
            return count;
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

    /** Up to {@code max} leases under one lock, hosts taking turns as in {@link #poll}. */
    @Override
    public List<Lease> pollBatch(int max) throws InterruptedException {
        lock.lockInterruptibly();
        try {
            int n = (int) Math.min(max, size);
            if (n <= 0) return List.of();
            List<Lease> leases = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                Request r = take();
                String id = Long.toString(nextLease++);
                inFlight.put(id, r);
                leases.add(new Lease(id, r));
            }
            return leases;
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
        String host = request.host();
        lock.lock();
        try {
            if (inFlight.remove(lease.id()) == null) return;
            offer(host, request);
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
    public PageRecords pageRecords() {
        return pages;
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

    private void offer(String host, Request r) {
        HostQueue q = lastHost;
        if (q == null || !q.host.equals(host)) {
            q = hosts.get(host);
            if (q == null) {
                q = new HostQueue(host);
                hosts.put(host, q);
                ring.addLast(q);
            }
            lastHost = q;
        }
        q.offer(r);
        size++;
    }

    /** The best request of the host whose turn it is; the host goes to the back of the ring. */
    private Request take() {
        HostQueue q = ring.removeFirst();
        Request r = q.take();
        size--;
        if (q.isEmpty()) {
            hosts.remove(q.host);
            if (q == lastHost) lastHost = null;
        } else {
            ring.addLast(q);
        }
        return r;
    }
}
