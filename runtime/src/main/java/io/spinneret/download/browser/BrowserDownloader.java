package io.spinneret.download.browser;

import io.spinneret.annotations.Setting;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.download.http.CookieJars;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Downloader;
import io.spinneret.spi.ExchangeListener;
import java.io.IOException;
import java.net.CookieManager;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Renders requests in a shared headless Chromium through playwright-java, so that callbacks see
 * the HTML after the page's scripts ran. The {@code BROWSER} entry of the download router.
 *
 * <pre>{@code
 * Request.builder("https://quotes.toscrape.com/js/").renderer(Renderer.BROWSER)
 *         .meta("wait_for", "div.quote").build();
 * }</pre>
 *
 * <p><b>Lifecycle.</b> Nothing starts until the first {@link #download}: then Chromium is found
 * ({@code browser_path}, else {@code /usr/bin/chromium-headless-shell} or {@code /usr/bin/chromium}, else a Playwright-managed one; never
 * downloaded) and started once for the whole run, with a pool of at most {@code browser_pool_size}
 * pages, opened as requests queue up (a crawl that renders one page at a time uses one). Images,
 * fonts and media are not loaded ({@code browser_block}). A page is done at
 * {@code browser_wait_until} (or request meta {@code wait_until}), then, if request meta
 * {@code wait_for} names a CSS selector, when that selector matches; all within
 * {@code browser_timeout}. Request headers (e.g. the user agent) are sent with the page's requests;
 * a method other than GET and a body apply to the navigation; request meta {@code proxy} (set by the
 * proxy middleware) renders that request in a context using the proxy. A crashed page is replaced; a crashed browser is restarted once, after
 * which browser requests fail with the cause. {@link #close()} (and, as a last resort, a JVM
 * shutdown hook) leaves no Chromium or driver process behind; Chromium also exits by itself if the
 * JVM is killed.
 *
 * <p><b>Threading.</b> playwright-java is not thread-safe: a {@code Playwright} and everything it
 * created must be used by one thread at a time, and each call blocks that thread for the whole
 * navigation, so one instance would render one page at a time. Hence each pool slot is a platform
 * thread ({@link RenderWorker}) owning its own Playwright instance, context and page, all
 * connected to the one Chromium that {@link SharedBrowser} runs behind a Playwright browser
 * server ({@link BrowserServer}), where each connection sees only its own pages. Engine
 * threads never touch Playwright: {@code download} queues a job and parks until a worker finishes
 * it. Parking a virtual thread is free, so any number of requests may wait while exactly
 * {@code browser_pool_size} pages render at once. The workers are platform threads because
 * Playwright blocks inside {@code synchronized} code, which would pin virtual threads' carriers.
 *
 * <p><b>Responses</b> look like HTTP ones: the navigation's status and headers, the final URL
 * (after redirects and script navigation), and as body the rendered DOM in UTF-8 (the
 * {@code Content-Type} says so; length and encoding headers are dropped). Non-HTML responses
 * (JSON, text) keep their original bytes. Redirects are followed by the browser.
 *
 * <p>Errors: {@link java.net.http.HttpTimeoutException} when a render exceeds its timeout, other
 * {@link IOException}s for network errors and crashes (retryable), {@link BrowserNotFoundException}
 * when there is no Chromium (not retryable).
 */
public final class BrowserDownloader implements Downloader {
    private static final Logger LOG = LoggerFactory.getLogger(BrowserDownloader.class);

    private final BrowserOptions options;
    private final Duration closeWait;
    private final LinkedBlockingQueue<RenderJob> queue = new LinkedBlockingQueue<>();
    /** The pool's cookie jars: its slots' browser contexts share their cookies through them (and with the HTTP downloader's). */
    private final BrowserJars cookies;

    private final @Nullable ExchangeListener exchanges;
    private final ReentrantLock lock = new ReentrantLock();
    private final CountDownLatch closedLatch = new CountDownLatch(1);
    private final List<Thread> workers = new ArrayList<>(); // guarded by lock
    private final List<RenderWorker> slots = new CopyOnWriteArrayList<>();
    private final AtomicInteger idle = new AtomicInteger(); // workers not rendering right now
    private volatile int workerCount;
    private volatile @Nullable SharedBrowser shared;
    private @Nullable RuntimeException startFailure;
    private @Nullable IOException startError;
    private @Nullable Thread shutdownHook;
    private volatile boolean closed;

    /** Reads the {@code browser_*} settings; starts nothing. */
    public BrowserDownloader(Settings settings) {
        this(settings, null);
    }

    /**
     * @param httpCookies the HTTP downloader's cookie jar, which the browser's pages then share:
     *     cookies set over HTTP are sent by the browser, and the other way round; null for none
     */
    public BrowserDownloader(Settings settings, @Nullable CookieManager httpCookies) {
        this(settings, httpCookies, null);
    }

    /** Reads the {@code browser_*} settings; the listener, if any, is told of each page's exchange. */
    public BrowserDownloader(
            Settings settings, @Nullable CookieManager httpCookies, @Nullable ExchangeListener exchanges) {
        this(
                BrowserOptions.from(settings),
                settings.getDuration(Setting.SHUTDOWN_GRACE).plusSeconds(2),
                httpCookies,
                exchanges);
    }

    /**
     * @param closeWait how long the shutdown hook lets a regular {@link #close()} (by the engine's
     *     graceful shutdown) happen before it closes the browser itself
     */
    public BrowserDownloader(BrowserOptions options, Duration closeWait) {
        this(options, closeWait, null);
    }

    public BrowserDownloader(BrowserOptions options, Duration closeWait, @Nullable CookieManager httpCookies) {
        this(options, closeWait, httpCookies, null);
    }

    /**
     * @param exchanges told of each page's HTTP exchange as the server sent it (not the rendered
     *     DOM; see {@link io.spinneret.spi.Exchange}), or null
     */
    public BrowserDownloader(
            BrowserOptions options,
            Duration closeWait,
            @Nullable CookieManager httpCookies,
            @Nullable ExchangeListener exchanges) {
        this(options, closeWait, new CookieJars(httpCookies), exchanges);
    }

    /**
     * @param jars the crawl's cookie jars, shared with the HTTP downloader: a page renders with the
     *     cookies of its request's jar ({@link Request#cookieJar()}), else the crawl's own
     */
    public BrowserDownloader(
            BrowserOptions options, Duration closeWait, CookieJars jars, @Nullable ExchangeListener exchanges) {
        this.exchanges = exchanges;
        this.options = options;
        this.closeWait = closeWait;
        this.cookies = new BrowserJars(jars);
    }

    /** Reads the {@code browser_*} settings; pages share the cookies of {@code jars} with the HTTP downloader. */
    public BrowserDownloader(Settings settings, CookieJars jars, @Nullable ExchangeListener exchanges) {
        this(
                BrowserOptions.from(settings),
                settings.getDuration(Setting.SHUTDOWN_GRACE).plusSeconds(2),
                jars,
                exchanges);
    }

    @Override
    public Response download(Request request) throws IOException, InterruptedException {
        if (closed) throw new IOException("the browser downloader is closed; not rendering " + request.url());
        start();
        RenderJob job = new RenderJob(request);
        queue.add(job);
        if (closed && queue.remove(job))
            throw new IOException("the browser downloader is closed; not rendering " + request.url());
        if (workerCount < options.poolSize() && queue.size() > idle.get()) grow();
        try {
            return job.await();
        } catch (InterruptedException e) {
            job.cancel();
            throw e;
        }
    }

    /** Starts Chromium and the pool on first use; rethrows a failed start to every later request. */
    private void start() throws IOException, InterruptedException {
        if (shared != null) return;
        lock.lockInterruptibly();
        try {
            if (startFailure != null) throw startFailure;
            if (startError != null) throw new IOException(startError.getMessage(), startError);
            if (shared != null || closed) return;
            Path executable;
            try {
                executable = BrowserLocator.locate(options.browserPath());
            } catch (BrowserNotFoundException e) {
                startFailure = e;
                throw e;
            }
            SharedBrowser s = new SharedBrowser(executable, ResourceBlocker.switches(options.block()));
            try {
                s.start();
            } catch (IOException e) {
                startError = e; // a browser that cannot start now will not start later in the run
                throw e;
            }
            Thread hook = new Thread(this::closeAtExit, "spinneret-browser-shutdown");
            Runtime.getRuntime().addShutdownHook(hook);
            shutdownHook = hook;
            shared = s;
            addWorker();
            Thread.ofPlatform().name("spinneret-render-watchdog").daemon(true).start(this::watchdog);
            LOG.info(
                    "browser rendering started: {} (pool {}, blocking {}, wait until {}, timeout {} s)",
                    executable,
                    options.poolSize(),
                    options.block().isEmpty() ? "nothing" : String.join(",", options.block()),
                    options.waitUntil(),
                    options.timeout().toMillis() / 1000.0);
        } finally {
            lock.unlock();
        }
    }

    /** Adds a worker while jobs wait and every worker is busy: the pool opens pages as needed. */
    private void grow() {
        lock.lock();
        try {
            if (!closed && shared != null && workers.size() < options.poolSize() && queue.size() > idle.get())
                addWorker();
        } finally {
            lock.unlock();
        }
    }

    private void addWorker() {
        SharedBrowser s = shared;
        if (s == null) return;
        int i = workers.size();
        RenderWorker w = new RenderWorker(i, options, s, queue, idle, () -> closed, cookies, exchanges);
        Thread t =
                Thread.ofPlatform().name("spinneret-render-" + i).daemon(true).unstarted(w);
        workers.add(t);
        slots.add(w);
        workerCount = workers.size();
        idle.incrementAndGet(); // free from now on, even while it connects
        t.start();
    }

    /** True once the first browser request started Chromium. */
    public boolean isStarted() {
        return shared != null;
    }

    /** The pid of the running Chromium, or -1 if none is running; for tests and diagnostics. */
    long browserPid() {
        SharedBrowser s = shared;
        return s == null ? -1 : s.pid();
    }

    /**
     * Stops the pool, Chromium and the Playwright drivers. Requests still queued fail; renders in
     * progress get a short moment to finish. Idempotent.
     */
    @Override
    public void close() {
        lock.lock();
        try {
            if (closed && shared == null) return;
            closed = true;
            for (RenderJob j; (j = queue.poll()) != null; )
                j.fail(new IOException("the browser downloader was closed"));
            joinWorkers(2_000);
            if (shared != null) shared.close(); // unblocks any worker still inside a render
            joinWorkers(5_000);
            for (Thread t : workers) {
                if (t.isAlive()) LOG.warn("render worker {} did not stop; killing its driver", t.getName());
            }
            if (workers.stream().anyMatch(Thread::isAlive)) killDrivers();
            workers.clear();
            slots.clear();
            workerCount = 0;
            shared = null;
            Thread hook = shutdownHook;
            shutdownHook = null;
            if (hook != null && Thread.currentThread() != hook) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException e) {
                    // the JVM is shutting down already
                }
            }
        } finally {
            lock.unlock();
            closedLatch.countDown();
        }
    }

    /**
     * Frees workers stuck past {@code browser_timeout} + 5 s in a Playwright call without a timeout
     * of its own (see {@link RenderWorker#rescueIfStuck}). Navigation and {@code wait_for} have
     * their own timeouts and never get here.
     */
    private void watchdog() {
        long limit = options.timeout().plusSeconds(5).toNanos();
        while (!closed) {
            for (RenderWorker w : slots) w.rescueIfStuck(limit);
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** The shutdown hook: lets the engine close us gracefully, else does it. */
    private void closeAtExit() {
        try {
            if (closedLatch.await(closeWait.toMillis(), TimeUnit.MILLISECONDS)) return;
        } catch (InterruptedException e) {
            // close now
        }
        LOG.info("closing the browser at JVM exit");
        close();
    }

    private void joinWorkers(long millis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        for (Thread t : workers) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) return;
            try {
                t.join(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Last resort: Playwright driver processes (node, started from playwright-java's temp folder). */
    private static void killDrivers() {
        ProcessHandle.current()
                .children()
                .filter(p -> p.info()
                        .command()
                        .map(c -> c.contains("playwright-java"))
                        .orElse(false))
                .forEach(ProcessHandle::destroyForcibly);
    }

    @Override
    public String toString() {
        return "BrowserDownloader[pool " + options.poolSize() + (isStarted() ? ", started" : "") + "]";
    }
}
