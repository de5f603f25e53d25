package io.spinneret.observe;

import io.spinneret.settings.Settings;
import io.spinneret.spi.Stats;
import java.time.Instant;
import java.util.function.LongSupplier;

/**
 * A crawl that just opened, as {@link CrawlListener#crawlOpened} gets it: its spider, settings and
 * start time, and live figures a listener may read at any time until the crawl closes (a metrics
 * gauge, the live page). Thread-safe.
 *
 * @param spider the spider's name
 * @param startedAt when the crawl started
 * @param settings the crawl's effective settings
 * @param stats the crawl's live counters
 */
public record CrawlOpened(
        String spider,
        Instant startedAt,
        Settings settings,
        Stats stats,
        LongSupplier queuedSupplier,
        LongSupplier inFlightSupplier) {
    /** Requests waiting in the scheduler now (for a shared scheduler, on all nodes). */
    public long queued() {
        return queuedSupplier.getAsLong();
    }

    /** Requests this process is crawling now. */
    public long inFlight() {
        return inFlightSupplier.getAsLong();
    }
}
