package io.spinneret.engine;

import io.spinneret.annotations.Setting;
import io.spinneret.api.DropRequest;
import io.spinneret.api.Failure;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.download.Downloader;
import io.spinneret.download.cache.HttpCache;
import io.spinneret.internal.Dispatcher;
import io.spinneret.internal.ItemSchema;
import io.spinneret.middleware.Middleware;
import io.spinneret.middleware.RealChain;
import io.spinneret.middleware.RetriesExhaustedException;
import io.spinneret.pipeline.ItemSchemas;
import io.spinneret.pipeline.Pipeline;
import io.spinneret.pipeline.PipelineFailedException;
import io.spinneret.scheduler.Lease;
import io.spinneret.scheduler.Scheduler;
import io.spinneret.settings.Settings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The crawl loop. One poller thread takes leases from the scheduler while fewer than
 * {@code concurrency} requests are in flight and starts a virtual thread per lease, which runs the
 * middleware chain and the downloader, dispatches the response to its callback, pushes the new
 * requests and hands the items, with the lease, to the pipeline (which acks after storing them; a
 * response without items is acked at once).
 *
 * <p>The engine's in-flight counter is decremented only after a response's new requests are
 * pushed, so "scheduler empty and nothing in flight" really means the crawl is over. A shared
 * scheduler also needs the queue to stay empty for {@code idle_timeout} with nothing in flight
 * anywhere. Built and run by {@link Crawler}.
 */
final class Engine implements CrawlContext {
    private static final Logger LOG = LoggerFactory.getLogger(Engine.class);
    private static final String DROPPED_OFFSITE = Stats.DROPPED + "offsite";
    private static final long IDLE_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    enum Stop { NONE, ITEM_LIMIT, SIGNAL, FAILED }

    private final String spiderName;
    private final Settings settings;
    private final Stats stats;
    private final Scheduler scheduler;
    private final List<Middleware> middlewares;
    private final Downloader downloader;
    private final Dispatcher dispatcher;
    private final ItemSchemas schemas;
    private final int concurrency;
    private final int depthLimit;
    private final @Nullable AllowedDomains allowedDomains;
    private final @Nullable HttpCache httpCache;
    private final int maxRedirects;
    private final long maxItems;
    private final Semaphore permits;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicLong itemsAccepted = new AtomicLong();
    /** Leases handed from the poller to the workers; a worker holds one of the permits. */
    private final LinkedTransferQueue<Lease> handoff = new LinkedTransferQueue<>();
    private final List<Thread> workers = new ArrayList<>();
    private volatile boolean workersStopping;
    private final LongAdder requests, responses, items, duplicates;
    private final FailureLog failureLog;
    private @Nullable Pipeline pipeline;
    private volatile @Nullable Thread poller;
    private volatile Stop stop = Stop.NONE;
    /** A signal came, possibly after another stop reason: draining then honours shutdown_grace. */
    private volatile boolean signalled;
    /** Closed by a signal: no request is sent after it (see {@link SendGate}). */
    private final SendGate gate = new SendGate();
    private volatile @Nullable String failure;

    Engine(String spiderName, Settings settings, Stats stats, Scheduler scheduler, List<Middleware> middlewares,
            Downloader router, Dispatcher dispatcher, ItemSchemas schemas) {
        this.spiderName = spiderName;
        this.settings = settings;
        this.stats = stats;
        this.scheduler = scheduler;
        this.middlewares = List.copyOf(middlewares);
        this.dispatcher = dispatcher;
        this.schemas = schemas;
        this.concurrency = Math.max(1, settings.getInt(Setting.CONCURRENCY));
        this.depthLimit = settings.getInt(Setting.DEPTH_LIMIT);
        this.allowedDomains = AllowedDomains.of(settings.getList(Setting.ALLOWED_DOMAINS));
        this.httpCache = HttpCache.from(settings, spiderName);
        this.maxRedirects = settings.getInt(Setting.MAX_REDIRECTS);
        this.maxItems = settings.getLong(Setting.MAX_ITEMS);
        this.permits = new Semaphore(concurrency);
        this.requests = stats.counter(Stats.REQUESTS);
        this.responses = stats.counter(Stats.RESPONSES);
        this.failureLog = new FailureLog(stats);
        this.items = stats.counter(Stats.ITEMS);
        this.duplicates = stats.counter(Stats.DUPLICATES);
        this.downloader = request -> {
            gate.enter();
            try {
                // robots.txt fetches are the robots middleware's side requests, counted as robots/*, not as pages
                if (request.meta().containsKey(io.spinneret.middleware.RobotsMiddleware.META)) return router.download(request);
                requests.increment();
                Response r = router.download(request);
                responses.increment();
                return r;
            } finally {
                gate.exit();
            }
        };
    }

