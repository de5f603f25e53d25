package io.spinneret.engine;

import io.spinneret.annotations.Setting;
import io.spinneret.internal.ItemSchema;
import io.spinneret.items.ItemChain;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Lease;
import io.spinneret.spi.Scheduler;
import io.spinneret.spi.Stats;
import io.spinneret.writer.ItemWriter;
import io.spinneret.writer.StorageFailedException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.jspecify.annotations.Nullable;

/**
 * Takes the items of one response (or errback) with its lease: runs them through the spider's
 * {@link ItemChain} (processors, then constraints), skips those of a split page that an earlier
 * crawl stored ({@link SplitPages}), counts those kept as {@code items}, keeps
 * no more than {@code max_items} in all (the rest count as {@code items/over_limit}, and reaching
 * the limit stops the crawl), and hands them with the lease to the pipeline, which acknowledges it
 * once they are stored; a lease without items is acknowledged at once. A page with items past the
 * limit goes back into the queue instead, to be stored by a resumed crawl: at once if none of its
 * items was kept, else once those kept are stored, with their count ({@link SplitPages}). Thread-safe.
 */
final class ItemSink {
    private final Scheduler scheduler;
    private final Stats stats;
    private final LongAdder items;
    private final long maxItems;
    private final AtomicLong itemsAccepted = new AtomicLong();
    private final Runnable limitReached;
    private final SplitPages splitPages;
    private volatile @Nullable ItemWriter itemWriter;
    private volatile @Nullable ItemChain chain;
    private final CrawlEvents events;

    /** @param limitReached called (possibly more than once) when {@code max_items} items were accepted */
    ItemSink(Scheduler scheduler, Settings settings, Stats stats, CrawlEvents events, Runnable limitReached) {
        this.events = events;
        this.scheduler = scheduler;
        this.stats = stats;
        this.items = stats.counter(Stats.ITEMS);
        this.maxItems = settings.getLong(Setting.MAX_ITEMS);
        this.limitReached = limitReached;
        this.splitPages = new SplitPages(scheduler);
    }

    /** What the item writer calls once a lease's items are stored: acknowledges it, or requeues a split page. */
    ItemWriter.Acker acker() {
        return splitPages;
    }

    void itemWriter(ItemWriter p) {
        this.itemWriter = p;
    }

    void chain(ItemChain c) {
        this.chain = c;
    }

    void store(Lease lease, List<Object> emitted, List<ItemSchema<?>> emittedSchemas) {
        ItemChain c = chain;
        if (c != null && !emitted.isEmpty())
            c.apply(emitted, emittedSchemas, lease.request().url());
        int skipped = Math.min(SplitPages.storedBefore(lease.request()), emitted.size());
        if (skipped > 0) stats.add(SplitPages.STAT_SKIPPED, skipped);
        List<Object> kept = emitted.subList(skipped, emitted.size());
        List<ItemSchema<?>> keptSchemas = emittedSchemas.subList(skipped, emitted.size());
        int n = kept.size();
        if (n > 0 && maxItems > 0) {
            long before = itemsAccepted.getAndAdd(n);
            long room = Math.max(0, maxItems - before);
            if (room < n) {
                for (Object dropped : kept.subList((int) room, n)) events.itemDropped(dropped, "over_limit");
                stats.add("items/over_limit", n - room);
                kept = kept.subList(0, (int) room);
                keptSchemas = keptSchemas.subList(0, (int) room);
            }
            if (before + n >= maxItems) limitReached.run();
        }
        items.add(kept.size());
        events.scraped(kept);
        ItemWriter p = itemWriter;
        boolean overLimit = kept.size() < n;
        if (kept.isEmpty() && overLimit) { // every item past max_items: back in the queue, for a resumed crawl to store
            scheduler.requeue(lease, lease.request());
            return;
        }
        if (kept.isEmpty()) {
            scheduler.ackLater(lease); // nothing to store: a crash may redo it
            return;
        }
        if (overLimit) splitPages.split(lease, skipped + kept.size());
        if (p == null) {
            splitPages.ack(lease);
            return;
        }
        try {
            p.submit(kept, keptSchemas, lease);
        } catch (InterruptedException e) {
            // stopped while waiting for room in the pipeline: these items were never stored
            items.add(-kept.size());
            splitPages.forget(lease);
            scheduler.requeue(lease, lease.request());
            Thread.currentThread().interrupt();
        } catch (StorageFailedException e) {
            items.add(-kept.size());
            splitPages.forget(lease);
            // leave the lease in flight: a persistent scheduler hands it out again after a restart
        }
    }
}
