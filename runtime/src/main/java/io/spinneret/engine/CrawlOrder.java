package io.spinneret.engine;

import io.spinneret.annotations.Setting;
import io.spinneret.api.Request;
import io.spinneret.settings.Settings;

/**
 * The {@code crawl_order} setting: whether depth comes before a request's priority. Schedulers
 * order each host's requests by priority (first come first served among equal ones; hosts take
 * turns, see {@link io.spinneret.spi.Scheduler}), so the order is given to them in
 * the priority of each request found on a page, once, as Scrapy's {@code DEPTH_PRIORITY} does:
 * {@code breadth_first} lowers it by {@value #DEPTH_STEP} per level of depth, {@code depth_first}
 * raises it as much. Priorities within ±{@value #DEPTH_STEP}/2 therefore only order requests of one
 * depth. Every scheduler (memory, SQLite, Redis) honours it, since each orders by priority.
 * Redirect hops and retries keep the priority of the request they continue.
 */
enum CrawlOrder {
    PRIORITY,
    BREADTH_FIRST,
    DEPTH_FIRST;

    /** How far one level of depth moves a request's priority. */
    static final int DEPTH_STEP = 1 << 16;

    static CrawlOrder of(Settings settings) {
        return switch (settings.getChoice(Setting.CRAWL_ORDER)) {
            case "breadth_first" -> BREADTH_FIRST;
            case "depth_first" -> DEPTH_FIRST;
            default -> PRIORITY;
        };
    }

    /** {@code found} with its priority moved by its depth; itself for {@link #PRIORITY} and depth 0. */
    Request apply(Request found) {
        if (this == PRIORITY || found.depth() == 0) return found;
        long shift = (long) found.depth() * DEPTH_STEP;
        long p = this == BREADTH_FIRST ? found.priority() - shift : found.priority() + shift;
        return found.toBuilder()
                .priority((int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, p)))
                .build();
    }
}
