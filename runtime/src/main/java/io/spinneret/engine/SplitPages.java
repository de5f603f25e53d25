package io.spinneret.engine;

import io.spinneret.api.Request;
import io.spinneret.spi.Lease;
import io.spinneret.spi.Scheduler;
import io.spinneret.writer.ItemWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Pages whose items {@code max_items} split: the limit left room for their first items only, the
 * rest were dropped ({@code items/over_limit}). Such a page's request goes back into the queue once
 * its first items are stored, in place of its acknowledgement, carrying in its meta
 * ({@value #META}) how many of the page's items (as the item processors left them) are stored. When
 * a resumed crawl fetches it again, the {@link ItemSink} skips that many of its callback's first
 * items ({@value #STAT_SKIPPED}) and stores the rest: each item once, in a file output too. A page
 * whose items were all dropped goes back as it came, at once: nothing of it waits to be stored.
 *
 * <p>It is the crawl's {@link ItemWriter.Acker}: acknowledging a split page's lease requeues it.
 * Requeueing only after the items are stored keeps the crash safety of any page: a crawl killed
 * before then does the page again from the request it had. Thread-safe.
 */
final class SplitPages implements ItemWriter.Acker {
    /** Meta key of a split page's request: how many of its items are stored (an integer). */
    static final String META = "spinneret.items_stored";
    /** Stats key: items of a split page skipped when it came again, stored by the crawl that split it. */
    static final String STAT_SKIPPED = "items/already_stored";

    private final Scheduler scheduler;
    /** The requests that replace split pages' leases once their items are stored, by lease id. */
    private final Map<String, Request> requeueWhenStored = new ConcurrentHashMap<>();

    SplitPages(Scheduler scheduler) {
        this.scheduler = scheduler;
    }

    /** How many of the page's first items an earlier crawl stored (0 for a page never split). */
    static int storedBefore(Request request) {
        return request.meta().get(META) instanceof Number n ? Math.max(0, n.intValue()) : 0;
    }

    /** {@code request} without the count of stored items: as the crawl made it (the one a page's record keeps). */
    static Request unmarked(Request request) {
        return request.meta().containsKey(META)
                ? request.toBuilder().meta(META, null).build()
                : request;
    }

    /** The page of {@code lease} was split with its first {@code stored} items kept: requeue it once they are stored. */
    void split(Lease lease, int stored) {
        requeueWhenStored.put(
                lease.id(), lease.request().toBuilder().meta(META, stored).build());
    }

    /** The split page's items will not be stored by this crawl: its lease ends as it would unsplit. */
    void forget(Lease lease) {
        requeueWhenStored.remove(lease.id());
    }

    @Override
    public void ack(Lease lease) {
        Request next = requeueWhenStored.remove(lease.id());
        if (next == null) scheduler.ack(lease);
        else scheduler.requeue(lease, next);
    }

    @Override
    public void ackAll(List<Lease> leases) {
        if (requeueWhenStored.isEmpty()) {
            scheduler.ackAll(leases);
            return;
        }
        List<Lease> done = new ArrayList<>(leases.size());
        for (Lease l : leases) {
            Request next = requeueWhenStored.remove(l.id());
            if (next == null) done.add(l);
            else scheduler.requeue(l, next);
        }
        if (!done.isEmpty()) scheduler.ackAll(done);
    }
}
