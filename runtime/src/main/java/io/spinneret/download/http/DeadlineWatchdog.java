package io.spinneret.download.http;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Enforces the deadline of every exchange of one {@link SocketHttpClient} from a single thread, so
 * that socket reads and writes block without a timeout of their own. A timed socket read on a
 * virtual thread arms and cancels a JDK timer task each time it has to wait, which cost about 4 %
 * of a crawl's CPU on small pages; a scan of the busy connections every {@link #TICK_NANOS} costs
 * next to nothing, and it bounds writes too, which have no socket timeout at all. A connection
 * whose exchange is past its deadline is {@linkplain SocketConnection#expireIfPast expired}: its socket is
 * closed, so the blocked read or write fails and is reported as a timeout. Deadlines are therefore
 * honoured to within one tick.
 *
 * <p>With no exchange under way (a crawl between its delayed requests, a client left open) the
 * thread parks until the next {@link #watch}, instead of waking 50 times a second for nothing. Only
 * the first exchange after such a pause unparks it: the flag {@link #idle} is read on every watch,
 * but written only by the watchdog as it goes to sleep and by the watch that wakes it.
 */
final class DeadlineWatchdog implements AutoCloseable {
    static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    private final Set<SocketConnection> busy = ConcurrentHashMap.newKeySet();
    private final Thread thread =
            Thread.ofPlatform().name("spinneret-http-deadlines").daemon(true).start(this::run);
    private volatile boolean closed;
    /** Set while the thread is parked for want of anything to watch. */
    private volatile boolean idle;

    /** Watches {@code c} until {@link #unwatch}; called when an exchange begins. */
    void watch(SocketConnection c) {
        busy.add(c);
        if (idle) {
            idle = false;
            LockSupport.unpark(thread);
        }
    }

    void unwatch(SocketConnection c) {
        busy.remove(c);
    }

    private void run() {
        while (!closed) {
            if (busy.isEmpty()) {
                idle = true;
                // a watch that added to busy before idle was set is seen here; one after it unparks
                if (busy.isEmpty() && !closed) LockSupport.park(this);
                idle = false;
                continue;
            }
            LockSupport.parkNanos(this, TICK_NANOS);
            long now = System.nanoTime();
            for (SocketConnection c : busy) c.expireIfPast(now); // an expired one unwatches itself as it closes
        }
    }

    /** The watchdog thread's state, for tests: {@code WAITING} while idle, {@code TIMED_WAITING} between ticks. */
    Thread.State threadState() {
        return thread.getState();
    }

    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
    }
}