    void pipeline(Pipeline p) {
        this.pipeline = p;
    }

    // ---- CrawlContext

    @Override
    public String spiderName() {
        return spiderName;
    }

    @Override
    public Settings settings() {
        return settings;
    }

    @Override
    public Stats stats() {
        return stats;
    }

    @Override
    public boolean schedule(Request request) {
        boolean added = scheduler.push(request);
        if (!added) duplicates.increment();
        return added;
    }

    // ---- control

    int inFlight() {
        return inFlight.get();
    }

    Stop stopReason() {
        return stop;
    }

    @Nullable String failure() {
        return failure;
    }

    /** Stops taking new requests; the first reason given wins. */
    void requestStop(Stop why) {
        if (why == Stop.SIGNAL) signalled = true;
        synchronized (this) {
            if (stop == Stop.NONE) stop = why;
        }
        if (why == Stop.SIGNAL) gate.close(); // after stop is set: the requests it interrupts are requeued, not failed
        Thread p = poller;
        if (p != null) LockSupport.unpark(p);
    }

    void fail(PipelineFailedException e) {
        failure = e.getMessage();
        requestStop(Stop.FAILED);
    }

    /** Queues the start requests; {@code allowed_domains} does not apply to them (a warning says when it would have). */
    void start(List<Request> startRequests) {
        if (allowedDomains != null) {
            for (Request r : startRequests) {
                if (!allowedDomains.allows(r.url())) {
                    LOG.warn("start URL {} is outside allowed_domains: it is crawled, but its links to hosts outside them are not", r.url());
                }
            }
        }
        push(startRequests, false);
    }

