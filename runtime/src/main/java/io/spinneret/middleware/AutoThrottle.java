package io.spinneret.middleware;

/**
 * The auto-throttle's rule for one domain's delay, after Scrapy's AutoThrottle: aim at
 * {@code target} requests in flight per domain, i.e. a delay of {@code latency / target}, moving
 * halfway there per response. Pure functions of their arguments; thread-safe.
 *
 * <ul>
 *   <li>A response: {@code new = max(latency / target, (old + latency / target) / 2)}, kept within
 *       {@code [floor, max]}. A non-200 response may raise the delay but never lower it: error pages
 *       are small and fast, and letting them lower the delay would feed on itself.</li>
 *   <li>An error (connection error, timeout, 429, 503): the delay doubles, from at least
 *       {@link #ERROR_FLOOR_NANOS} (1 s), within {@code [floor, max]}.</li>
 * </ul>
 *
 * <p>The floor is the domain's own smallest delay: {@code download_delay}, or its robots.txt
 * Crawl-delay if higher. A floor above the maximum wins: the site asked for it.
 *
 * @param target average requests in flight per domain ({@code autothrottle_target_concurrency})
 * @param maxNanos the largest delay ({@code autothrottle_max_delay})
 */
record AutoThrottle(double target, long maxNanos) {
    static final long ERROR_FLOOR_NANOS = 1_000_000_000L;

    AutoThrottle {
        if (!(target > 0))
            throw new IllegalArgumentException("autothrottle_target_concurrency must be > 0, got " + target);
    }

    /** The delay after a response with {@code status} that took {@code latencyNanos}. */
    long afterResponse(long currentNanos, long latencyNanos, int status, long floorNanos) {
        if (status == 429 || status == 503) return afterError(currentNanos, floorNanos);
        long wanted = (long) (latencyNanos / target);
        long next = clamp(Math.max(wanted, (currentNanos + wanted) / 2), floorNanos);
        if (status != 200 && next <= currentNanos) return currentNanos;
        return next;
    }

    /** The delay after a connection error, a timeout, a 429 or a 503. */
    long afterError(long currentNanos, long floorNanos) {
        long doubled = currentNanos > maxNanos / 2 ? maxNanos : currentNanos * 2;
        return clamp(Math.max(doubled, ERROR_FLOOR_NANOS), floorNanos);
    }

    private long clamp(long nanos, long floorNanos) {
        return Math.max(floorNanos, Math.min(maxNanos, nanos));
    }
}
