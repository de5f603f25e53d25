package io.spinneret.recrawl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Request;
import io.spinneret.settings.Settings;
import org.junit.jupiter.api.Test;

class RevisitIntervalTest {
    private static final long HOUR = 3600;
    private static final RevisitInterval ADAPTIVE = RevisitInterval.from(Settings.defaults()
            .with("recrawl_after", Long.toString(HOUR), "test")
            .with("recrawl_max_interval", Long.toString(8 * HOUR), "test"));

    private static PageRecord fetched(long at, long interval) {
        return new PageRecord(Request.of("http://example.com/"), null, 0, 0, at, interval);
    }

    @Test
    void byDefaultEveryKnownPageIsDueAtEveryRecrawl() {
        RevisitInterval always = RevisitInterval.from(Settings.defaults());
        assertTrue(always.isDue(fetched(1_000, 0), 1_000));
        assertEquals(0, always.afterUnchanged(always.first()));
    }

    @Test
    void unchangedVisitsDoubleTheIntervalUpToTheMaximumAndAChangeHalvesItDownToRecrawlAfter() {
        long i = ADAPTIVE.first();
        assertEquals(HOUR, i);
        i = ADAPTIVE.afterUnchanged(i);
        assertEquals(2 * HOUR, i);
        i = ADAPTIVE.afterUnchanged(ADAPTIVE.afterUnchanged(i));
        assertEquals(8 * HOUR, i);
        assertEquals(8 * HOUR, ADAPTIVE.afterUnchanged(i), "bounded by recrawl_max_interval");
        i = ADAPTIVE.afterChange(i);
        assertEquals(4 * HOUR, i);
        assertEquals(
                HOUR, ADAPTIVE.afterChange(ADAPTIVE.afterChange(ADAPTIVE.afterChange(i))), "never below recrawl_after");
    }

    @Test
    void aPageIsDueOnceItsIntervalHasPassedSinceItsLastFetch() {
        PageRecord r = fetched(10_000, 2 * HOUR);
        assertFalse(ADAPTIVE.isDue(r, 10_000 + 2 * HOUR - 1));
        assertTrue(ADAPTIVE.isDue(r, 10_000 + 2 * HOUR));
    }
}
