package io.spinneret.spi;

import io.spinneret.api.Request;
import io.spinneret.settings.Settings;

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
}
