package io.spinneret.engine;

import io.spinneret.annotations.Setting;
import io.spinneret.api.Request;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Scheduler;
import io.spinneret.spi.Stats;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a crawl's new requests go: the start requests, what callbacks and errbacks emit, redirect
 * targets and the middlewares' own (a retry's next attempt). Found ones pass {@code depth_limit}
 * and {@code allowed_domains} ({@code dropped/depth}, {@code dropped/offsite}) and get their place in
 * the {@code crawl_order} ({@link CrawlOrder}); then the scheduler
 * takes them, and those it already saw count as {@code duplicates}. Thread-safe.
 */
final class NewRequests {
    private static final Logger LOG = LoggerFactory.getLogger(NewRequests.class);
    private static final String DROPPED_OFFSITE = Stats.DROPPED + "offsite";

    private final Scheduler scheduler;
    private final Stats stats;
    private final LongAdder duplicates;
    private final int depthLimit;
    private final @Nullable AllowedDomains allowedDomains;
    private final CrawlOrder order;
    private final CrawlEvents events;

    NewRequests(Scheduler scheduler, Settings settings, Stats stats, CrawlEvents events) {
        this.events = events;
        this.scheduler = scheduler;
        this.stats = stats;
        this.duplicates = stats.counter(Stats.DUPLICATES);
        this.depthLimit = settings.getInt(Setting.DEPTH_LIMIT);
        this.allowedDomains = AllowedDomains.of(settings.getList(Setting.ALLOWED_DOMAINS));
        this.order = CrawlOrder.of(settings);
    }

    /** Queues the start requests; {@code allowed_domains} does not apply to them (a warning says when it would have). */
    void start(List<Request> startRequests) {
        if (allowedDomains != null) {
            for (Request r : startRequests) {
                if (!allowedDomains.allows(r.url())) {
                    LOG.warn(
                            "start URL {} is outside allowed_domains: it is crawled, but its links to hosts outside them are not",
                            r.url());
                }
            }
        }
        push(startRequests, false);
    }

    /** Queues what a callback or errback emitted. */
    void found(List<Request> out) {
        push(out, true);
    }

    /** Queues a redirect's target unless it leads off site. */
    void redirect(Request next) {
        if (offsite(next)) {
            stats.increment(DROPPED_OFFSITE);
            events.dropped(next, "offsite");
        } else if (!schedule(next)) {
            LOG.debug("redirect target {} was already seen", next.url());
        }
    }

    /** Queues {@code request} unfiltered but for the scheduler's duplicate filter. @return true if it was enqueued */
    boolean schedule(Request request) {
        boolean added = scheduler.push(request);
        counted(request, added);
        return added;
    }

    /** Counts a duplicate, and tells the listeners whether {@code request} was scheduled or dropped as one. */
    private void counted(Request request, boolean added) {
        if (!added) duplicates.increment();
        if (events.on()) {
            if (added) events.scheduled(request);
            else events.dropped(request, "duplicate");
        }
    }

    /** Whether {@code r}, found on a page or by a redirect, leads outside {@code allowed_domains}. */
    private boolean offsite(Request r) {
        return allowedDomains != null && !r.dontFilter() && !allowedDomains.allows(r.url());
    }

    /** @param found true for requests a callback emitted, which {@code allowed_domains} applies to */
    private void push(List<Request> out, boolean found) {
        if (out.isEmpty()) return;
        List<Request> accepted = out;
        boolean offsiteApplies = found && allowedDomains != null;
        boolean ordered = found && order != CrawlOrder.PRIORITY;
        if (depthLimit > 0 || offsiteApplies || ordered) {
            accepted = new ArrayList<>(out.size());
            for (Request r : out) {
                if (depthLimit > 0 && r.depth() > depthLimit) {
                    stats.increment(Stats.DROPPED + "depth");
                    events.dropped(r, "depth");
                } else if (offsiteApplies && offsite(r)) {
                    stats.increment(DROPPED_OFFSITE);
                    events.dropped(r, "offsite");
                } else {
                    accepted.add(ordered ? order.apply(r) : r);
                }
            }
        }
        if (events.on()) { // each request's fate, for the listeners
            boolean[] enqueued = scheduler.pushEach(accepted);
            for (int i = 0; i < enqueued.length; i++) counted(accepted.get(i), enqueued[i]);
            return;
        }
        int added = scheduler.pushAll(accepted);
        if (added < accepted.size()) duplicates.add(accepted.size() - added);
    }
}
