package io.spinneret.engine;

import io.spinneret.api.DropRequest;
import io.spinneret.api.Failure;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.budget.HostBudgets;
import io.spinneret.internal.Dispatcher;
import io.spinneret.items.ItemChain;
import io.spinneret.items.files.FileDownloads;
import io.spinneret.middleware.RetriesExhaustedException;
import io.spinneret.neardup.NearDuplicates;
import io.spinneret.pipeline.ItemSchemas;
import io.spinneret.recrawl.Revisits;
import io.spinneret.spi.InlineFetches;
import io.spinneret.spi.Lease;
import io.spinneret.spi.Scheduler;
import io.spinneret.spi.Stats;
import java.io.IOException;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What happens to one leased request: the {@link Fetcher} gets its response; a redirect is
 * followed, a response that is not 2xx or a download that failed goes to the request's errback,
 * a 2xx response to its callback; what they emit goes to {@link NewRequests} and the
 * {@link ItemSink}. Every path ends the lease: acknowledged (by the item sink once the items are
 * stored), or requeued when the crawl's stop interrupted the request, its files or an inline
 * fetch of its callback (whose output is then dropped: the request is redone). Thread-safe.
 */
final class RequestProcessor {
    private static final Logger LOG = LoggerFactory.getLogger(RequestProcessor.class);

    private final Fetcher fetcher;
    private final Scheduler scheduler;
    private final Dispatcher dispatcher;
    private final @Nullable HostBudgets budgets;
    private final @Nullable NearDuplicates nearDuplicates;
    private final ItemSchemas schemas;
    private final NewRequests newRequests;
    private final ItemSink itemSink;
    private final Stats stats;
    private final FailureLog failureLog;
    private final int maxRedirects;
    private final BooleanSupplier stopping;
    private final PageFollowing page;
    private final FileDownloads files;
    private final CrawlEvents events;
    private final InlineFetches inline;
    private final AutoRendering auto;
    private final Revisits revisits;

    /**
     * @param budgets the page budgets per host and domain, or null when there are none
     * @param nearDuplicates what is done with near-duplicate pages, or null when nothing
     * @param stopping whether the crawl was asked to stop, so that an interrupted request is requeued, not failed
     * @param files the files pipeline, which the items pass before the item sink
     * @param inline what the callbacks' {@code crawl.fetch(...)} calls
     * @param revisits what a re-crawl does with known pages (unchanged ones skip their callback)
     * @param auto how requests whose renderer is {@code AUTO} choose theirs
     */
    RequestProcessor(Fetcher fetcher, Scheduler scheduler, Dispatcher dispatcher, ItemSchemas schemas, @Nullable HostBudgets budgets,
            @Nullable NearDuplicates nearDuplicates, NewRequests newRequests,
            ItemSink itemSink, Stats stats, int maxRedirects, BooleanSupplier stopping, PageFollowing page, FileDownloads files,
            CrawlEvents events, InlineFetches inline, Revisits revisits, AutoRendering auto) {
        this.events = events;
        this.revisits = revisits;
        this.inline = inline;
        this.auto = auto;
        this.fetcher = fetcher;
        this.scheduler = scheduler;
        this.dispatcher = dispatcher;
        this.budgets = budgets;
        this.nearDuplicates = nearDuplicates;
        this.schemas = schemas;
        this.newRequests = newRequests;
        this.itemSink = itemSink;
        this.stats = stats;
        this.failureLog = new FailureLog(stats);
        this.maxRedirects = maxRedirects;
        this.stopping = stopping;
        this.page = page;
        this.files = files;
    }

    void process(Lease lease) {
        Request req = lease.request();
        if (!AutoRendering.handles(req)) {
            process(lease, req, null);
            return;
        }
        try (AutoRendering.Turn turn = auto.begin(req)) {
            process(lease, turn.firstRequest(), turn);
        }
    }

