package io.spinneret.observe;

import io.spinneret.api.Failure;
import io.spinneret.api.Request;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * Watches one crawl through its events, the way OkHttp's {@code EventListener} watches calls:
 * the crawl opens and closes, requests are scheduled or dropped, each page's download starts and
 * ends with a response or a failure, items are scraped or dropped. Stats files, metrics, the live
 * crawl page and error snapshots are all listeners; none of them looks inside the engine.
 *
 * <pre>{@code
 * final class SlowPages implements CrawlListener {
 *     public void responseReceived(Request request, int status, long bytes, Duration latency) {
 *         if (latency.toSeconds() >= 2) System.out.println("slow: " + request.url());
 *     }
 * }
 * Crawler.of(BooksSpider.class).listener(new SlowPages()).run();
 * }</pre>
 *
 * <p>Every method does nothing by default; override those you need. Register a listener with
 * {@code Crawler.of(...).listener(...)} or {@code Crawler.builder(...).listener(...)}, or by name
 * in the {@code listeners} setting through a {@link CrawlListenerProvider} found by
 * {@link java.util.ServiceLoader}.
 *
 * <p>Threads: each listener gets the events of a crawl in order, one at a time, on a thread of its
 * own, never on a crawling thread, up to 20 ms after they happened (the thread takes what gathered
 * every 20 ms). A listener that is slow cannot stall the crawl: while its
 * backlog is full, the events it has not taken are dropped (and counted as
 * {@code listeners/dropped_events}), except {@link #crawlOpened} and {@link #crawlClosed}. One that
 * throws cannot fail it: the exception is logged and counted ({@code listeners/errors}) and the
 * next event is delivered. The crawl waits for {@link #crawlClosed} to return for a few seconds at
 * most, so a listener may write its file there.
 */
public interface CrawlListener {
    /** The crawl is about to take its first request; {@code crawl} answers live questions until it closes. */
    default void crawlOpened(CrawlOpened crawl) {}

    /** A request went into the scheduler (a start request, a link, a redirect's target, a retry). */
    default void requestScheduled(Request request) {}

    /**
     * A request was not crawled on purpose: {@code duplicate} (the scheduler had seen it),
     * {@code offsite}, {@code depth}, or what a middleware gave ({@code robots}, ...).
     */
    default void requestDropped(Request request, String reason) {}

    /** A page's download starts (after the request side of the middleware chain). */
    default void requestStarted(Request request) {}

    /**
     * A page's download ended with a response, of any status.
     *
     * @param bytes the body's length as received (decompressed)
     * @param latency from {@link #requestStarted} to the whole body
     */
    default void responseReceived(Request request, int status, long bytes, Duration latency) {}

    /**
     * A request failed: it could not be fetched (after its retries), its response had a status
     * that is not 2xx, or its callback or errback threw. {@link Failure#response()} is the
     * response when one arrived. {@code errback} names the spider's errback method the failure was
     * routed to, or is null.
     */
    default void requestFailed(Failure failure, @Nullable String errback) {}

    /** A callback emitted {@code item} and the crawl accepted it for storage. */
    default void itemScraped(Object item) {}

    /** An item was not stored on purpose ({@code over_limit} past {@code max_items}, or an item processor's reason). */
    default void itemDropped(Object item, String reason) {}

    /**
     * A re-crawl ({@code --recrawl}) judged a page: {@code UNCHANGED}, {@code CHANGED}, {@code NEW},
     * or {@code REMOVED} (the removed-page event: the page answered 404 or 410), see {@link ChangeStatus}.
     */
    default void changeStatus(Request request, ChangeStatus status) {}

    /** The crawl is over: everything it stored is written. The last event. */
    default void crawlClosed(CrawlClosed crawl) {}
}
