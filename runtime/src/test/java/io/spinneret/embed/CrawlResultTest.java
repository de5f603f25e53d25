package io.spinneret.embed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.spi.Stats;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CrawlResultTest {
    private static CrawlResult finished(Map<String, Long> stats) {
        return new CrawlResult(
                "books", stats, Duration.ofMillis(940), CrawlResult.Outcome.FINISHED, null, "books.jsonl");
    }

    @Test
    void theSummaryLineOfAnOrdinaryCrawl() {
        CrawlResult r = finished(
                Map.of(Stats.REQUESTS, 1050L, Stats.RESPONSES, 1050L, Stats.ITEMS, 1000L, "dropped/retry", 4L));
        assertEquals(
                "1050 requests | 1050 responses | 0 failures | 1000 items | 0.9s",
                r.summaryLine(),
                "a retried request's earlier attempt is not a drop");
        assertEquals(Map.of(), r.dropped());
        assertEquals(0, r.exitCode());
    }

    @Test
    void requestsDroppedOnPurposeAreCountedByReason() {
        CrawlResult r = finished(Map.of(
                Stats.REQUESTS,
                40L,
                Stats.RESPONSES,
                40L,
                Stats.ITEMS,
                30L,
                "dropped/robots",
                7L,
                "dropped/offsite",
                2L,
                "dropped/retry",
                3L,
                Stats.FAILURES,
                1L));
        assertEquals(Map.of("robots", 7L, "offsite", 2L), r.dropped());
        assertEquals(
                "40 requests | 40 responses | 1 failures | 30 items | 9 dropped (offsite: 2, robots: 7) | 0.9s",
                r.summaryLine());
        assertEquals(Map.of(), r.ignored());
        assertEquals(1, r.exitCode(), "drops do not change the exit code; the failure does");
    }

    @Test
    void responsesIgnoredForTheirStatusAreCountedByStatus() {
        CrawlResult r = finished(Map.of(
                Stats.REQUESTS,
                5L,
                Stats.RESPONSES,
                5L,
                Stats.ITEMS,
                2L,
                "http_status/404",
                2L,
                "http_status/410",
                1L,
                "dropped/robots",
                1L));
        assertEquals(Map.of("404", 2L, "410", 1L), r.ignored());
        assertEquals(
                "5 requests | 5 responses | 0 failures | 2 items | 3 ignored (HTTP 404: 2, HTTP 410: 1) | 1 dropped (robots: 1) | 0.9s",
                r.summaryLine());
        assertEquals(0, r.exitCode(), "a 404 is an answer, not a failure");
    }

    @Test
    void aCrawlWhoseStartRequestsWereAllDroppedOrFailedSaysWhyAndExitsNonZero() {
        CrawlResult dropped = finished(Map.of("dropped/robots", 2L));
        assertEquals("nothing was crawled: requests were dropped (robots: 2)", dropped.nothingCrawled());
        assertEquals(CrawlResult.NOTHING_CRAWLED, dropped.exitCode());

        CrawlResult failedAnd404 =
                finished(Map.of(Stats.REQUESTS, 2L, Stats.RESPONSES, 1L, Stats.FAILURES, 1L, "http_status/404", 1L));
        assertEquals(
                "nothing was crawled: 1 requests failed (see the errors logged above);"
                        + " responses were not handed to a callback (HTTP 404: 1)",
                failedAnd404.nothingCrawled());
        assertEquals(1, failedAnd404.exitCode(), "a failure is the first thing to look at");

        CrawlResult none = finished(Map.of());
        assertTrue(none.nothingCrawled().startsWith("nothing was crawled: no request was made"), none.nothingCrawled());
    }

    @Test
    void oneResponseReachingACallbackIsACrawl() {
        CrawlResult r = finished(Map.of(Stats.REQUESTS, 3L, Stats.RESPONSES, 2L, "redirects", 1L, Stats.FAILURES, 1L));
        assertNull(r.nothingCrawled(), "a redirect and the page it led to");
        assertEquals(1, r.exitCode());
        CrawlResult interrupted =
                new CrawlResult("books", Map.of(), Duration.ZERO, CrawlResult.Outcome.INTERRUPTED, null, "x");
        assertNull(interrupted.nothingCrawled(), "a signal came before anything was fetched: that is the reason");
        assertEquals(130, interrupted.exitCode());
    }
}
