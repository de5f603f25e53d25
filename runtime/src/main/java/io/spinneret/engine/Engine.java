package io.spinneret.engine;

import io.spinneret.annotations.Setting;
import io.spinneret.api.Request;
import io.spinneret.budget.HostBudgets;
import io.spinneret.internal.Dispatcher;
import io.spinneret.internal.PageNeeds;
import io.spinneret.items.ItemChain;
import io.spinneret.items.files.FileDownloads;
import io.spinneret.middleware.Middleware;
import io.spinneret.neardup.NearDuplicates;
import io.spinneret.recrawl.ItemKey;
import io.spinneret.recrawl.Revisits;
import io.spinneret.render.MemoryRenderDecisionStore;
import io.spinneret.render.RenderDecisions;
import io.spinneret.settings.Settings;
import io.spinneret.spi.CrawlContext;
import io.spinneret.spi.Downloader;
import io.spinneret.spi.Lease;
import io.spinneret.spi.RenderDecisionStore;
import io.spinneret.spi.Scheduler;
import io.spinneret.spi.Stats;
import io.spinneret.writer.ItemSchemas;
import io.spinneret.writer.ItemWriter;
import io.spinneret.writer.StorageFailedException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The crawl loop and its stop. One poller thread takes leases from the scheduler while fewer than
 * {@code concurrency} requests are in flight and hands each to a worker virtual thread, which runs
 * it through the {@link RequestProcessor}: the {@link Fetcher} (HTTP cache, middleware chain,
 * downloader), the callback, {@link NewRequests} for what it found and the {@link ItemSink} for its
 * items, which go with the lease to the pipeline (which acks after storing them; a response without
 * items is acked at once).
 *
 * <p>The engine's in-flight counter is decremented only after a response's new requests are
 * pushed, so "scheduler empty and nothing in flight" really means the crawl is over. A shared
 * scheduler also needs nothing in flight anywhere, and, while another node is alive
 * ({@link Scheduler#othersLive}), the queue to stay empty for {@code idle_timeout}. A host a middleware paused ({@link #pauseDomain}) has its leases parked in
 * {@link DomainPauses} without a concurrency slot until the pause ends. A callback's inline fetches
 * ({@link InlineFetcher}) run on its worker, within its slot. Built and run by {@code io.spinneret.embed.Crawler}.
 */
public final class Engine implements CrawlContext {
    private static final Logger LOG = LoggerFactory.getLogger(Engine.class);
    private static final long IDLE_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    /** The longest a platform poller waits for a batch of free slots ({@link #awaitSlotBatch}). */
    private static final long SLOT_BATCH_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    /** Why the crawl stops; the limits are {@link CrawlLimits}' and {@code max_items}. */
    public enum Stop {
        NONE,
        ITEM_LIMIT,
        REQUEST_LIMIT,
        DURATION_LIMIT,
        FAILURE_LIMIT,
        NO_ITEM_TIMEOUT,
        SIGNAL,
        FAILED;

        /** Whether the requests in flight when it came may finish normally, however long they take (they are within the limit). */
        public boolean finishesInFlight() {
            return this == ITEM_LIMIT || this == REQUEST_LIMIT;
        }
    }

    private final String spiderName;
    private final Settings settings;
    private final Stats stats;
    private final Scheduler scheduler;
    private final NewRequests newRequests;
    private final ItemSink itemSink;
    private final CrawlLimits limits;
    private final RequestProcessor processor;
    private final @Nullable HostBudgets budgets;
    private final FileDownloads files;
    private final int concurrency;
    private final Semaphore permits;
    /** Free slots a platform poller waits for before it polls ({@link #awaitSlotBatch}); 1 for a virtual one. */
    private final int slotBatch;
    /** Free slots at which a task that ends wakes the poller: {@link #slotBatch} while it waits for them, else 1. */
    private volatile int wakeAtFree = 1;

    private final AtomicInteger inFlight = new AtomicInteger();
    /** Leases handed from the poller to the workers; a worker holds one of the permits. */
    private final LinkedTransferQueue<Lease> handoff = new LinkedTransferQueue<>();

    private final List<Thread> workers = new ArrayList<>();
    private volatile boolean workersStopping;
    private @Nullable ItemWriter itemWriter;
    private volatile @Nullable Thread poller;
    private volatile Stop stop = Stop.NONE;
    /** A signal came, possibly after another stop reason: draining then honours shutdown_grace. */
    private volatile boolean signalled;
    /** Closed by a signal: no request is sent after it (see {@link SendGate}). */
    private final SendGate gate = new SendGate();
    /** Hosts a middleware paused, and the leases parked for them outside the concurrency slots. */
    private final DomainPauses pauses = new DomainPauses();

    private volatile @Nullable String failure;
    /** What pushes requests on threads of their own while the crawl runs ({@link #whileRunning}). */
    private final List<Feeding> feedings = new CopyOnWriteArrayList<>();
    /** Feedings not finished yet, counted from when they are given: the crawl does not end before. */
    private final AtomicInteger feeding = new AtomicInteger();

    /**
     * Work that pushes requests while the crawl runs, on a virtual thread named {@code thread}; one
     * that {@code outlivesStop} is waited for by {@link #run} even after a stop.
     */
    private record Feeding(String thread, Runnable work, boolean outlivesStop) {}

    Engine(
            String spiderName,
            Settings settings,
            Stats stats,
            Scheduler scheduler,
            List<Middleware> middlewares,
            Downloader router,
            Dispatcher dispatcher,
            ItemSchemas schemas,
            CrawlEvents events) {
        this(
                spiderName,
                settings,
                stats,
                scheduler,
                middlewares,
                router,
                dispatcher,
                schemas,
                events,
                Map.of(),
                Map.of());
    }

    /**
     * @param requiredSelectors the spider's {@code @Parse(requires)} selectors by callback, for {@code renderer = AUTO}
     * @param pageNeeds what each callback looks for on its page, as the processor read it, for {@code renderer = AUTO}
     */
    public Engine(
            String spiderName,
            Settings settings,
            Stats stats,
            Scheduler scheduler,
            List<Middleware> middlewares,
            Downloader router,
            Dispatcher dispatcher,
            ItemSchemas schemas,
            CrawlEvents events,
            Map<String, String> requiredSelectors,
            Map<String, PageNeeds> pageNeeds) {
        this.spiderName = spiderName;
        this.settings = settings;
        this.stats = stats;
        this.scheduler = scheduler;
        this.concurrency = Math.max(1, settings.getInt(Setting.CONCURRENCY));
        this.permits = new Semaphore(concurrency);
        this.slotBatch = scheduler.isShared() ? Math.max(1, concurrency / 4) : 1;
        this.newRequests = new NewRequests(scheduler, settings, stats, events);
        this.limits = new CrawlLimits(settings, stats);
        this.itemSink = new ItemSink(scheduler, settings, stats, events, () -> requestStop(Stop.ITEM_LIMIT));
        Fetcher fetcher = new Fetcher(middlewares, router, this, gate, events);
        this.files = FileDownloads.from(settings, fetcher::fetchFile, stats);
        InlineFetcher inline = new InlineFetcher(fetcher, this, pauses::pausedUntil, () -> stop != Stop.NONE, () -> {
            if (limits.started()) requestStop(Stop.REQUEST_LIMIT);
        });
        this.budgets = HostBudgets.from(settings, scheduler.pageBudget());
        AutoRendering auto = new AutoRendering(
                fetcher,
                requiredSelectors,
                pageNeeds,
                new RenderDecisions<>(
                        settings.getInt(Setting.AUTO_RENDER_SAMPLES),
                        settings.getInt(Setting.AUTO_RENDER_RECHECK),
                        stats,
                        renderDecisionStore(scheduler)),
                stats,
                this::inBackground,
                newRequests::found);
        this.processor = new RequestProcessor(
                new RequestProcessor.Fetching(fetcher, inline, auto, new Redirects(settings)),
                new RequestProcessor.Callbacks(new PageCallback(dispatcher, settings), schemas),
                new RequestProcessor.Outlets(scheduler, newRequests, files, itemSink),
                new RequestProcessor.Observers(stats, events),
                new RequestProcessor.PageChecks(
                        budgets,
                        Revisits.of(settings, scheduler, stats, events::changeStatus, this::removeItems),
                        NearDuplicates.from(settings, scheduler.simHashIndex(), stats)),
                () -> stop != Stop.NONE);
    }

    /**
     * Deletes or flags the items of removed pages in the output, as {@code recrawl_removed_items}
     * says, through the item writer, after what it holds.
     */
    public void removeItems(List<ItemKey> keys) {
        ItemWriter w = itemWriter;
        if (w != null) ItemKey.byTable(keys, w::removeItems);
    }

    /** The scheduler's store of render decisions, or one in memory when it keeps none. */
    private static RenderDecisionStore renderDecisionStore(Scheduler scheduler) {
        RenderDecisionStore kept = scheduler.renderDecisionStore();
        return kept != null ? kept : new MemoryRenderDecisionStore();
    }

    /** The hosts and domains whose page budget stopped requests, with the setting that did (see {@link HostBudgets}). */
    public Map<String, String> stoppedHosts() {
        return budgets == null ? Map.of() : budgets.stopped();
    }

    /** The files pipeline of this crawl, to be closed when it ends. */
    public FileDownloads files() {
        return files;
    }

    public void itemWriter(ItemWriter p) {
        this.itemWriter = p;
        itemSink.itemWriter(p);
    }

    /**
     * What the item writer calls once a lease's items are stored: acknowledges the lease, or puts a
     * page {@code max_items} split back into the queue with the count of its items stored.
     */
    public ItemWriter.Acker itemAcker() {
        return itemSink.acker();
    }

    public void itemChain(ItemChain chain) {
        itemSink.chain(chain);
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
        return newRequests.schedule(request);
    }

    @Override
    public void pauseDomain(String host, Duration pause) {
        pauses.pause(host, pause);
    }

    // ---- control

    public int inFlight() {
        return inFlight.get();
    }

    public Stop stopReason() {
        return stop;
    }

    public @Nullable String failure() {
        return failure;
    }

    /** Stops taking new requests; the first reason given wins. */
    public void requestStop(Stop why) {
        if (why == Stop.SIGNAL) signalled = true;
        synchronized (this) {
            if (stop == Stop.NONE) stop = why;
        }
        if (why == Stop.SIGNAL) gate.close(); // after stop is set: the requests it interrupts are requeued, not failed
        Thread p = poller;
        if (p != null) LockSupport.unpark(p);
    }

    public void fail(StorageFailedException e) {
        fail(e.getMessage());
    }

    /** Fails the crawl (the first failure's message is kept): storage failed, or an item was invalid with invalid_items = fail. */
    public void fail(String message) {
        synchronized (this) {
            if (failure == null) failure = message;
        }
        requestStop(Stop.FAILED);
    }

    /**
     * The scheduler (a full frontier disk, a lost Redis) or the pipeline failed under a request:
     * the crawl cannot go on. One error line, then the crawl stops as failed and prints its summary;
     * the request's lease stays unacknowledged, so a persistent scheduler hands it out again.
     */
    private void failed(RuntimeException e) {
        String why = e.getMessage() == null ? e.toString() : e.getMessage();
        if (failure == null) LOG.error("the crawl cannot go on: {}", why);
        LOG.debug("details", e);
        fail(why);
    }

    /** Queues the start requests; {@code allowed_domains} does not apply to them (a warning says when it would have). */
    public void start(List<Request> startRequests) {
        newRequests.start(startRequests);
    }

    /**
     * Reads more start requests from {@code feed} as the crawl goes, on a thread of its own. A stop
     * ends the reading, and the crawl does not wait for it: a read from a pipe may never return.
     */
    public void feed(StartUrlsFeed feed, Function<List<String>, List<Request>> toRequests) {
        whileRunning(new Feeding(
                "spinneret-start-urls",
                () -> feed.run(scheduler, stats, toRequests, newRequests::start, () -> stop != Stop.NONE),
                false));
    }

    /**
     * Runs {@code pushRequests} on a thread of its own once the crawl runs ({@link #run}), so that
     * the crawl fetches while it queues (the known pages of a re-crawl). {@link #run} waits for it
     * even after a stop, so that what it queues is in the scheduler when the crawl closes (for
     * {@code --resume}). An exception it throws fails the crawl.
     */
    public void seedWhileRunning(Runnable pushRequests) {
        whileRunning(new Feeding("spinneret-seeds", pushRequests, true));
    }

    /** Starts {@code f} with the crawl; the crawl does not end on an empty queue before it returns. */
    private void whileRunning(Feeding f) {
        feedings.add(f);
        feeding.incrementAndGet();
    }

    private boolean feeding() {
        return feeding.get() > 0;
    }

    /** Starts the feedings' threads; returns those {@link #run} waits for. */
    private List<Thread> startFeedings() {
        List<Thread> waitedFor = new ArrayList<>();
        for (Feeding f : feedings) {
            Thread t = Thread.ofVirtual().name(f.thread()).start(() -> {
                try {
                    f.work().run();
                } catch (RuntimeException e) {
                    failed(e);
                } finally {
                    feeding.decrementAndGet();
                }
            });
            if (f.outlivesStop()) waitedFor.add(t);
        }
        return waitedFor;
    }

    /**
     * Runs the poller until the crawl is over or stopped, and waits for it. In-flight requests may
     * still be running when this returns after a stop; see {@link #drain}.
     *
     * <p>The poller is a virtual thread, like the workers it wakes and that wake it once per request:
     * between virtual threads a wake-up is a queue operation, while waking a platform thread is a
     * system call on each side, which cost a tenth of a crawl's CPU on small pages. With a shared
     * scheduler (Redis) the poller is a platform thread: it waits for a round trip on each poll,
     * and a virtual thread woken by its reply waits for a carrier behind every worker ready to
     * run (about 10 ms a poll, measured on 2 cores), which held a node on Redis to half the pages
     * a second of one on the memory scheduler. So that the tasks do not wake it once each, it
     * waits for a batch of free slots ({@link #awaitSlotBatch}).
     */
    public void run() throws InterruptedException {
        Throwable[] thrown = new Throwable[1];
        Thread.Builder builder = scheduler.isShared() ? Thread.ofPlatform() : Thread.ofVirtual();
        Thread t = builder.name("spinneret-poller").unstarted(() -> {
            try {
                pollLoop();
            } catch (Throwable e) {
                thrown[0] = e;
            }
        });
        poller = t;
        List<Thread> waitedFor = startFeedings();
        t.start();
        try {
            t.join();
            for (Thread f : waitedFor) f.join();
        } catch (InterruptedException e) {
            t.interrupt(); // as when the poller ran on this thread: an interrupt ends it
            throw e;
        }
        switch (thrown[0]) {
            case null -> {}
            case InterruptedException e -> throw e;
            case RuntimeException e -> throw e;
            case Error e -> throw e;
            default -> throw new IllegalStateException(thrown[0]);
        }
    }

    private void pollLoop() throws InterruptedException {
        startWorkers();
        try {
            pollUntilDone();
        } catch (RuntimeException e) {
            failed(e); // the scheduler failed: the permit taken is of no use any more
        }
    }

    private void pollUntilDone() throws InterruptedException {
        boolean shared = scheduler.isShared();
        long idleTimeout = settings.getDuration(Setting.IDLE_TIMEOUT).toNanos();
        long idleSince = -1;
        while (stop == Stop.NONE) {
            if (slotBatch > 1) awaitSlotBatch();
            boolean acquired = permits.tryAcquire(IDLE_PARK_NANOS, TimeUnit.NANOSECONDS);
            Stop limit = limits.reached(); // after the wait: the request that just ended may have reached one
            if (limit != null) {
                if (acquired) permits.release();
                requestStop(limit);
                break;
            }
            if (!acquired) continue;
            if (stop != Stop.NONE) { // came while waiting for the permit: lease nothing more
                permits.release();
                break;
            }
            Lease lease = pauses.due();
            if (lease != null) { // in flight since it was parked
                if (parkIfPaused(lease)) permits.release();
                else handoff.add(lease);
                continue;
            }
            // every free slot in one call (one round trip for a scheduler that keeps its state elsewhere)
            int free = 1 + permits.drainPermits();
            int slots = limits.allowance(free); // max_requests: no more than it still allows
            if (free > slots) permits.release(free - slots);
            if (slots == 0) continue; // the last request it allows has started: the stop is requested
            List<Lease> leases = scheduler.pollBatch(slots);
            if (!leases.isEmpty()) {
                idleSince = -1;
                if (slots > leases.size()) permits.release(slots - leases.size());
                for (Lease l : leases) launch(l);
                continue;
            }
            if (slots > 1) permits.release(slots - 1); // keep the one the idle wait below may use
            // Nothing pending right now. Read in-flight BEFORE pending: a task pushes its new requests
            // before it decrements, so in-flight == 0 followed by pending == 0 means nothing is coming.
            if (inFlight.get() == 0 && !feeding() && scheduler.pendingCount() == 0) {
                if (!shared) {
                    permits.release();
                    return;
                }
                long now = System.nanoTime();
                if (idleSince < 0) {
                    idleSince = now;
                    if (itemWriter != null) itemWriter.flush(); // our unacked leases count as in flight elsewhere
                }
                if ((now - idleSince >= idleTimeout || !scheduler.othersLive()) && scheduler.inFlightCount() == 0) {
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

    /**
     * Waits until {@link #slotBatch} slots are free, or {@value #SLOT_BATCH_NANOS} ns at most,
     * woken by the task that frees the last of them, not by each. The poller of a shared
     * scheduler is a platform thread ({@link #run}): woken by every task that ends, it woke about
     * once a page, a system call on each side, and polled for about two slots each time (a virtual
     * poller, woken the same way, runs only after the workers ready before it, so it finds a dozen
     * slots free). On a CPU-bound crawl the slots outnumber what the cores can run, so a few of
     * them idle for a few milliseconds cost nothing; on a slow site they cost at most that wait.
     */
    private void awaitSlotBatch() {
        if (permits.availablePermits() >= slotBatch) return;
        wakeAtFree = slotBatch;
        try {
            long deadline = System.nanoTime() + SLOT_BATCH_NANOS;
            while (stop == Stop.NONE && permits.availablePermits() < slotBatch) {
                long left = deadline - System.nanoTime();
                if (left <= 0) return;
                LockSupport.parkNanos(this, left);
            }
        } finally {
            wakeAtFree = 1;
        }
    }

    /**
     * Runs {@code task} on a virtual thread of its own, outside the concurrency slots, counted as
     * in flight until it ends so that the crawl does not finish meanwhile (renderer AUTO's samples).
     */
    private void inBackground(Runnable task) {
        inFlight.incrementAndGet();
        Thread.ofVirtual().name("spinneret-auto-sample").start(() -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                LOG.warn("renderer auto: a sample failed: {}", e.toString());
            } finally {
                inFlight.decrementAndGet();
                Thread p = poller;
                if (p != null) LockSupport.unpark(p);
            }
        });
    }

    /** Hands a new lease to a worker, or parks it (giving its permit back) while its host is paused. */
    private void launch(Lease lease) {
        inFlight.incrementAndGet();
        if (parkIfPaused(lease)) permits.release();
        else handoff.add(lease);
        if (limits.started()) requestStop(Stop.REQUEST_LIMIT);
    }

    private boolean parkIfPaused(Lease lease) {
        long until = pauses.pausedUntil(lease.request());
        if (until < 0) return false;
        pauses.park(lease, until);
        return true;
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
            process(lease);
            Thread.interrupted(); // an interrupt aimed at that request must not hit the next one
        }
    }

    /**
     * Waits up to {@code grace} for in-flight requests to finish, then interrupts the rest, whose
     * leases go back to the scheduler.
     */
    public void drain(Duration grace) throws InterruptedException {
        for (Lease l : pauses.takeAll()) { // parked for a paused host: never started
            requeueQuietly(l);
            inFlight.decrementAndGet();
        }
        long deadline = System.nanoTime() + Math.min(grace.toNanos(), Long.MAX_VALUE / 4);
        boolean graceApplied = false;
        while (inFlight.get() > 0 && System.nanoTime() < deadline) {
            if (signalled && !graceApplied) {
                // e.g. Ctrl-C while the requests of a -n crawl finish: no longer than shutdown_grace
                graceApplied = true;
                deadline = Math.min(
                        deadline,
                        System.nanoTime()
                                + settings.getDuration(Setting.SHUTDOWN_GRACE).toNanos());
            }
            Thread.sleep(10);
        }
        workersStopping = true;
        if (inFlight.get() > 0) {
            LOG.info(
                    "interrupting {} requests still in flight after {} s; they go back to the scheduler",
                    inFlight.get(),
                    grace.toMillis() / 1000.0);
        }
        for (Thread w : workers) w.interrupt(); // idle ones leave take(); busy ones requeue their lease
        long stopBy = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (Thread w : workers) {
            long left = stopBy - System.nanoTime();
            if (left <= 0 || !w.join(Duration.ofNanos(left))) {
                LOG.warn("{} requests did not stop within 10 s of being interrupted", inFlight.get());
                break;
            }
        }
        // leases handed over but never started
        for (Lease l; (l = handoff.poll()) != null; ) {
            requeueQuietly(l);
            inFlight.decrementAndGet();
            permits.release();
        }
    }

    /** Gives a lease back; a failed scheduler leaves it in flight, which a persistent one hands out again. */
    private void requeueQuietly(Lease l) {
        try {
            scheduler.requeue(l, l.request());
        } catch (RuntimeException e) {
            LOG.debug("could not requeue {}: {}", l.request().url(), e.toString());
        }
    }

    // ---- one request

    private void process(Lease lease) {
        try {
            processor.process(lease);
        } catch (RuntimeException e) {
            failed(e);
        } finally {
            // only now, after the new requests were pushed: see the class comment
            inFlight.decrementAndGet();
            permits.release();
            Thread p = poller;
            if (p != null && permits.availablePermits() >= wakeAtFree) LockSupport.unpark(p);
        }
    }
}