    /** Fetches {@code first} for the leased request; with a {@code turn}, the renderer AUTO chose. */
    private void process(Lease lease, Request first, AutoRendering.@Nullable Turn turn) {
        Request req = lease.request();
        Response resp;
        try {
            if (budgets != null) budgets.admit(req);
            resp = fetcher.fetch(first);
        } catch (DropRequest d) {
            stats.increment(Stats.DROPPED + d.reason());
            LOG.debug("dropped {} ({}): {}", req.url(), d.reason(), d.getMessage());
            events.dropped(req, d.reason());
            scheduler.ack(lease);
            return;
        } catch (Exception e) {
            if (interruptedByStop(e)) {
                scheduler.requeue(lease, req);
                return;
            }
            failureLog.download(req, e);
            errback(lease, new Failure(req, FailureLog.reason(e, req.url()), e, e instanceof RetriesExhaustedException r ? r.response() : null));
            return;
        }
        int status = resp.status();
        Revisits.Visit visit = revisits.check(req, resp);
        if (visit.skipsCallback()) {
            scheduler.ack(lease);
            return;
        }
        if (Redirects.isRedirect(status)) {
            redirect(lease, resp);
            return;
        }
        if (status < 200 || status >= 300) {
            stats.increment(Stats.HTTP_STATUS + status);
            LOG.debug("ignoring {} response from {}", status, req.url());
            errback(lease, new Failure(req, "HTTP " + status, null, resp));
            return;
        }
        var refresh = page.refresh(resp);
        if (refresh.isPresent()) {
            redirect(lease, resp, refresh.get());
            return;
        }
        AutoRendering.Parsed parsed;
        if (turn == null) {
            parsed = parse(req, resp, false);
        } else {
            try {
                parsed = turn.parse(resp, this::parse);
            } catch (InterruptedException e) {
                scheduler.requeue(lease, req);
                return;
            }
        }
        visit.parsed(parsed.error() == null);
        storeWithFiles(lease, parsed.crawl());
    }

    /**
     * Runs the request's callback on a 2xx response, adds the links of the link rules and drops the
     * items of a {@code noindex} page. {@code quiet}: a callback that throws is not logged or counted
     * (the side of an AUTO sample that is compared, then discarded).
     */
    private AutoRendering.Parsed parse(Request req, Response resp, boolean quiet) {
        CollectingCrawl crawl = new CollectingCrawl(resp, schemas, inline);
        Throwable error = null;
        try {
            dispatcher.dispatch(req.callback(), resp, crawl);
        } catch (Throwable t) {
            if (t instanceof VirtualMachineError && !(t instanceof StackOverflowError)) throw (VirtualMachineError) t;
            error = t;
            if (crawl.stoppedInline) return new AutoRendering.Parsed(crawl, t); // the stop's, not the callback's failure: requeued
            if (!quiet) {
                failureLog.callback(req, t, req.callback());
                if (events.on()) events.failed(new Failure(req, "callback '" + req.callback() + "' failed: " + FailureLog.reason(t, req.url()), t, resp), null);
            }
            // what the callback emitted before it threw is kept
        }
        crawl.requests.addAll(page.links(req.callback(), resp));
        if (nearDuplicates != null && !quiet) nearDuplicate(resp, crawl, nearDuplicates);
        if (!crawl.items.isEmpty() && page.dropsItems(resp)) {
            if (!quiet) {
                stats.counter(Stats.DROPPED + "noindex").add(crawl.items.size());
                for (Object item : crawl.items) events.itemDropped(item, "noindex");
            }
            crawl.items.clear();
            crawl.itemSchemas.clear();
        }
        return new AutoRendering.Parsed(crawl, error);
    }

    /** Drops the items, and the requests if the settings say so, of a page whose text nearly repeats an earlier page's. */
    private void nearDuplicate(Response resp, CollectingCrawl crawl, NearDuplicates near) {
        if (near.firstOf(resp) == null) return;
        if (!near.followsLinks() && !crawl.requests.isEmpty()) {
            stats.counter(NearDuplicates.LINKS_NOT_FOLLOWED).add(crawl.requests.size());
            crawl.requests.clear();
        }
        if (near.dropsItems() && !crawl.items.isEmpty()) {
            stats.counter(ItemChain.DROPPED + NearDuplicates.REASON).add(crawl.items.size());
            for (Object item : crawl.items) events.itemDropped(item, NearDuplicates.REASON);
            crawl.items.clear();
            crawl.itemSchemas.clear();
        }
    }

