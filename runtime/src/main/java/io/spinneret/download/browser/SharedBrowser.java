package io.spinneret.download.browser;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one Chromium of a run, shared by all render workers, with its crash policy: a browser that
 * dies is restarted once; when the restarted one dies too, every later request fails with that
 * cause. Each start gets a new generation number, so that of several workers noticing the same
 * crash only the first restarts it and the others just reconnect.
 *
 * <p>Thread-safe. Uses a {@link ReentrantLock}, not {@code synchronized}, so that virtual threads
 * waiting for the browser to start do not pin their carriers.
 */
final class SharedBrowser {
    private static final Logger LOG = LoggerFactory.getLogger(SharedBrowser.class);
    static final int MAX_RESTARTS = 1;

    /** Where to connect, and which start of the browser that is. */
    record Endpoint(int generation, String wsUrl) {}

    private final Path executable;
    private final List<String> switches;
    private final ReentrantLock lock = new ReentrantLock();
    private @Nullable BrowserServer chromium;
    private int generation;
    private int restarts;
    private @Nullable IOException dead;
    private boolean closed;

    /** @param switches Chromium command-line switches added to the built-in ones */
    SharedBrowser(Path executable, List<String> switches) {
        this.executable = executable;
        this.switches = List.copyOf(switches);
    }

    /** Starts Chromium now if it is not running yet. */
    void start() throws IOException, InterruptedException {
        endpoint(0);
    }

    /**
     * The endpoint to (re)connect to. If the browser of {@code seenGeneration} has died and no one
     * restarted it yet, restarts it (once per run).
     *
     * @param seenGeneration the generation the caller was connected to, or 0 if none
     * @throws IOException once the browser has crashed after its restart, or when closed
     */
    Endpoint endpoint(int seenGeneration) throws IOException, InterruptedException {
        lock.lockInterruptibly();
        try {
            if (closed) throw new IOException("the browser downloader is closed");
            if (dead != null) throw new IOException(dead.getMessage(), dead);
            if (chromium == null) {
                chromium = BrowserServer.start(executable, switches);
                generation++;
            } else if (seenGeneration == generation && !chromium.isAlive()) {
                String note = chromium.deathNote();
                chromium.kill();
                chromium = null;
                if (restarts >= MAX_RESTARTS) {
                    dead = new IOException("Chromium crashed again after " + restarts + " restart (" + note
                            + "); browser requests fail from now on");
                    LOG.error("{}", dead.getMessage());
                    throw new IOException(dead.getMessage(), dead);
                }
                restarts++;
                LOG.warn("Chromium crashed ({}); restarting it", note);
                chromium = BrowserServer.start(executable, switches);
                generation++;
            }
            return new Endpoint(generation, chromium.wsEndpoint());
        } finally {
            lock.unlock();
        }
    }

    /**
     * True if the browser of {@code generation} is gone: a later one runs, or its process has
     * exited. With {@code waitForExit} (the caller lost its connection, which it sees before the
     * process exits), waits up to a second for the exit.
     */
    boolean crashed(int generation, boolean waitForExit) throws InterruptedException {
        BrowserServer c;
        lock.lockInterruptibly();
        try {
            if (generation != this.generation || chromium == null) return true;
            c = chromium;
        } finally {
            lock.unlock();
        }
        for (int i = 0; waitForExit && i < 50 && c.isAlive(); i++) Thread.sleep(20);
        return !c.isAlive();
    }

    /** The pid of the running Chromium, or -1; for tests and logs. */
    long pid() {
        lock.lock();
        try {
            return chromium == null ? -1 : chromium.pid();
        } finally {
            lock.unlock();
        }
    }

    /** Stops Chromium for good. Idempotent. */
    void close() {
        lock.lock();
        try {
            closed = true;
            if (chromium != null) {
                chromium.kill();
                chromium = null;
            }
        } finally {
            lock.unlock();
        }
    }
}
