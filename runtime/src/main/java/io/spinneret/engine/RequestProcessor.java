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
import io.spinneret.recrawl.Revisits;
import io.spinneret.spi.InlineFetches;
import io.spinneret.spi.Lease;
import io.spinneret.spi.Scheduler;
import io.spinneret.spi.SchedulerFailedException;
import io.spinneret.spi.Stats;
import io.spinneret.writer.ItemSchemas;
import java.io.IOException;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What happens to one leased request: the {@link Fetcher} gets its response; a redirect is
 * followed as {@link Redirects} decides, a response that is not 2xx or a download that failed goes to the request's errback,
 * a 2xx response to its callback; what they emit goes to {@link NewRequests} and the
 * {@link ItemSink}. Every path ends the lease: acknowledged (by the item sink once the items are
 * stored), or requeued when the crawl's stop interrupted the request, its files or an inline
 * fetch of its callback (whose output is then dropped: the request is redone). Thread-safe.
 */
final class RequestProcessor {
    private static final Logger LOG = LoggerFactory.getLogger(RequestProcessor.class);

    /** How a leased request gets its final response: the chain, the inline fetches of its callback, AUTO's choice, redirects. */
    record Fetching(Fetcher fetcher, InlineFetches inline, AutoRendering auto, Redirects redirects) {}

    /** What runs on a response or a failure: the spider's callbacks and errbacks, and the schemas of its items. */
    record Callbacks(PageCallback page, ItemSchemas schemas) {}

    /** Where the outcome goes: the lease's scheduler, the new requests, the items' files, then the item sink. */
    record Outlets(Scheduler scheduler, NewRequests newRequests, FileDownloads files, ItemSink itemSink) {}

    /** Who hears of it: the crawl's stats and its listeners. */
    record Observers(Stats stats, CrawlEvents events) {}

    /**
     * What is checked of a page besides its callback: the page budgets per host and domain before it
     * is fetched (null when there are none), a re-crawl's revisit after (unchanged pages skip their
     * callback), and near-duplicate text after the callback (null when nothing is done with it).
     */
    record PageChecks(
            @Nullable HostBudgets budgets,
            Revisits revisits,
            @Nullable NearDuplicates nearDuplicates) {}

    private final Fetcher fetcher;
    private final InlineFetches inline;
    private final AutoRendering auto;
    private final Redirects redirects;
    private final Dispatcher dispatcher;
    private final PageCallback page;
    private final ItemSchemas schemas;
    private final Scheduler scheduler;
    private final NewRequests newRequests;
    private final FileDownloads files;
    private final ItemSink itemSink;
    private final Stats stats;
    private final CrawlEvents events;
    private final FailureLog failureLog;
    private final BooleanSupplier stopping;
    private final @Nullable HostBudgets budgets;
    private final Revisits revisits;
    private final @Nullable NearDuplicates nearDuplicates;

    /** @param stopping whether the crawl was asked to stop, so that an interrupted request is requeued, not failed */
    RequestProcessor(
            Fetching fetching,
            Callbacks callbacks,
            Outlets outlets,
            Observers observers,
            PageChecks checks,
            BooleanSupplier stopping) {
        this.fetcher = fetching.fetcher();
        this.inline = fetching.inline();
        this.auto = fetching.auto();
        this.redirects = fetching.redirects();
        this.dispatcher = callbacks.page().dispatcher();
        this.page = callbacks.page();
        this.schemas = callbacks.schemas();
        this.scheduler = outlets.scheduler();
        this.newRequests = outlets.newRequests();
        this.files = outlets.files();
        this.itemSink = outlets.itemSink();
        this.stats = observers.stats();
        this.events = observers.events();
        this.budgets = checks.budgets();
        this.revisits = checks.revisits();
        this.nearDuplicates = checks.nearDuplicates();
        this.failureLog = new FailureLog(stats);
        this.stopping = stopping;
    }

