package io.spinneret.download.http;

import java.util.Iterator;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * Idle keep-alive connections per {@code host:port}, lock-free (virtual threads never pin on it).
 * Most recently used first, so a burst reuses warm connections and the cold tail ages out: at most
 * {@code maxIdlePerHost} idle connections per host, each closed once idle longer than
 * {@code keepAliveNanos}.
 */
final class ConnectionPool implements AutoCloseable {
    private static final class Host {
        final ConcurrentLinkedDeque<SocketConnection> idle = new ConcurrentLinkedDeque<>();
        final AtomicInteger size = new AtomicInteger();
    }

    /**
     * How long a connection sits idle before {@link #acquire} asks the socket whether the server
     * sent anything unasked (a 408, a goodbye): a system call a request, so a connection back in the
     * pool a moment ago is taken as it is, as Apache HttpClient's {@code validateAfterInactivity} and
     * OkHttp's health check do. A server that closed it meanwhile costs a GET one retry (see
     * {@link SocketHttpClient}).
     */
    static final long CHECK_AFTER_NANOS = 1_000_000_000L;

    private final ConcurrentHashMap<String, Host> hosts = new ConcurrentHashMap<>();
    private final int maxIdlePerHost;
    private final long keepAliveNanos;
    private volatile boolean closed;

    ConnectionPool(int maxIdlePerHost, long keepAliveNanos) {
        this.maxIdlePerHost = maxIdlePerHost;
        this.keepAliveNanos = keepAliveNanos;
    }

    /**
     * An idle connection to {@code key} that has been idle at most {@code maxIdleNanos}, or null;
     * expired or broken ones met on the way are closed.
     */
    @Nullable
    SocketConnection acquire(String key, long maxIdleNanos) {
        Host h = hosts.get(key);
        if (h == null) return null;
        long now = System.nanoTime();
        SocketConnection c;
        while ((c = h.idle.pollFirst()) != null) {
            h.size.decrementAndGet();
            long idle = now - c.idleSince;
            boolean usable =
                    idle <= keepAliveNanos && c.isOpen() && (idle < CHECK_AFTER_NANOS || !c.hasUnexpectedInput());
            if (usable && idle <= maxIdleNanos) return c;
            if (usable) {
                // fine for others, only too old for this caller: keep it, open a fresh one
                release(c);
                return null;
            }
            c.close();
        }
        return null;
    }

    /** Returns a connection whose exchange completed cleanly, or closes it if the pool is full. */
    void release(SocketConnection c) {
        if (closed) {
            c.close();
            return;
        }
        Host h = hosts.computeIfAbsent(c.key, k -> new Host());
        c.idleSince = System.nanoTime();
        if (h.size.incrementAndGet() > maxIdlePerHost) {
            h.size.decrementAndGet();
            c.close();
            return;
        }
        h.idle.offerFirst(c);
        evictExpired(h, c.idleSince);
        if (closed) close(); // raced with close(): do not leak
    }

    /** Closes expired connections at the cold end of a host's deque. */
    private void evictExpired(Host h, long now) {
        SocketConnection last;
        while ((last = h.idle.peekLast()) != null && now - last.idleSince > keepAliveNanos) {
            if (h.idle.removeLastOccurrence(last)) {
                h.size.decrementAndGet();
                last.close();
            }
        }
    }

    /** Idle connections to {@code key} right now (for tests and stats). */
    int idle(String key) {
        Host h = hosts.get(key);
        return h == null ? 0 : h.size.get();
    }

    @Override
    public void close() {
        closed = true;
        for (Host h : hosts.values()) {
            for (Iterator<SocketConnection> it = h.idle.iterator(); it.hasNext(); ) {
                SocketConnection c = it.next();
                it.remove();
                c.close();
            }
            h.size.set(0);
        }
    }
}
