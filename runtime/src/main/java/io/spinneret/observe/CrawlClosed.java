package io.spinneret.observe;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A crawl that is over, as {@link CrawlListener#crawlClosed} gets it.
 *
 * @param spider the spider's name
 * @param startedAt when it started
 * @param endedAt when it ended
 * @param stopReason why it stopped, in lower case: {@code finished} (nothing left to crawl),
 *     {@code item_limit}, {@code interrupted} (a signal or {@code Crawler.stop()}), {@code failed}
 *     (storage failed for good); other limits add their own
 * @param failure what failed, for {@code failed}; else null
 * @param counters every counter of the crawl, sorted by name
 */
public record CrawlClosed(
        String spider,
        Instant startedAt,
        Instant endedAt,
        String stopReason,
        @Nullable String failure,
        Map<String, Long> counters) {
    public CrawlClosed {
        counters = Map.copyOf(counters);
    }

    public Duration elapsed() {
        return Duration.between(startedAt, endedAt);
    }
}
