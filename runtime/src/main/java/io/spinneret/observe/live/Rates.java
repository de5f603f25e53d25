package io.spinneret.observe.live;

import io.spinneret.observe.CrawlOpened;
import io.spinneret.spi.Stats;
import java.util.ArrayDeque;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Pages and items per second over the crawl, sampled once a second from the crawl's counters on a
 * virtual thread of its own; the last {@link #KEPT} samples are kept for the chart.
 */
final class Rates {
    static final int KEPT = 600;

    /** One second of the crawl: seconds since its start, responses and items in that second. */
    record Point(long second, long pages, long items) {}

    private final ArrayDeque<Point> points = new ArrayDeque<>();
    private volatile @Nullable Thread sampler;

    void start(CrawlOpened crawl) {
        sampler = Thread.ofVirtual().name("spinneret-live-rates").start(() -> sample(crawl.stats()));
    }

    private void sample(Stats stats) {
        long t0 = System.nanoTime();
        long pages = 0, items = 0;
        for (long second = 1; ; second++) {
            long due = t0 + second * 1_000_000_000L;
            try {
                for (long left; (left = due - System.nanoTime()) > 0; )
                    Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
            } catch (InterruptedException e) {
                return;
            }
            long p = stats.get(Stats.RESPONSES), i = stats.get(Stats.ITEMS);
            synchronized (points) {
                if (points.size() == KEPT) points.removeFirst();
                points.addLast(new Point(second, p - pages, i - items));
            }
            pages = p;
            items = i;
        }
    }

    List<Point> points() {
        synchronized (points) {
            return List.copyOf(points);
        }
    }

    void stop() {
        Thread t = sampler;
        if (t != null) t.interrupt();
    }
}
