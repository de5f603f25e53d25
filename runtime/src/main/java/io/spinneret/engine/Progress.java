package io.spinneret.engine;

import io.spinneret.annotations.Setting;
import io.spinneret.scheduler.Scheduler;
import io.spinneret.settings.Settings;
import java.io.PrintStream;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reports progress while a crawl runs: a live line rewritten in place when the output is a
 * terminal, else a plain log line every {@code progress_interval}. Runs on its own daemon thread.
 */
final class Progress {
    private static final Logger LOG = LoggerFactory.getLogger("io.spinneret.progress");

    private final Stats stats;
    private final Scheduler scheduler;
    private final Engine engine;
    private final @Nullable PrintStream terminal;
    private final long intervalMillis;
    private final long t0 = System.nanoTime();
    private final Thread thread;
    private volatile boolean running = true;
    private int lastWidth;

    private Progress(Stats stats, Scheduler scheduler, Engine engine, @Nullable PrintStream terminal, long intervalMillis) {
        this.stats = stats;
        this.scheduler = scheduler;
        this.engine = engine;
        this.terminal = terminal;
        this.intervalMillis = intervalMillis;
        this.thread = Thread.ofPlatform().daemon(true).name("spinneret-progress").unstarted(this::loop);
    }

    static @Nullable Progress start(Stats stats, Scheduler scheduler, Engine engine, Settings settings, @Nullable PrintStream out) {
        if (out == null) return null;
        boolean tty = out == System.err && isTerminal();
        long interval = tty ? 500 : settings.getDuration(Setting.PROGRESS_INTERVAL).toMillis();
        if (interval <= 0) return null;
        Progress p = new Progress(stats, scheduler, engine, tty ? out : null, interval);
        p.thread.start();
        return p;
    }

    /** True if stdin and stdout are a terminal (as {@link System#console()} reports it on JDK 21-25). */
    static boolean isTerminal() {
        String told = System.getProperty("spinneret.terminal"); // set by the CLI's launcher for its child JVM
        if (told != null) return Boolean.parseBoolean(told);
        if (System.getenv("TERM") == null || "dumb".equals(System.getenv("TERM"))) return false;
        return System.console() != null;
    }

    private void loop() {
        long pages0 = 0, tPrev = System.nanoTime();
        try {
            while (running) {
                Thread.sleep(intervalMillis);
                long now = System.nanoTime();
                long pages = stats.get(Stats.RESPONSES);
                double rate = (pages - pages0) / Math.max(1e-9, (now - tPrev) / 1e9);
                pages0 = pages;
                tPrev = now;
                String line = String.format(Locale.ROOT, "%d pages | %d items | %.0f pages/s | queue %d | in flight %d | %.0fs",
                        pages, stats.get(Stats.ITEMS), rate, scheduler.pendingCount(), engine.inFlight(), (now - t0) / 1e9);
                if (terminal != null) {
                    synchronized (terminal) {
                        terminal.print("\r" + line + " ".repeat(Math.max(0, lastWidth - line.length())));
                        terminal.flush();
                    }
                    lastWidth = line.length();
                } else {
                    LOG.info(line);
                }
            }
        } catch (InterruptedException e) {
            // stopping
        }
    }

    void stop() {
        running = false;
        thread.interrupt();
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (terminal != null && lastWidth > 0) {
            synchronized (terminal) {
                terminal.print("\r" + " ".repeat(lastWidth) + "\r");
                terminal.flush();
            }
        }
    }
}
