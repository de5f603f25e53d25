package io.spinneret.cli;

import io.spinneret.engine.Crawler;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * SIGINT/SIGTERM handling for a crawl: the first signal asks the crawler to stop gracefully, the
 * second flushes what it can (at most 3 s) and halts with exit code 130.
 *
 * <p>Why {@code sun.misc.Signal} (module {@code jdk.unsupported}, exported, no flags needed) rather
 * than only a shutdown hook: once the JVM has started shutting down, a second Ctrl-C cannot be
 * observed (another {@code exit} just blocks), and shutdown hooks must not block for long. With a
 * handler the process stays alive while the crawl drains. Where the handler cannot be installed
 * (e.g. {@code -Xrs}) a shutdown hook still stops the crawl gracefully and waits for it.
 */
final class Signals {
    private final List<Runnable> undo = new ArrayList<>();

    private Signals() {}

    static Signals install(Crawler crawler, PrintWriter err) {
        Signals s = new Signals();
        AtomicInteger count = new AtomicInteger();
        SignalHandler handler = sig -> {
            if (count.incrementAndGet() == 1) {
                err.println();
                err.println("stopping: finishing requests in flight and flushing items (press Ctrl-C again to quit at once)");
                err.flush();
                crawler.stop();
            } else {
                err.println("quitting now");
                err.flush();
                crawler.emergencyFlush(Duration.ofSeconds(3));
                Runtime.getRuntime().halt(130);
            }
        };
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                Signal sig = new Signal(name);
                SignalHandler old = Signal.handle(sig, handler);
                s.undo.add(() -> Signal.handle(sig, old));
            } catch (IllegalArgumentException | UnsupportedOperationException e) {
                // the JVM reserves it (e.g. -Xrs): the shutdown hook below covers it
            }
        }
        Object done = new Object();
        boolean[] finished = {false};
        Thread hook = new Thread(() -> {
            crawler.stop();
            synchronized (done) {
                long deadline = System.nanoTime() + crawler.settings().getDuration(
                        io.spinneret.annotations.Setting.SHUTDOWN_GRACE).toNanos() + Duration.ofSeconds(10).toNanos();
                while (!finished[0] && System.nanoTime() < deadline) {
                    try {
                        done.wait(100);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        }, "spinneret-shutdown");
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
