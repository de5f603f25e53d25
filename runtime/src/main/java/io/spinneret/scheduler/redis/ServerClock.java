package io.spinneret.scheduler.redis;

/**
 * This node's estimate of the Redis server's clock (ms), from the server time its last heartbeat
 * returned and the monotonic time elapsed since that reply came. A pop carries it, so that the
 * server judges which leases expired at the time the pop was sent, not at the time a paused server
 * ran it ({@code pop.lua}). The estimate errs early by the reply's transit (a lease comes back that
 * much later, never sooner); the server never judges later than its own clock. Thread-safe.
 */
final class ServerClock {
    private record Reading(long serverMillis, long receivedNanos) {}

    private volatile Reading last = new Reading(Long.MAX_VALUE, 0); // until the first heartbeat: the server's own clock

    /** Records the server time a reply received at {@code receivedNanos} ({@link System#nanoTime}) carried. */
    void update(long serverMillis, long receivedNanos) {
        last = new Reading(serverMillis, receivedNanos);
    }

    /** The server's time now, as estimated; {@link Long#MAX_VALUE} before any reading (the script then uses its own). */
    long now() {
        Reading r = last;
        if (r.serverMillis() == Long.MAX_VALUE) return Long.MAX_VALUE;
        return r.serverMillis() + (System.nanoTime() - r.receivedNanos()) / 1_000_000;
    }
}
