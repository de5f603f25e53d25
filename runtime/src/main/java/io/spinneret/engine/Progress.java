package io.spinneret.engine;

import io.spinneret.annotations.Setting;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Scheduler;
import io.spinneret.spi.Stats;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.util.Locale;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reports progress while a crawl runs: a live line rewritten in place when the output is a
 * terminal, else a plain log line every {@code progress_interval}. Runs on its own daemon thread.
 *
 * <p>While the live line is shown, {@code System.err} (where log lines go) is replaced by a stream
 * that wipes the line before anything else is written, so a warning starts at the left margin
 * instead of after the line; the next tick draws the line again below it. {@link #stop} puts the
 * original stream back.
 */
public final class Progress {
    private static final Logger LOG = LoggerFactory.getLogger("io.spinneret.progress");

    private final Stats stats;
    private final LongSupplier queued;
    private final LongSupplier inFlight;
    private final @Nullable LiveLine live;
    private final long intervalMillis;
    private final long t0 = System.nanoTime();
    private final Thread thread;
    private volatile boolean running = true;

    private Progress(
            Stats stats, LongSupplier queued, LongSupplier inFlight, @Nullable LiveLine live, long intervalMillis) {
        this.stats = stats;
        this.queued = queued;
        this.inFlight = inFlight;
        this.live = live;
        this.intervalMillis = intervalMillis;
        this.thread =
                Thread.ofPlatform().daemon(true).name("spinneret-progress").unstarted(this::loop);
    }

    public static @Nullable Progress start(
            Stats stats, Scheduler scheduler, Engine engine, Settings settings, @Nullable PrintStream out) {
        if (out == null) return null;
        boolean tty = out == System.err && isTerminal();
        long interval =
                tty ? 500 : settings.getDuration(Setting.PROGRESS_INTERVAL).toMillis();
        if (interval <= 0) return null;
        return tty
                ? live(stats, scheduler::pendingCount, engine::inFlight, out, interval)
                : start(new Progress(stats, scheduler::pendingCount, engine::inFlight, null, interval));
    }

    /** A live line on {@code terminal}, which must be {@code System.err}'s current stream. */
    static Progress live(
            Stats stats, LongSupplier queued, LongSupplier inFlight, PrintStream terminal, long intervalMillis) {
        LiveLine line = new LiveLine(terminal);
        System.setErr(line.wiping);
        return start(new Progress(stats, queued, inFlight, line, intervalMillis));
    }

    private static Progress start(Progress p) {
        p.thread.start();
        return p;
    }

    /** True if stdin and stdout are a terminal (as {@link System#console()} reports it on JDK 21-25). */
    static boolean isTerminal() {
        String told = System.getProperty("spinneret.terminal"); // -Dspinneret.terminal=true/false overrides the check
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
                String line = String.format(
                        Locale.ROOT,
                        "%d pages | %d items | %.0f pages/s | queue %d | in flight %d | %.0fs",
                        pages,
                        stats.get(Stats.ITEMS),
                        rate,
                        queued(),
                        inFlight.getAsLong(),
                        (now - t0) / 1e9);
                if (live != null) live.show(line);
                else LOG.info(line);
            }
        } catch (InterruptedException e) {
            // stopping
        }
    }

    /** The queue's length; -1 when the scheduler cannot say (its Redis is gone: the engine reports that). */
    private long queued() {
        try {
            return queued.getAsLong();
        } catch (RuntimeException e) {
            return -1;
        }
    }

    public void stop() {
        running = false;
        thread.interrupt();
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (live != null) live.close();
    }

    /**
     * The line on the terminal, and the stream that stands in for {@code System.err} meanwhile.
     * Both write under one lock, so a log line and a redraw never interleave.
     */
    private static final class LiveLine {
        private final PrintStream terminal;
        final PrintStream wiping;
        /** Characters of the line now on screen; 0 when it has been wiped. */
        private int shown;

        private int lastWidth;
        /** Whether what others wrote last ended a line. */
        private boolean atLineStart = true;

        LiveLine(PrintStream terminal) {
            this.terminal = terminal;
            Charset cs = terminal.charset();
            this.wiping = new PrintStream(
                    new OutputStream() {
                        @Override
                        public void write(int b) {
                            synchronized (LiveLine.this) {
                                wipe();
                                terminal.write(b);
                                atLineStart = b == '\n';
                            }
                        }

                        @Override
                        public void write(byte[] b, int off, int len) {
                            if (len == 0) return;
                            synchronized (LiveLine.this) {
                                wipe();
                                terminal.write(b, off, len);
                                atLineStart = b[off + len - 1] == '\n';
                            }
                        }

                        @Override
                        public void flush() throws IOException {
                            terminal.flush();
                        }
                    },
                    true,
                    cs);
        }

        /** Draws the line, unless another writer is in the middle of a line (its text and its newline can come apart). */
        synchronized void show(String line) {
            if (!atLineStart) return;
            terminal.print("\r" + line + " ".repeat(Math.max(0, lastWidth - line.length())));
            terminal.flush();
            shown = lastWidth = line.length();
        }

        /** Clears the line, if it is on screen, and leaves the cursor at the left margin. */
        private void wipe() {
            if (shown == 0) return;
            terminal.print("\r" + " ".repeat(shown) + "\r");
            shown = 0;
        }

        synchronized void close() {
            if (System.err == wiping) System.setErr(terminal);
            wipe();
            terminal.flush();
        }
    }
}
