package io.spinneret.embed;

import io.spinneret.annotations.Renderer;
import io.spinneret.annotations.Setting;
import io.spinneret.api.Request;
import io.spinneret.api.SpinneretException;
import io.spinneret.download.Downloaders;
import io.spinneret.engine.CollectingCrawl;
import io.spinneret.engine.CrawlEvents;
import io.spinneret.engine.CrawlLimits;
import io.spinneret.engine.Engine;
import io.spinneret.engine.Listeners;
import io.spinneret.engine.Progress;
import io.spinneret.engine.StartUrlsFeed;
import io.spinneret.internal.Dispatcher;
import io.spinneret.internal.ItemSchema;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.items.ItemChain;
import io.spinneret.items.StorageRejections;
import io.spinneret.middleware.Middleware;
import io.spinneret.middleware.MiddlewareStack;
import io.spinneret.observe.CrawlClosed;
import io.spinneret.observe.CrawlListener;
import io.spinneret.observe.CrawlOpened;
import io.spinneret.recrawl.PageRemovals;
import io.spinneret.recrawl.RecrawlSeeds;
import io.spinneret.recrawl.RemovedItems;
import io.spinneret.recrawl.UnlinkedPages;
import io.spinneret.scheduler.Schedulers;
import io.spinneret.session.SessionPool;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Downloader;
import io.spinneret.spi.PageRecords;
import io.spinneret.spi.Scheduler;
import io.spinneret.spi.Stats;
import io.spinneret.spi.Storage;
import io.spinneret.storage.Storages;
import io.spinneret.url.AbsoluteUrl;
import io.spinneret.writer.ItemSchemas;
import io.spinneret.writer.ItemWriter;
import io.spinneret.writer.StorageFailedException;
import io.spinneret.writer.StoredUnacked;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one crawl of one spider: the programmatic entry point behind {@code spinneret run}.
 *
 * <pre>{@code
 * SpiderCatalog catalog = SpiderCatalog.discover(Path.of("spiders"));
 * CrawlResult result = Crawler.builder(catalog.spider("books"))
 *         .settings(Settings.defaults().with(Setting.OUTPUT, "out/books.jsonl", "code"))
 *         .items(catalog.items())
 *         .build()
 *         .run();
 * System.out.println(result.summaryLine()); // 1050 requests | 1050 responses | 0 failures | 1000 items | 0.9s
 * }</pre>
 *
 * <p>To run a crawl inside a program and get its items back as objects, {@link #of(Class)} is the
 * shorter way: {@code Crawler.of(BooksSpider.class).setting("concurrency", "16").run()}.
 *
 * <p>By default the scheduler comes from {@code scheduler}, the storage from {@code output}
 * (default {@code <spider>.jsonl}), the middlewares from {@link MiddlewareStack#build} and the
 * downloaders from {@link Downloaders#router}; the builder can replace each (tests do). The crawler
 * opens and closes everything it created itself, and closes what it was given too.
 *
 * <p>{@link #run()} blocks; {@link #stop()} (from another thread, e.g. a signal handler) asks for
 * a graceful stop: no new requests, in-flight ones get {@code shutdown_grace} to finish (the rest
 * are requeued), the pipeline is flushed and the storage closed. A crawler runs once.
 */
public final class Crawler {
    private static final Logger LOG = LoggerFactory.getLogger(Crawler.class);
    /** Items a callback emitted that a storage failure kept from being stored (not in {@link Stats#ITEMS}). */
    public static final String STAT_NOT_STORED = "items/not_stored";
    /** The stats key of items a resumed crawl did not store again: the failed crawl stored them ({@link StoredUnacked}). */
    public static final String STAT_STORED_EARLIER = "items/stored_earlier";
    /** The stats key of a distributed crawl: how many other nodes this node saw in it ({@link Scheduler#otherNodes()}). */
    public static final String STAT_OTHER_NODES = "nodes/others";

    private final SpiderDefinition spider;
    private final Settings settings;
    private final ItemSchemas schemas;
    private final @Nullable Scheduler givenScheduler;
    private final @Nullable Storage givenStorage;
    private final @Nullable Downloader givenDownloader;
    private final @Nullable List<Middleware> givenMiddlewares;
    private final boolean resume;
    private final Map<String, String> arguments;
    private final @Nullable PrintStream progressOut;
    private final List<CrawlListener> givenListeners;
    private final Stats stats = new Stats();
    private volatile @Nullable Engine engine;
    private volatile @Nullable ItemWriter itemWriter;
    private volatile boolean stopRequested;
    private boolean ran;

    private Crawler(Builder b) {
        this.spider = b.spider;
        this.settings = b.settings;
        this.schemas = new ItemSchemas(b.items);
        this.givenScheduler = b.scheduler;
        this.givenStorage = b.storage;
        this.givenDownloader = b.downloader;
        this.givenMiddlewares = b.middlewares;
        this.resume = b.resume;
        this.arguments = Map.copyOf(b.arguments);
        this.progressOut = b.progressOut;
        this.givenListeners = List.copyOf(b.listeners);
    }

    public static Builder builder(SpiderDefinition spider) {
        return new Builder(spider);
    }

    /**
     * A crawl of {@code spiderClass}, a {@code @Spider} class, to run inside this program: its items
     * come back as objects. See {@link EmbeddedCrawl}.
     *
     * @throws SpinneretException if no generated registry next to the class declares it a spider
     */
    public static EmbeddedCrawl of(Class<?> spiderClass) {
        return EmbeddedCrawl.of(spiderClass);
    }

    /**
     * A crawl of the spider called {@code spiderName} on the class path, to run inside this
     * program. See {@link EmbeddedCrawl}.
     *
     * @throws SpinneretException if there is no such spider
     */
    public static EmbeddedCrawl of(String spiderName) {
        return EmbeddedCrawl.of(spiderName);
    }

    /** The live counters of this crawl. */
    public Stats stats() {
        return stats;
    }

    public SpiderDefinition spider() {
        return spider;
    }

    public Settings settings() {
        return settings;
    }

    /**
     * Crawls until nothing is left, {@code max_items} items are stored, {@link #stop()} is called
     * or storage fails for good.
     *
     * @throws SpinneretException if the scheduler, storage or downloader cannot be opened
     * @throws InterruptedException if the calling thread is interrupted
     */
    public CrawlResult run() throws InterruptedException {
        synchronized (this) {
            if (ran) throw new IllegalStateException("a Crawler runs once");
            ran = true;
        }
        Listeners listeners = Listeners.open(settings, spider.getClass().getClassLoader(), givenListeners);
        try {
            return run(listeners);
        } finally {
            listeners.close();
        }
    }

    private CrawlResult run(Listeners listeners) throws InterruptedException {
        Instant startedAt = Instant.now();
        long t0 = System.nanoTime();
        CrawlEvents events = listeners.events(stats);
        Opened opened = new Opened(givenStorage != null ? givenStorage : Storages.forOutput(outputSetting(), settings));
        Engine e;
        try {
            e = open(opened, events, startedAt);
            crawlToTheEnd(e, opened, events);
        } finally {
            opened.close();
        }
        countUnstored(opened.itemWriter);
        if (opened.scheduler != null && opened.scheduler.isShared())
            stats.add(STAT_OTHER_NODES, opened.scheduler.otherNodes());
        return result(e, events, startedAt, Duration.ofNanos(System.nanoTime() - t0), opened.storage);
    }

    /**
     * What a running crawl holds open, closed in reverse order once it ends, and its pipeline,
     * flushed there if the crawl did not get to close it.
     */
    private static final class Opened {
        final Storage storage;
        final List<AutoCloseable> toClose = new ArrayList<>();

        @Nullable
        ItemWriter itemWriter;

        @Nullable
        Scheduler scheduler;

        boolean pipelineClosed;

        @Nullable
        RecrawlSeeds seeds;

        List<Request> start = List.of();

        @Nullable
        Progress progress;

        Opened(Storage storage) {
            this.storage = storage;
        }

        void close() throws InterruptedException {
            if (progress != null) progress.stop();
            if (itemWriter != null && !pipelineClosed) {
                try {
                    itemWriter.close();
                } catch (RuntimeException ex) {
                    LOG.warn("flushing the item writer failed: {}", ex.getMessage());
                }
            }
            closeQuietly(storage);
            for (int i = toClose.size() - 1; i >= 0; i--) closeQuietly(toClose.get(i));
        }
    }

    /** Opens the start requests, scheduler, downloader, chain and output, and starts the engine on them. */
    private Engine open(Opened opened, CrawlEvents events, Instant startedAt) throws InterruptedException {
        String name = spider.name();
        // first, so that a failing @Start method leaves no scheduler, output or browser behind
        Dispatcher dispatcher = spider.newDispatcher(arguments);
        String startFile = settings.getString(Setting.START_URLS_FILE);
        StartUrlsFeed feed =
                startFile.isBlank() ? null : StartUrlsFeed.open(startFile, settings.getInt(Setting.CONCURRENCY));
        if (feed != null) opened.toClose.add(feed);
        List<Request> start = feed != null ? List.of() : startRequests(dispatcher);
        Scheduler scheduler = givenScheduler != null ? givenScheduler : openScheduler(name);
        opened.toClose.add(scheduler);
        opened.scheduler = scheduler;
        // --recrawl: the known pages that are due, the first of them before the start URLs
        RecrawlSeeds seeds = RecrawlSeeds.due(scheduler, settings);
        seeds.pushFirst(scheduler);
        opened.seeds = seeds;
        opened.start = start;
        if (start.isEmpty() && feed == null && !scheduler.isShared() && scheduler.pendingCount() == 0) {
            // a crawl of nothing that ends at once with exit 0 would look like success
            LOG.warn(
                    "nothing to crawl: spider '{}' starts with no requests (it has no start URLs, or its @Start method"
                            + " made none) and its scheduler holds none; give start URLs with -s start_urls=URL[,URL...]",
                    name);
        }
        Downloader router = givenDownloader != null ? givenDownloader : Downloaders.router(settings, name);
        opened.toClose.add(router);
        // providers of user middlewares live next to the spider (e.g. in a jar under spiders_dir)
        List<Middleware> middlewares = givenMiddlewares != null
                ? givenMiddlewares
                : MiddlewareStack.build(
                        settings,
                        spider.getClass().getClassLoader(),
                        scheduler.sharedThrottle(),
                        SessionPool.forCrawl(settings, scheduler, router, stats, dispatcher.blockedCheck()));
        Storage storage = opened.storage;
        try {
            storage.open();
        } catch (IOException ex) {
            throw new SpinneretException("cannot open output " + storage.describe() + ": " + ex.getMessage(), ex);
        }
        Engine e = new Engine(
                name,
                settings,
                stats,
                scheduler,
                middlewares,
                router,
                dispatcher,
                schemas,
                events,
                spider.requiredSelectors(),
                spider.pageNeeds());
        opened.toClose.add(e.files());
        opened.itemWriter = withItemOutput(e, storage, scheduler, events);
        if (stopRequested) e.requestStop(Engine.Stop.SIGNAL);
        events.opened(new CrawlOpened(name, startedAt, settings, stats, scheduler::pendingCount, e::inFlight));
        e.start(start);
        if (seeds.remaining()) e.seedWhileRunning(() -> seeds.pushRest(scheduler));
        if (feed != null) e.feed(feed, urls -> startRequests(dispatcher, urls));
        LOG.info(
                "crawling {} ({}) into {}, concurrency {}",
                name,
                spider.className(),
                storage.describe(),
                settings.getInt(Setting.CONCURRENCY));
        opened.progress = Progress.start(stats, scheduler, e, settings, progressOut);
        return e;
    }

    /**
     * The journal of requests stored but not acknowledged ({@link StoredUnacked}), beside the first
     * local file output; null when none is a file (stdout, a database: upserted).
     */
    private @Nullable StoredUnacked storedUnacked() {
        for (Storages.Output o : Storages.outputs(outputSetting())) {
            String t = o.target();
            if (t.equals("-") || t.contains("://")) continue;
            return StoredUnacked.beside(Path.of(t), settings.getBoolean(Setting.OVERWRITE_OUTPUT));
        }
        return null;
    }

    /** The outputs the items go to: the {@code output} setting, else {@code <spider>.jsonl}. */
    private String outputSetting() {
        return output(settings, spider.name());
    }

    /** The outputs a crawl of {@code spiderName} with {@code settings} writes to: {@code output}, else {@code <spider>.jsonl}. */
    public static String output(Settings settings, String spiderName) {
        String named = settings.getString(Setting.OUTPUT);
        return named.isBlank() ? spiderName + ".jsonl" : named;
    }

    /** Gives the engine its item processors and the pipeline to {@code storage}; publishes both for {@link #stop}. */
    private ItemWriter withItemOutput(Engine e, Storage storage, Scheduler scheduler, CrawlEvents events) {
        ItemWriter p = new ItemWriter(storage, settings, e.itemAcker(), e::fail);
        if (scheduler.isPersistent() && givenStorage == null) p.storedUnacked(storedUnacked());
        e.itemWriter(p);
        e.itemChain(new ItemChain(spider.newProcessors(), settings, stats, e::fail, events::itemDropped));
        p.onRejected(new StorageRejections(settings, stats, events::itemDropped));
        engine = e;
        itemWriter = p;
        return p;
    }

    /** Runs the engine until it stops, drains what is in flight as the stop reason says, and closes the pipeline. */
    private void crawlToTheEnd(Engine e, Opened opened, CrawlEvents events) throws InterruptedException {
        e.run();
        Engine.Stop why = e.stopReason();
        if (why == Engine.Stop.NONE) {
            e.drain(Duration.ZERO);
            Scheduler scheduler = opened.scheduler;
            PageRecords records = scheduler == null ? null : scheduler.pageRecords();
            if (records != null)
                UnlinkedPages.remove(
                        settings,
                        Objects.requireNonNull(opened.seeds).seeded(),
                        opened.start,
                        new PageRemovals(records, scheduler::unsee, e::removeItems, stats, events::changeStatus));
        } else if (why.finishesInFlight()) e.drain(Duration.ofDays(1)); // let in-flight requests finish normally
        else e.drain(settings.getDuration(Setting.SHUTDOWN_GRACE));
        ItemWriter p = opened.itemWriter;
        if (p == null) return;
        try {
            opened.pipelineClosed = true;
            p.close();
        } catch (StorageFailedException ex) {
            e.fail(ex);
        }
    }

    /** The summary counts what was stored: items accepted but lost with a failed storage are not. */
    private void countUnstored(@Nullable ItemWriter p) {
        if (p == null) return;
        long earlier = p.storedEarlier(); // stored by the crawl that failed to acknowledge them: not items of this one
        if (earlier > 0) {
            stats.add(Stats.ITEMS, -earlier);
            stats.add(STAT_STORED_EARLIER, earlier);
        }
        long notStored = stats.get(Stats.ITEMS) - p.written();
        if (notStored > 0) {
            stats.add(Stats.ITEMS, -notStored);
            stats.add(STAT_NOT_STORED, notStored);
        }
        if (p.removed() > 0) stats.add(RemovedItems.of(settings).counter(), p.removed()); // of removed pages
    }

    /** How the crawl ended, logged with every counter and told to the listeners. */
    private CrawlResult result(Engine e, CrawlEvents events, Instant startedAt, Duration elapsed, Storage storage)
            throws InterruptedException {
        // a storage failure wins over the stop that came first: a -n crawl writes its items only as the pipeline closes
        CrawlResult.Outcome outcome = e.failure() != null
                ? CrawlResult.Outcome.FAILED
                : switch (e.stopReason()) {
                    case NONE -> CrawlResult.Outcome.FINISHED;
                    case ITEM_LIMIT -> CrawlResult.Outcome.ITEM_LIMIT;
                    case REQUEST_LIMIT, DURATION_LIMIT, FAILURE_LIMIT, NO_ITEM_TIMEOUT -> CrawlResult.Outcome.LIMIT;
                    case SIGNAL -> CrawlResult.Outcome.INTERRUPTED;
                    case FAILED -> CrawlResult.Outcome.FAILED;
                };
        Map<String, Long> counters = stats.snapshot();
        LOG.info(
                "stats {}",
                counters); // every counter (retries, redirects, robots, statuses...): the summary line has the main
        // ones
        String limit = outcome == CrawlResult.Outcome.FAILED ? null : CrawlLimits.describe(e.stopReason(), settings);
        String reason = outcome == CrawlResult.Outcome.LIMIT && limit != null ? limit : outcome.stopReason();
        events.closed(new CrawlClosed(spider.name(), startedAt, Instant.now(), reason, e.failure(), counters));
        return new CrawlResult(
                spider.name(), counters, elapsed, outcome, e.failure(), storage.describe(), limit, e.stoppedHosts());
    }

    private Scheduler openScheduler(String name) {
        try {
            return Schedulers.open(
                    settings, name, resume || settings.getBoolean(Setting.RECRAWL)); // a re-crawl keeps what was seen
        } catch (SpinneretException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new SpinneretException(
                    "cannot open the '" + settings.getChoice(Setting.SCHEDULER) + "' scheduler: "
                            + (e.getMessage() != null ? e.getMessage() : e.toString()),
                    e);
        }
    }

    /**
     * The start requests: what the spider's {@code @Start} method schedules, given the start URLs
     * ({@code start_urls} if set, else the spider's); without one, a request per start URL to the
     * {@code parse} callback. Either way the spider's renderer is theirs unless a request chose one.
     *
     * @throws SpinneretException if the {@code @Start} method throws or emits an item
     */
    List<Request> startRequests(Dispatcher dispatcher) {
        List<String> urls = settings.getList(Setting.START_URLS);
        return startRequests(dispatcher, parsed(urls.isEmpty() ? spider.startUrls() : urls));
    }

    /**
     * The start URLs as the URL parser serializes them ({@code http://127.1/} is {@code http://127.0.0.1/}).
     *
     * @throws SpinneretException for the first that is no absolute http(s) URL, saying why
     */
    private static List<String> parsed(List<String> urls) {
        List<String> out = new ArrayList<>(urls.size());
        for (String u : urls) {
            try {
                out.add(AbsoluteUrl.href(u));
            } catch (IllegalArgumentException e) {
                throw new SpinneretException("start URL " + e.getMessage(), e);
            }
        }
        return out;
    }

    /** The start requests of these start URLs: see {@link #startRequests(Dispatcher)}. */
    List<Request> startRequests(Dispatcher dispatcher, List<String> urls) {
        CollectingCrawl crawl = CollectingCrawl.forStart(schemas);
        boolean started;
        try {
            started = dispatcher.start(urls, crawl);
        } catch (Exception | LinkageError | StackOverflowError ex) {
            throw new SpinneretException(
                    "the @Start method of spider '" + spider.name() + "' failed: "
                            + (ex.getMessage() == null
                                    ? ex.getClass().getSimpleName()
                                    : ex.getClass().getSimpleName() + ": " + ex.getMessage()),
                    ex);
        }
        if (started) {
            if (!crawl.items.isEmpty()) {
                throw new SpinneretException("the @Start method of spider '" + spider.name() + "' emitted "
                        + crawl.items.get(0).getClass().getSimpleName() + " items; it makes requests only");
            }
            LOG.debug("{} start requests from the @Start method", crawl.requests.size());
            List<Request> out = new ArrayList<>(crawl.requests.size());
            for (Request r : crawl.requests) out.add(r.withDefaultRenderer(renderer()));
            return out;
        }
        List<Request> out = new ArrayList<>(urls.size());
        for (String u : urls) out.add(Request.builder(u).renderer(renderer()).build());
        return out;
    }

    /** The start requests' renderer: the {@code renderer} setting, unless it is {@code spider}, else the spider's. */
    private Renderer renderer() {
        String given = settings.getString(Setting.RENDERER);
        return given.equals("spider") ? spider.renderer() : Renderer.valueOf(given.toUpperCase(Locale.ROOT));
    }

    /** Asks a running crawl to stop gracefully (idempotent; may be called before {@link #run}). */
    public void stop() {
        stopRequested = true;
        Engine e = engine;
        if (e != null) e.requestStop(Engine.Stop.SIGNAL);
    }

    /**
     * Best effort for a second signal: writes whatever the pipeline holds, waiting at most
     * {@code timeout}. The caller then halts the JVM.
     */
    public void emergencyFlush(Duration timeout) {
        ItemWriter p = itemWriter;
        if (p == null) return;
        Thread t = Thread.ofPlatform().daemon(true).start(() -> {
            try {
                p.close();
            } catch (Exception ignored) {
                // best effort
            }
        });
        try {
            t.join(timeout);
        } catch (InterruptedException ignored) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(@Nullable AutoCloseable c) {
        if (c == null) return;
        try {
            c.close();
        } catch (Exception ex) {
            LOG.warn("closing {} failed: {}", c, ex.toString());
        }
    }

    /** Configures a {@link Crawler}. */
    public static final class Builder {
        private final SpiderDefinition spider;
        private Settings settings = Settings.defaults();
        private final List<ItemSchema<?>> items = new ArrayList<>();
        private @Nullable Scheduler scheduler;
        private @Nullable Storage storage;
        private @Nullable Downloader downloader;
        private @Nullable List<Middleware> middlewares;
        private boolean resume;
        private final Map<String, String> arguments = new LinkedHashMap<>();
        private @Nullable PrintStream progressOut = System.err;
        private final List<CrawlListener> listeners = new ArrayList<>();

        private Builder(SpiderDefinition spider) {
            this.spider = Objects.requireNonNull(spider);
        }

        /** The effective settings (e.g. from {@code SettingsLoader}); built-in defaults if not set. */
        public Builder settings(Settings settings) {
            this.settings = Objects.requireNonNull(settings);
            return this;
        }

        /** The item schemas the spider may emit (all registries' items). */
        public Builder items(Collection<? extends ItemSchema<?>> schemas) {
            items.addAll(schemas);
            return this;
        }

        /** Uses this scheduler instead of the one {@code scheduler} names. */
        public Builder scheduler(Scheduler scheduler) {
            this.scheduler = scheduler;
            return this;
        }

        /** Uses this storage (not yet opened) instead of the one {@code output} names. */
        public Builder storage(Storage storage) {
            this.storage = storage;
            return this;
        }

        /** Uses this downloader (the end of the middleware chain) instead of the default router. */
        public Builder downloader(Downloader downloader) {
            this.downloader = downloader;
            return this;
        }

        /**
         * Uses these middlewares (first = outermost) instead of {@link MiddlewareStack#build}; a chain made with
         * {@link MiddlewareStack#builder} has the HTTP cache first when {@code http_cache} is on, a list made by hand has none.
         */
        public Builder middlewares(List<Middleware> middlewares) {
            this.middlewares = List.copyOf(middlewares);
            return this;
        }

        /**
         * The spider's arguments ({@code -a name=value}), checked and converted by its generated
         * code when the crawl starts: {@link #run()} throws {@link io.spinneret.api.SpiderArgumentException}
         * for one it does not declare, a required one missing or a value that does not parse.
         */
        public Builder arguments(Map<String, String> arguments) {
            this.arguments.putAll(arguments);
            return this;
        }

        /** Continues the state a persistent scheduler kept from a previous run. */
        public Builder resume(boolean resume) {
            this.resume = resume;
            return this;
        }

        /**
         * Adds a listener to the crawl's events, besides those the settings name. One that is
         * {@link AutoCloseable} is closed after the crawl.
         */
        public Builder listener(CrawlListener listener) {
            listeners.add(Objects.requireNonNull(listener));
            return this;
        }

        /** Where the progress line goes (a terminal gets a live line); null for none. Default stderr. */
        public Builder progress(@Nullable PrintStream out) {
            this.progressOut = out;
            return this;
        }

        public Crawler build() {
            return new Crawler(this);
        }
    }
}
