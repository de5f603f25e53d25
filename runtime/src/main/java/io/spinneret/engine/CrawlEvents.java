package io.spinneret.engine;

import io.spinneret.api.Failure;
import io.spinneret.api.Request;
import io.spinneret.observe.ChangeStatus;
import io.spinneret.observe.CrawlClosed;
import io.spinneret.observe.CrawlListener;
import io.spinneret.observe.CrawlOpened;
import io.spinneret.spi.Stats;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The engine's side of {@link CrawlListener}: the hooks in the engine's classes call these, and
 * each event goes to every listener's {@link ListenerQueue}. With no listener, {@link #on()} is
 * false and every hook returns at once without building an event, so watching costs nothing when
 * nobody watches. Thread-safe.
 */
public final class CrawlEvents {
    /** How long the crawl's end waits for the listeners to handle their last events. */
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);

    private final ListenerQueue[] queues;

    private CrawlEvents(ListenerQueue[] queues) {
        this.queues = queues;
    }

    public static CrawlEvents none() {
        return new CrawlEvents(new ListenerQueue[0]);
    }

    static CrawlEvents of(List<CrawlListener> listeners, Stats stats) {
        ListenerQueue[] q = new ListenerQueue[listeners.size()];
        for (int i = 0; i < q.length; i++) q[i] = new ListenerQueue(listeners.get(i), stats);
        return new CrawlEvents(q);
    }

    /** Whether anyone listens; hooks that would do work to build an event check it first. */
    boolean on() {
        return queues.length > 0;
    }

    private void emit(Consumer<CrawlListener> event) {
        for (ListenerQueue q : queues) q.offer(event);
    }

    public void opened(CrawlOpened crawl) throws InterruptedException {
        for (ListenerQueue q : queues) q.put(l -> l.crawlOpened(crawl), CLOSE_TIMEOUT);
    }

    void scheduled(Request r) {
        if (on()) emit(l -> l.requestScheduled(r));
    }

    void dropped(Request r, String reason) {
        if (on()) emit(l -> l.requestDropped(r, reason));
    }

    void started(Request r) {
        if (on()) emit(l -> l.requestStarted(r));
    }

    void received(Request r, int status, long bytes, long latencyNanos) {
        if (on()) emit(l -> l.responseReceived(r, status, bytes, Duration.ofNanos(latencyNanos)));
    }

    void failed(Failure f, @Nullable String errback) {
        if (on()) emit(l -> l.requestFailed(f, errback));
    }

    void scraped(List<Object> items) {
        if (!on()) return;
        for (Object item : items) emit(l -> l.itemScraped(item));
    }

    public void itemDropped(Object item, String reason) {
        if (on()) emit(l -> l.itemDropped(item, reason));
    }

    public void changeStatus(Request r, ChangeStatus status) {
        if (on()) emit(l -> l.changeStatus(r, status));
    }

    /** Ends every listener's thread at once; after {@link #closed} they have ended already. */
    void abandon() {
        for (ListenerQueue q : queues) q.abandon();
    }

    /** Delivers the last event and waits, {@link #CLOSE_TIMEOUT} at most in all, for the listeners to finish. */
    public void closed(CrawlClosed crawl) throws InterruptedException {
        if (!on()) return;
        long deadline = System.nanoTime() + CLOSE_TIMEOUT.toNanos();
        for (ListenerQueue q : queues) q.put(l -> l.crawlClosed(crawl), CLOSE_TIMEOUT);
        for (ListenerQueue q : queues) q.close(deadline);
    }
}
