package io.spinneret.engine;

import io.spinneret.observe.CrawlListener;
import io.spinneret.spi.Stats;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One listener's backlog and the virtual thread that delivers it, in order. Crawling threads only
 * {@link #offer}: when the backlog is full the event is dropped and counted, so a slow listener
 * never holds up a request; an exception from the listener is logged (the first few) and counted.
 *
 * <p>The thread delivers what has arrived, then sleeps {@link #TICK_MILLIS} before it looks again,
 * so a busy crawl wakes it some 50 times a second instead of once an event: waking a thread for
 * each of a crawl's events was most of what listening cost. Events therefore reach a listener up
 * to a tick late; the crawl's end does not wait for a tick ({@link #close} wakes it).
 */
final class ListenerQueue {
    private static final Logger LOG = LoggerFactory.getLogger(ListenerQueue.class);
    static final int CAPACITY = 8192;
    /** How long the delivering thread sleeps after handing over what had arrived. */
    static final long TICK_MILLIS = 20;

    private static final int LOGGED_ERRORS = 3;
    private static final Consumer<CrawlListener> END = l -> {};

    private final CrawlListener listener;
    private final ArrayBlockingQueue<Consumer<CrawlListener>> backlog = new ArrayBlockingQueue<>(CAPACITY);
    private final LongAdder dropped;
    private final LongAdder errors;
    private final Thread thread;
    private volatile boolean closing;

    ListenerQueue(CrawlListener listener, Stats stats) {
        this.listener = listener;
        this.dropped = stats.counter("listeners/dropped_events");
        this.errors = stats.counter("listeners/errors");
        this.thread = Thread.ofVirtual()
                .name("spinneret-listener-" + listener.getClass().getName())
                .start(this::deliver);
    }

    /** Queues an event without waiting; drops it when the backlog is full. */
    void offer(Consumer<CrawlListener> event) {
        if (!backlog.offer(event)) dropped.increment();
    }

    /** Queues an event that must not be lost (opened, closed), waiting up to {@code timeout} for room. */
    boolean put(Consumer<CrawlListener> event, Duration timeout) throws InterruptedException {
        if (backlog.offer(event, timeout.toNanos(), TimeUnit.NANOSECONDS)) return true;
        dropped.increment();
        return false;
    }

    /**
     * Lets the listener finish what it was given, waiting until {@code deadlineNanos}
     * ({@link System#nanoTime()}); then interrupts it. @return true if it finished in time
     */
    boolean close(long deadlineNanos) throws InterruptedException {
        long left = deadlineNanos - System.nanoTime();
        closing = true;
        if (left > 0 && backlog.offer(END, left, TimeUnit.NANOSECONDS)) {
            LockSupport.unpark(thread); // out of its tick's sleep
            left = deadlineNanos - System.nanoTime();
            if (left > 0 && thread.join(Duration.ofNanos(left))) return true;
        }
        thread.interrupt();
        LOG.warn(
                "crawl listener {} did not finish its events in time; the rest are dropped",
                listener.getClass().getName());
        return false;
    }

    /** Ends the delivering thread now, whatever is left (a crawl that failed before it closed). */
    void abandon() {
        thread.interrupt();
    }

    private void deliver() {
        while (true) {
            Consumer<CrawlListener> event;
            try {
                if (Thread.interrupted()) return; // abandoned
                event = backlog.poll();
                if (event == null) {
                    if (!closing) rest();
                    event = backlog.take();
                }
            } catch (InterruptedException e) {
                return;
            }
            if (event == END) return;
            handle(event);
        }
    }

    /** Sleeps a tick (or until {@link #close} unparks it), letting events gather. */
    private static void rest() throws InterruptedException {
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(TICK_MILLIS));
        if (Thread.interrupted()) throw new InterruptedException();
    }

    private void handle(Consumer<CrawlListener> event) {
        try {
            event.accept(listener);
        } catch (Throwable t) {
            if (t instanceof VirtualMachineError && !(t instanceof StackOverflowError)) throw (VirtualMachineError) t;
            errors.increment();
            if (errors.sum() <= LOGGED_ERRORS) {
                LOG.warn(
                        "crawl listener {} threw {}; the crawl goes on",
                        listener.getClass().getName(),
                        t.toString());
            }
        }
    }
}
