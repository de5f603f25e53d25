package io.spinneret.middleware;

import io.spinneret.api.Request;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Failures in a row per host, for {@link RetryMiddleware}: the {@code pauseAfter}-th failure with
 * no success in between says the host, not the request, is in trouble, so the host is paused rather
 * than each request waiting on its own. A success clears the host's count. Costs nothing on the
 * way of a success while no host has a failure counted. Thread-safe.
 */
final class HostFailures {
    private final int pauseAfter;
    private final ConcurrentHashMap<String, Integer> inARow = new ConcurrentHashMap<>();

    /** @param pauseAfter failures in a row that pause a host; 0: never */
    HostFailures(int pauseAfter) {
        if (pauseAfter < 0)
            throw new IllegalArgumentException("retry_pause_domain_after must be >= 0, got " + pauseAfter);
        this.pauseAfter = pauseAfter;
    }

    /** Counts a failure of {@code request}'s host; true if the host should now be paused. */
    boolean failed(Request request) {
        if (pauseAfter == 0) return false;
        return inARow.merge(request.host(), 1, Integer::sum) >= pauseAfter;
    }

    /** A response that needs no retry came from {@code request}'s host. */
    void succeeded(Request request) {
        if (pauseAfter == 0 || inARow.isEmpty()) return;
        inARow.remove(request.host());
    }
}
