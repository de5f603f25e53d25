package io.spinneret.spi;

import java.time.Duration;

/**
 * Per-host politeness held by every process of a shared crawl together: {@code download_delay}
 * (or a robots.txt {@code Crawl-delay}) between two request starts to a host by any node, and at
 * most {@code concurrency_per_domain} requests to it in flight over all nodes. A
 * {@linkplain Scheduler#isShared() shared} scheduler offers one through
 * {@link Scheduler#sharedThrottle()}; the throttle middleware then asks it instead of its own
 * per-process state. A single-process crawl has none and throttles in process.
 *
 * <p>Thread-safe; {@link #acquire} blocks (it is called from virtual threads).
 */
public interface SharedThrottle {

    /**
     * Waits until this process may start a request to {@code host}: {@code delay} after the
     * previous start to it by any node (by one clock for all nodes), and, if {@code maxInFlight}
     * is above 0, while fewer than that many requests to it are in flight on all nodes.
     *
     * @return the pass, to be closed when the request is done (it frees its in-flight place)
     */
    Pass acquire(String host, Duration delay, int maxInFlight) throws InterruptedException;

    /** One request's permission to go; frees its in-flight place when closed. */
    interface Pass extends AutoCloseable {
        /** How long {@link #acquire} waited. */
        Duration waited();

        /** Frees the in-flight place; idempotent. */
        @Override
        void close();
    }
}
