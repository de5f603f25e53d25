package io.spinneret.observe.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.spinneret.observe.CrawlOpened;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Stats;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The session pool's state in the metrics: read from the crawl's counters at each scrape. */
class SessionMetersTest {
    private static CrawlOpened crawl(Stats stats, boolean pool) {
        Settings s = Settings.defaults().with("session_pool", Boolean.toString(pool), "test");
        return new CrawlOpened("s", Instant.now(), s, stats, () -> 0, () -> 0);
    }

    @Test
    void livesRetiredAndBlockedFollowTheCounters() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        Stats stats = new Stats();
        new CrawlMetrics(registry).crawlOpened(crawl(stats, true));
        stats.add(Stats.SESSIONS_CREATED, 7);
        stats.add(Stats.SESSIONS_RETIRED, 4);
        stats.add(Stats.SESSIONS_BLOCKED, 3);
        assertEquals(3, registry.get("spinneret.sessions.live").gauge().value());
        assertEquals(
                4, registry.get("spinneret.sessions.retired").functionCounter().count());
        assertEquals(
                3, registry.get("spinneret.sessions.blocked").functionCounter().count());
    }

    @Test
    void aCrawlWithoutThePoolHasNoSessionMeters() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        new CrawlMetrics(registry).crawlOpened(crawl(new Stats(), false));
        assertNull(registry.find("spinneret.sessions.live").gauge());
    }
}
