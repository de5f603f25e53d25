package io.spinneret.engine;

import io.spinneret.annotations.Setting;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Stats;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.jspecify.annotations.Nullable;

/**
 * The limits that end a crawl early besides {@code max_items} (which the {@link ItemSink} counts):
 * {@code max_requests}, {@code max_duration}, {@code max_failures} and {@code no_item_timeout}.
 * The engine's poller asks {@link #reached} before it takes each request and at least every
 * 50 ms while it waits, and counts every request it starts with {@link #started}; each limit then
 * stops the crawl the graceful way {@code max_items} does. A value of 0 turns a limit off.
 * Thread-safe.
 */
public final class CrawlLimits {
    private final long maxRequests;
    private final long maxDurationNanos;
    private final long maxFailures;
    private final long noItemNanos;
    private final LongAdder failures;
    private final LongAdder items;
    private final AtomicLong started = new AtomicLong();
    private final long t0 = System.nanoTime();
    /** The items counter when the poller last saw it change, and when that was. */
    private long lastItems;

    private long lastItemAt = t0;

    CrawlLimits(Settings settings, Stats stats) {
        this.maxRequests = settings.getLong(Setting.MAX_REQUESTS);
        this.maxDurationNanos = settings.getDuration(Setting.MAX_DURATION).toNanos();
        this.maxFailures = settings.getLong(Setting.MAX_FAILURES);
        this.noItemNanos = settings.getDuration(Setting.NO_ITEM_TIMEOUT).toNanos();
        this.failures = stats.counter(Stats.FAILURES);
        this.items = stats.counter(Stats.ITEMS);
    }

    /**
     * Counts a request the engine starts.
     *
     * @return true if it was the last one {@code max_requests} allows: the crawl stops taking more
     */
    boolean started() {
        return maxRequests > 0 && started.incrementAndGet() >= maxRequests;
    }

    /**
     * How many of {@code wanted} requests may still start under {@code max_requests} (all of them
     * without that limit): the poller leases no more than that in one batch.
     */
    int allowance(int wanted) {
        if (maxRequests <= 0) return wanted;
        return (int) Math.max(0, Math.min(wanted, maxRequests - started.get()));
    }

    /** The limit the crawl has reached, or null; called by the poller thread only. */
    Engine.@Nullable Stop reached() {
        if (maxFailures > 0 && failures.sum() >= maxFailures) return Engine.Stop.FAILURE_LIMIT;
        if (maxDurationNanos == 0 && noItemNanos == 0) return null;
        long now = System.nanoTime();
        if (maxDurationNanos > 0 && now - t0 >= maxDurationNanos) return Engine.Stop.DURATION_LIMIT;
        if (noItemNanos > 0) {
            long n = items.sum();
            if (n != lastItems) {
                lastItems = n;
                lastItemAt = now;
            } else if (now - lastItemAt >= noItemNanos) {
                return Engine.Stop.NO_ITEM_TIMEOUT;
            }
        }
        return null;
    }

    /** The setting behind a limit's stop and its value, e.g. {@code max_requests=100}, for the summary line. */
    public static @Nullable String describe(Engine.Stop stop, Settings settings) {
        Setting s = switch (stop) {
            case ITEM_LIMIT -> Setting.MAX_ITEMS;
            case REQUEST_LIMIT -> Setting.MAX_REQUESTS;
            case DURATION_LIMIT -> Setting.MAX_DURATION;
            case FAILURE_LIMIT -> Setting.MAX_FAILURES;
            case NO_ITEM_TIMEOUT -> Setting.NO_ITEM_TIMEOUT;
            case NONE, SIGNAL, FAILED -> null;
        };
        return s == null ? null : s.key() + "=" + settings.getString(s);
    }
}