    void process(Lease lease) {
        Request req = lease.request();
        // what the callback emitted is stored once the response (its page and parsed document) is
        // out of reach: storing may wait for the scheduler's round trip, and a page kept alive
        // meanwhile outlives a young collection, to be copied and promoted
        if (!AutoRendering.handles(req)) {
            Emitted emitted = fetchAndParse(lease, req, null);
            if (emitted != null) storeWithFiles(lease, emitted);
            return;
        }
        try (AutoRendering.Turn turn = auto.begin(req)) {
            Emitted emitted = fetchAndParse(lease, turn.firstRequest(), turn);
            if (emitted != null) storeWithFiles(lease, emitted);
        }
    }

    /**
     * Fetches {@code first} for the leased request (with a {@code turn}, the renderer AUTO chose) and
     * runs its callback (or, for a failure, its errback): what that emitted, to be stored, or null
     * when the lease was dealt with here (acknowledged, requeued, redirected).
     */
    private @Nullable Emitted fetchAndParse(Lease lease, Request first, AutoRendering.@Nullable Turn turn) {
        Request req = lease.request();
        Response resp;
        try {
            if (budgets != null) budgets.admit(req);
            resp = fetcher.fetch(first);
        } catch (DropRequest d) {
            stats.increment(Stats.DROPPED + d.reason());
            LOG.debug("dropped {} ({}): {}", req.url(), d.reason(), d.getMessage());
            events.dropped(req, d.reason());
            scheduler.ackLater(lease);
            return null;
        } catch (Exception e) {
            if (interruptedByStop(e)) {
                scheduler.requeue(lease, req);
                return null;
            }
            notTheRequests(e);
            failureLog.download(req, e);
            return errback(
                    lease,
                    new Failure(
                            req,
                            FailureLog.reason(e, req.url()),
                            e,
                            e instanceof RetriesExhaustedException r ? r.response() : null));
        }
        Revisits.Visit visit =
                revisits.check(SplitPages.unmarked(req), resp); // the record keeps the request as the crawl made it
        if (visit.skipsCallback()) { // unchanged: nothing to store
            scheduler.ackLater(lease);
            return null;
        }
        switch (redirects.decide(resp)) {
            case Redirects.Follow f -> {
                redirect(lease, resp, f.next());
                return null;
            }
            case Redirects.Refused r -> {
                return redirectFailed(lease, resp, r.why());
            }
            case Redirects.Final f -> {}
        }
        int status = resp.status();
        if (status < 200 || status >= 300) {
            stats.increment(Stats.HTTP_STATUS + status);
            LOG.debug("ignoring {} response from {}", status, req.url());
            return errback(lease, new Failure(req, "HTTP " + status, null, resp));
        }
        AutoRendering.Parsed parsed;
        if (turn == null) {
            parsed = parse(req, resp, false);
        } else {
            try {
                parsed = turn.parse(resp, this::parse);
            } catch (InterruptedException e) {
                scheduler.requeue(lease, req);
                return null;
            }
        }
        CollectingCrawl yielded = parsed.crawl();
        visit.parsed(parsed.error() == null, yielded.requests, yielded.items, yielded.itemSchemas);
        return yielded.emitted();
    }

