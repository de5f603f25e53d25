package io.spinneret.spi;

import io.spinneret.api.Request;
import io.spinneret.settings.Settings;
import java.time.Duration;

/**
 * What the engine offers to middlewares and downloaders during a crawl. Thread-safe.
 */
public interface CrawlContext {
    String spiderName();

    Settings settings();

    Stats stats();

    /**
     * Schedules a request through the scheduler (subject to duplicate filtering unless it sets
     * dont-filter), e.g. a retry's next attempt.
     *
     * @return true if it was enqueued
     */
    boolean schedule(Request request);

    /**
     * Holds back every request to {@code host} (as {@link Request#host()} gives it) for
     * {@code pause}, e.g. after a 429 with {@code Retry-After}: they wait in the scheduler, or
     * leased but outside the engine's concurrency slots, while other hosts' requests go on. A
     * longer pause already set stays; requests already on their way are not called back. The
     * default does nothing (a context without an engine).
     */
    default void pauseDomain(String host, Duration pause) {}
}
