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
 */
final class DeadlineWatchdog implements AutoCloseable {
    static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    private final Set<SocketConnection> busy = ConcurrentHashMap.newKeySet();
    private final Thread thread = Thread.ofPlatform().name("spinneret-http-deadlines").daemon(true).start(this::run);
    private volatile boolean closed;

    /** Watches {@code c} until {@link #unwatch}; called when an exchange begins. */
    void watch(SocketConnection c) {
        busy.add(c);
    }

    void unwatch(SocketConnection c) {
        busy.remove(c);
    }

    private void run() {
        while (!closed) {
            LockSupport.parkNanos(this, TICK_NANOS);
            long now = System.nanoTime();
            for (SocketConnection c : busy) c.expireIfPast(now); // an expired one unwatches itself as it closes
        }
    }

    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
    }
}