    /**
     * Schedules what a callback or errback found and stores its items, once the files pipeline has
     * fetched their files; a stop that interrupts the files requeues the request, nothing stored.
     */
    private void storeWithFiles(Lease lease, CollectingCrawl crawl) {
        if (crawl.stoppedInline) { // caught by the callback, which went on
            requeue(lease);
            return;
        }
        List<Object> items = crawl.items;
        if (!items.isEmpty()) {
            try {
                items = files.download(items, crawl.itemSchemas);
            } catch (InterruptedException e) {
                scheduler.requeue(lease, lease.request());
                return;
            }
        }
        newRequests.found(crawl.requests);
        itemSink.store(lease, items, crawl.itemSchemas);
    }

    /**
     * Gives the lease back after the stop cut an inline fetch of its callback short: what the
     * callback emitted is incomplete and dropped, and a resumed crawl redoes the request.
     */
    private void requeue(Lease lease) {
        LOG.debug("requeued {}: an inline fetch of its callback was stopped", lease.request().url());
        scheduler.requeue(lease, lease.request());
    }

    /**
     * Follows a redirect, or fails the request with the reason when it cannot be followed: too many
     * hops, no {@code Location} or one that is not a URL (alike), a target already in the chain of
     * hops (a loop, or a redirect to itself). Each is one counted failure and goes to the errback.
     */
    private void redirect(Lease lease, Response resp) {
        redirect(lease, resp, resp.header("Location").orElse(""));
    }

    /** Follows a redirect to {@code location}: a 3xx's Location or a meta refresh's target. */
    private void redirect(Lease lease, Response resp, String location) {
        Request req = resp.request();
        int hops = Redirects.times(req);
        if (hops >= maxRedirects) {
            redirectFailed(lease, resp, "too many redirects (" + maxRedirects + "); last Location: " + location);
            return;
        }
        var next = Redirects.follow(resp, location);
        if (next.isEmpty()) {
            redirectFailed(lease, resp, resp.status() + " redirect with " + (location.isBlank() ? "no Location" : "an unusable Location: " + location));
            return;
        }
        var loop = Redirects.loop(req, next.get());
        if (loop.isPresent()) {
            redirectFailed(lease, resp, "redirect loop: " + loop.get());
            return;
        }
        stats.increment("redirects");
        LOG.debug("{} redirect {} -> {}", resp.status(), req.url(), next.get().url());
        newRequests.redirect(next.get());
        scheduler.ack(lease);
    }

    private void redirectFailed(Lease lease, Response resp, String why) {
        Request req = resp.request();
        IOException e = new IOException(why);
        stats.increment("redirects/failed");
        failureLog.download(req, e);
        errback(lease, new Failure(req, why, e, resp));
    }

    /**
     * Hands a failed request to its errback, if it names one, and stores and schedules what that
     * emits as a callback's output; acknowledges the lease either way (after storing, as for a
     * response). An errback that throws counts as a failure, like a callback that throws.
     */
    private void errback(Lease lease, Failure failure) {
        Request req = failure.request();
        String name = req.errback();
        events.failed(failure, name);
        if (name == null) {
            scheduler.ack(lease);
            return;
        }
        CollectingCrawl crawl = new CollectingCrawl(failure, schemas, inline);
        stats.increment(Stats.ERRBACKS);
        try {
            dispatcher.dispatchFailure(name, failure, crawl);
        } catch (Throwable t) {
            if (t instanceof VirtualMachineError && !(t instanceof StackOverflowError)) throw (VirtualMachineError) t;
            if (crawl.stoppedInline) {
                requeue(lease);
                return;
            }
            failureLog.errback(req, t, name);
            if (events.on()) events.failed(new Failure(req, "errback '" + name + "' failed: " + FailureLog.reason(t, req.url()), t, failure.response()), null);
        }
        storeWithFiles(lease, crawl);
    }

    private boolean interruptedByStop(Exception e) {
        if (!stopping.getAsBoolean()) return false;
        return e instanceof InterruptedException || Thread.currentThread().isInterrupted()
                || e.getCause() instanceof InterruptedException;
    }
}