    /**
     * Runs the poller until the crawl is over or stopped, and waits for it. In-flight requests may
     * still be running when this returns after a stop; see {@link #drain}.
     *
     * <p>The poller is a virtual thread, like the workers it wakes and that wake it once per request:
     * between virtual threads a wake-up is a queue operation, while waking a platform thread is a
     * system call on each side, which cost a tenth of a crawl's CPU on small pages.
     */
    void run() throws InterruptedException {
        Throwable[] thrown = new Throwable[1];
        Thread t = Thread.ofVirtual().name("spinneret-poller").unstarted(() -> {
            try {
                pollLoop();
            } catch (Throwable e) {
                thrown[0] = e;
            }
        });
        poller = t;
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            t.interrupt(); // as when the poller ran on this thread: an interrupt ends it
            throw e;
        }
        switch (thrown[0]) {
            case null -> { }
            case InterruptedException e -> throw e;
            case RuntimeException e -> throw e;
            case Error e -> throw e;
            default -> throw new IllegalStateException(thrown[0]);
        }
    }

    private void pollLoop() throws InterruptedException {
        startWorkers();
        boolean shared = scheduler.isShared();
        long idleTimeout = settings.getDuration(Setting.IDLE_TIMEOUT).toNanos();
        long idleSince = -1;
        while (stop == Stop.NONE) {
            if (!permits.tryAcquire(IDLE_PARK_NANOS, TimeUnit.NANOSECONDS)) continue;
            Lease lease = scheduler.poll(Duration.ZERO);
            if (lease != null) {
                idleSince = -1;
                launch(lease);
                continue;
            }
            // Nothing pending right now. Read in-flight BEFORE pending: a task pushes its new requests
            // before it decrements, so in-flight == 0 followed by pending == 0 means nothing is coming.
            if (inFlight.get() == 0 && scheduler.pendingCount() == 0) {
                if (!shared) {
                    permits.release();
                    return;
                }
                long now = System.nanoTime();
                if (idleSince < 0) {
                    idleSince = now;
                    if (pipeline != null) pipeline.flush(); // our unacked leases count as in flight elsewhere
                }
                if (now - idleSince >= idleTimeout && scheduler.inFlightCount() == 0) {
                    permits.release();
                    return;
                }
                lease = scheduler.poll(Duration.ofMillis(100)); // another node may push work
                if (lease != null) {
                    idleSince = -1;
                    launch(lease);
                } else {
                    permits.release();
                }
                continue;
            }
            permits.release();
            // work is in flight: wait until a task finishes (it unparks us) or a moment passes
            LockSupport.parkNanos(this, IDLE_PARK_NANOS);
        }
    }

    private void launch(Lease lease) {
        inFlight.incrementAndGet();
        handoff.add(lease);
    }

    /**
     * Starts {@code concurrency} worker virtual threads. They live for the whole crawl rather than
     * one per request, so per-thread caches (jsoup's parser buffers, digests) are reused.
     */
    private void startWorkers() {
        Thread.Builder b = Thread.ofVirtual().name("spinneret-worker-", 0);
        for (int i = 0; i < concurrency; i++) workers.add(b.start(this::work));
    }

    private void work() {
        while (!workersStopping) {
            Lease lease;
            try {
                lease = handoff.take();
            } catch (InterruptedException e) {
                if (workersStopping) return;
                continue;
            }
            gate.lease();
            process(lease);
            Thread.interrupted(); // an interrupt aimed at that request must not hit the next one
        }
    }

    /**
     * Waits up to {@code grace} for in-flight requests to finish, then interrupts the rest, whose
     * leases go back to the scheduler.
     */
    void drain(Duration grace) throws InterruptedException {
        long deadline = System.nanoTime() + Math.min(grace.toNanos(), Long.MAX_VALUE / 4);
        boolean graceApplied = false;
        while (inFlight.get() > 0 && System.nanoTime() < deadline) {
            if (signalled && !graceApplied) {
                // e.g. Ctrl-C while the requests of a -n crawl finish: no longer than shutdown_grace
                graceApplied = true;
                deadline = Math.min(deadline, System.nanoTime() + settings.getDuration(Setting.SHUTDOWN_GRACE).toNanos());
            }
            Thread.sleep(10);
        }
        workersStopping = true;
        if (inFlight.get() > 0) {
            LOG.info("interrupting {} requests still in flight after {} s; they go back to the scheduler",
                    inFlight.get(), grace.toMillis() / 1000.0);
        }
        for (Thread w : workers) w.interrupt(); // idle ones leave take(); busy ones requeue their lease
        long stopBy = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (Thread w : workers) {
            long left = stopBy - System.nanoTime();
            if (left <= 0 || !w.join(java.time.Duration.ofNanos(left))) {
                LOG.warn("{} requests did not stop within 10 s of being interrupted", inFlight.get());
                break;
            }
        }
        // leases handed over but never started
        for (Lease l; (l = handoff.poll()) != null; ) {
            scheduler.requeue(l, l.request());
            inFlight.decrementAndGet();
            permits.release();
        }
    }

    // ---- one request

    private void process(Lease lease) {
        Request req = lease.request();
        try {
            handle(lease, req);
        } finally {
            // only now, after the new requests were pushed: see the class comment
            inFlight.decrementAndGet();
            permits.release();
            Thread p = poller;
            if (p != null) LockSupport.unpark(p);
        }
    }

    private void handle(Lease lease, Request req) {
        Response resp;
        try {
            resp = httpCache == null ? RealChain.execute(middlewares, req, downloader, this) : throughCache(httpCache, req);
        } catch (DropRequest d) {
            stats.increment(Stats.DROPPED + d.reason());
            LOG.debug("dropped {} ({}): {}", req.url(), d.reason(), d.getMessage());
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
        gate.inHand();
        int status = resp.status();
        if (Redirects.isRedirect(status) && resp.header("Location").isPresent()) {
            redirect(lease, resp);
            return;
        }
        if (status < 200 || status >= 300) {
            stats.increment(Stats.HTTP_STATUS + status);
            LOG.debug("ignoring {} response from {}", status, req.url());
            errback(lease, new Failure(req, "HTTP " + status, null, resp));
            return;
        }
        CollectingCrawl crawl = new CollectingCrawl(resp, schemas);
        try {
            dispatcher.dispatch(req.callback(), resp, crawl);
        } catch (Throwable t) {
            if (t instanceof VirtualMachineError && !(t instanceof StackOverflowError)) throw (VirtualMachineError) t;
            failureLog.callback(req, t, req.callback());
            // what the callback emitted before it threw is kept
        }
        push(crawl.requests);
        store(lease, crawl.items, crawl.itemSchemas);
    }

    /** The kept response to {@code req} (counted as a request and a response, as the downloader counts them), else the chain's, kept. */
    private Response throughCache(HttpCache cache, Request req) throws Exception {
        Response cached = cache.lookup(req);
        if (cached != null) {
            requests.increment();
            responses.increment();
            stats.increment(HttpCache.STAT_HIT);
            return cached;
        }
        if (HttpCache.cacheable(req)) stats.increment(HttpCache.STAT_MISS);
        Response resp = RealChain.execute(middlewares, req, downloader, this);
        if (cache.store(req, resp)) stats.increment(HttpCache.STAT_STORED);
        return resp;
    }

    private void redirect(Lease lease, Response resp) {
        Request req = resp.request();
        int hops = Redirects.times(req);
        if (hops >= maxRedirects) {
            redirectFailed(lease, resp, "too many redirects (" + maxRedirects + "); last Location: " + resp.header("Location").orElse(""));
            return;
        }
        var next = Redirects.follow(resp);
        if (next.isEmpty()) {
            redirectFailed(lease, resp, resp.status() + " redirect with an unusable Location: " + resp.header("Location").orElse(""));
            return;
        }
        stats.increment("redirects");
        LOG.debug("{} redirect {} -> {}", resp.status(), req.url(), next.get().url());
        if (offsite(next.get())) {
            stats.increment(DROPPED_OFFSITE);
        } else if (!schedule(next.get())) {
            LOG.debug("redirect target {} was already seen", next.get().url());
        }
        scheduler.ack(lease);
    }

    private void redirectFailed(Lease lease, Response resp, String why) {
        Request req = resp.request();
        java.io.IOException e = new java.io.IOException(why);
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
        if (name == null) {
            scheduler.ack(lease);
            return;
        }
        CollectingCrawl crawl = new CollectingCrawl(failure, schemas);
        stats.increment(Stats.ERRBACKS);
        try {
            dispatcher.dispatchFailure(name, failure, crawl);
        } catch (Throwable t) {
            if (t instanceof VirtualMachineError && !(t instanceof StackOverflowError)) throw (VirtualMachineError) t;
            failureLog.errback(req, t, name);
        }
        push(crawl.requests);
        store(lease, crawl.items, crawl.itemSchemas);
    }

    /** Whether {@code r}, found on a page or by a redirect, leads outside {@code allowed_domains}. */
    private boolean offsite(Request r) {
        return allowedDomains != null && !r.dontFilter() && !allowedDomains.allows(r.url());
    }

    private void push(List<Request> out) {
        push(out, true);
    }

    /** @param found true for requests a callback emitted, which {@code allowed_domains} applies to */
    private void push(List<Request> out, boolean found) {
        if (out.isEmpty()) return;
        List<Request> accepted = out;
        boolean offsiteApplies = found && allowedDomains != null;
        if (depthLimit > 0 || offsiteApplies) {
            accepted = new ArrayList<>(out.size());
            for (Request r : out) {
                if (depthLimit > 0 && r.depth() > depthLimit) stats.increment(Stats.DROPPED + "depth");
                else if (offsiteApplies && offsite(r)) stats.increment(DROPPED_OFFSITE);
                else accepted.add(r);
            }
        }
        int added = scheduler.pushAll(accepted);
        if (added < accepted.size()) duplicates.add(accepted.size() - added);
    }

    private void store(Lease lease, List<Object> emitted, List<ItemSchema<?>> emittedSchemas) {
        List<Object> kept = emitted;
        List<ItemSchema<?>> keptSchemas = emittedSchemas;
        int n = emitted.size();
        if (n > 0 && maxItems > 0) {
            long before = itemsAccepted.getAndAdd(n);
            long room = Math.max(0, maxItems - before);
            if (room < n) {
                kept = emitted.subList(0, (int) room);
                keptSchemas = emittedSchemas.subList(0, (int) room);
                stats.add("items/over_limit", n - room);
            }
            if (before + n >= maxItems) requestStop(Stop.ITEM_LIMIT);
        }
        items.add(kept.size());
        if (kept.isEmpty() || pipeline == null) {
            scheduler.ack(lease);
            return;
        }
        try {
            pipeline.submit(kept, keptSchemas, lease);
        } catch (InterruptedException e) {
            // stopped while waiting for room in the pipeline: these items were never stored
            items.add(-kept.size());
            scheduler.requeue(lease, lease.request());
            Thread.currentThread().interrupt();
        } catch (PipelineFailedException e) {
            items.add(-kept.size());
            // leave the lease in flight: a persistent scheduler hands it out again after a restart
        }
    }

    private boolean interruptedByStop(Exception e) {
        if (stop == Stop.NONE) return false;
        return e instanceof InterruptedException || Thread.currentThread().isInterrupted()
                || e.getCause() instanceof InterruptedException;
    }
}
