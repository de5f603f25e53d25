package io.spinneret.cli;

import io.spinneret.annotations.Setting;
import io.spinneret.embed.Crawler;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Signal handling for a crawl. SIGINT (Ctrl-C), SIGTERM ({@code kill}, a service manager) and
 * SIGHUP (the terminal or ssh connection closed) all do the same:
 * <ul>
 *   <li>the first asks the crawler to stop gracefully: no new request is sent (requests waiting
 *       for their turn, e.g. behind {@code download_delay}, go back to the scheduler), those
 *       already on the wire get up to {@code shutdown_grace} to finish, the items are flushed,
 *       the storage closed and the summary printed. The exit code is then 128 + the signal's
 *       number: <b>130 after SIGINT, 143 after SIGTERM, 129 after SIGHUP</b>;</li>
 *   <li>a second one (any of the three) flushes what it can within 3 s and halts the JVM with
 *       128 + that signal's number.</li>
 * </ul>
 * A signal that was ignored when the JVM started stays ignored: SIGHUP under {@code nohup}, SIGINT
 * in a job a script started in the background.
 *
 * <p>Why {@code sun.misc.Signal} (module {@code jdk.unsupported}, exported, no flags needed) rather
 * than only a shutdown hook: once the JVM has started shutting down, a second Ctrl-C cannot be
 * observed (another {@code exit} just blocks), and shutdown hooks must not block for long. With a
 * handler the process stays alive while the crawl drains. Where the handler cannot be installed
 * (e.g. {@code -Xrs}) a shutdown hook still stops the crawl gracefully and waits for it.
 */
final class Signals {
    /** The signals handled, with their numbers (the same on Linux and macOS). */
    static final Map<String, Integer> NUMBERS = Map.of("HUP", 1, "INT", 2, "TERM", 15);

    private final List<Runnable> undo = new ArrayList<>();
    private volatile int firstSignal;

    private Signals() {}

    /** The exit code for a crawl that a signal interrupted: 128 + its number. */
    static int exitCode(String signal) {
        return 128 + NUMBERS.get(signal);
    }

    /** 128 + the number of the first signal received, or 0 if none came. */
    int exitCode() {
        int n = firstSignal;
        return n == 0 ? 0 : 128 + n;
    }

    static Signals install(Crawler crawler, PrintWriter err) {
        Signals s = new Signals();
        AtomicInteger count = new AtomicInteger();
        SignalHandler handler = sig -> {
            if (count.incrementAndGet() == 1) {
                s.firstSignal = sig.getNumber();
                crawler.stop();
                err.println();
                err.println("stopping (SIG" + sig.getName() + "): finishing the requests on the wire and flushing items"
                        + " (a second Ctrl-C or signal quits at once)");
                err.flush();
            } else {
                err.println("quitting now (SIG" + sig.getName() + ")");
                err.flush();
                crawler.emergencyFlush(Duration.ofSeconds(3));
                Runtime.getRuntime().halt(128 + sig.getNumber());
            }
        };
        for (String name : NUMBERS.keySet()) {
            try {
                Signal sig = new Signal(name);
                SignalHandler old = Signal.handle(sig, handler);
                if (old == SignalHandler.SIG_IGN) {
                    // ignored when the JVM started (nohup): the JVM did not install ours either; leave it so
                    Signal.handle(sig, old);
                    continue;
                }
                s.undo.add(() -> Signal.handle(sig, old));
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                // the JVM reserves it (e.g. -Xrs): the shutdown hook below covers it
            }
        }
        Object done = new Object();
        boolean[] finished = {false};
        Thread hook = new Thread(
                () -> {
                    crawler.stop();
                    synchronized (done) {
                        long deadline = System.nanoTime()
                                + crawler.settings()
                                        .getDuration(Setting.SHUTDOWN_GRACE)
                                        .toNanos()
                                + Duration.ofSeconds(10).toNanos();
                        while (!finished[0] && System.nanoTime() < deadline) {
                            try {
                                done.wait(100);
                            } catch (InterruptedException e) {
                                return;
                            }
                        }
                    }
                },
                "spinneret-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        s.undo.add(() -> {
            synchronized (done) {
                finished[0] = true;
                done.notifyAll();
            }
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running and now sees finished
            }
        });
        return s;
    }

    void uninstall() {
        for (Runnable r : undo) r.run();
    }
}