    /**
     * Runs the request's callback on a 2xx response ({@link PageCallback}). {@code quiet}: a callback
     * that throws, and the items of a {@code noindex} page, are not logged or counted (the side of an
     * AUTO sample that is compared, then discarded).
     */
    private AutoRendering.Parsed parse(Request req, Response resp, boolean quiet) {
        PageCallback.Yield out = page.run(req.callback(), resp, new CollectingCrawl(resp, schemas, inline));
        CollectingCrawl crawl = out.crawl();
        Throwable t = out.error();
        if (t != null) notTheRequests(t);
        if (t != null && !crawl.stoppedInline && !quiet) { // a stop's interrupt is no failure of the callback: requeued
            failureLog.callback(req, t, req.callback());
            if (events.on())
                events.failed(
                        new Failure(
                                req,
                                "callback '" + req.callback() + "' failed: " + FailureLog.reason(t, req.url()),
                                t,
                                resp),
                        null);
        }
        if (nearDuplicates != null && !quiet) nearDuplicate(resp, crawl, nearDuplicates);
        if (!out.noindex().isEmpty() && !quiet) {
            stats.counter(Stats.DROPPED + "noindex").add(out.noindex().size());
            for (Object item : out.noindex()) events.itemDropped(item, "noindex");
        }
        return new AutoRendering.Parsed(crawl, t);
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
    private void storeWithFiles(Lease lease, Emitted crawl) {
        if (crawl.stoppedInline()) { // caught by the callback, which went on
            requeue(lease);
            return;
        }
        List<Object> items = crawl.items();
        if (!items.isEmpty()) {
            try {
                items = files.download(items, crawl.itemSchemas());
            } catch (InterruptedException e) {
                scheduler.requeue(lease, lease.request());
                return;
            }
        }
        newRequests.found(crawl.requests());
        itemSink.store(lease, items, crawl.itemSchemas());
    }

    /**
     * Gives the lease back after the stop cut an inline fetch of its callback short: what the
     * callback emitted is incomplete and dropped, and a resumed crawl redoes the request.
     */
    private void requeue(Lease lease) {
        LOG.debug(
                "requeued {}: an inline fetch of its callback was stopped",
                lease.request().url());
        scheduler.requeue(lease, lease.request());
    }

    /**
     * Queues the target of a redirect (a 3xx or a meta refresh) and acknowledges the lease; one that
     * {@link Redirects} refused fails the request instead ({@link #redirectFailed}).
     */
    private void redirect(Lease lease, Response resp, Request next) {
        stats.increment(Redirects.STAT);
        LOG.debug("{} redirect {} -> {}", resp.status(), resp.request().url(), next.url());
        newRequests.redirect(next);
        scheduler.ack(lease);
    }

    /**
     * Fails the request with the reason a redirect could not be followed: too many hops, no
     * {@code Location} or one that is not a URL (alike), a target already in the chain of hops (a
     * loop, or a redirect to itself). Each is one counted failure and goes to the errback.
     */
    private @Nullable Emitted redirectFailed(Lease lease, Response resp, String why) {
        Request req = resp.request();
        IOException e = new IOException(why);
        stats.increment(Redirects.STAT_FAILED);
        failureLog.download(req, e);
        return errback(lease, new Failure(req, why, e, resp));
    }

    /**
     * Hands a failed request to its errback, if it names one: what that emits, to be stored and
     * scheduled as a callback's output once the failure's response is out of reach, or null when
     * the lease was dealt with here (acknowledged: no errback; requeued: a stop cut it short). An
     * errback that throws counts as a failure, like a callback that throws.
     */
    private @Nullable Emitted errback(Lease lease, Failure failure) {
        Request req = failure.request();
        String name = req.errback();
        events.failed(failure, name);
        if (name == null) {
            scheduler.ack(lease);
            return null;
        }
        CollectingCrawl crawl = new CollectingCrawl(failure, schemas, inline);
        stats.increment(Stats.ERRBACKS);
        try {
            dispatcher.dispatchFailure(name, failure, crawl);
        } catch (Throwable t) {
            if (t instanceof VirtualMachineError && !(t instanceof StackOverflowError)) throw (VirtualMachineError) t;
            if (crawl.stoppedInline) {
                requeue(lease);
                return null;
            }
            failureLog.errback(req, t, name);
            if (events.on())
                events.failed(
                        new Failure(
                                req,
                                "errback '" + name + "' failed: " + FailureLog.reason(t, req.url()),
                                t,
                                failure.response()),
                        null);
        }
        return crawl.emitted();
    }

    /**
     * Throws the scheduler's failure if {@code e} is one (the shared throttle, budgets or sessions
     * of a distributed crawl lost their store): the crawl fails, and the request is not counted as
     * failed; its lease stays unacknowledged, so a resumed crawl does it again.
     */
    private static void notTheRequests(Throwable e) {
        SchedulerFailedException failed = SchedulerFailedException.in(e);
        if (failed != null) throw failed;
    }

    private boolean interruptedByStop(Exception e) {
        if (!stopping.getAsBoolean()) return false;
        return e instanceof InterruptedException
                || Thread.currentThread().isInterrupted()
                || e.getCause() instanceof InterruptedException;
    }
}
