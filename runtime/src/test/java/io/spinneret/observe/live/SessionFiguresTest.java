package io.spinneret.observe.live;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.observe.CrawlOpened;
import io.spinneret.observe.stats.CrawlTally;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Stats;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The live page shows the session pool's state once a crawl runs in sessions, and nothing of it before. */
class SessionFiguresTest {
    @Test
    void theStateOfThePoolIsInTheLivePagesCounters() {
        Stats stats = new Stats();
        CrawlOpened crawl = new CrawlOpened("s", Instant.now(), Settings.defaults(), stats, () -> 0, () -> 0);
        String before = LiveState.of(crawl, null, new CrawlTally().snapshot(), List.of(), List.of())
                .toJson();
        assertFalse(before.contains("sessions_live"), before);

        stats.add(Stats.SESSIONS_CREATED, 5);
        stats.add(Stats.SESSIONS_RETIRED, 2);
        stats.add(Stats.SESSIONS_BLOCKED, 2);
        String json = LiveState.of(crawl, null, new CrawlTally().snapshot(), List.of(), List.of())
                .toJson();
        assertTrue(json.contains("\"sessions_live\":3,\"sessions_retired\":2,\"sessions_blocked\":2"), json);
    }
}
