package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CrawlResultTest {
    private static CrawlResult finished(Map<String, Long> stats) {
        return new CrawlResult("books", stats, Duration.ofMillis(940), CrawlResult.Outcome.FINISHED, null, "books.jsonl");
    }

    @Test
    void theSummaryLineOfAnOrdinaryCrawl() {
        CrawlResult r = finished(Map.of(Stats.REQUESTS, 1050L, Stats.RESPONSES, 1050L, Stats.ITEMS, 1000L, "dropped/retry", 4L));
        assertEquals("1050 requests | 1050 responses | 0 failures | 1000 items | 0.9s", r.summaryLine(),
                "a retried request's earlier attempt is not a drop");
        assertEquals(Map.of(), r.dropped());
        assertEquals(0, r.exitCode());
    }

    @Test
    void requestsDroppedOnPurposeAreCountedByReason() {
        CrawlResult r = finished(Map.of(Stats.REQUESTS, 40L, Stats.RESPONSES, 40L, Stats.ITEMS, 30L,
                "dropped/robots", 7L, "dropped/offsite", 2L, "dropped/retry", 3L, Stats.FAILURES, 1L));
        assertEquals(Map.of("robots", 7L, "offsite", 2L), r.dropped());
        assertEquals("40 requests | 40 responses | 1 failures | 30 items | 9 dropped (offsite: 2, robots: 7) | 0.9s", r.summaryLine());
        assertEquals(1, r.exitCode(), "drops do not change the exit code; the failure does");
    }
}
