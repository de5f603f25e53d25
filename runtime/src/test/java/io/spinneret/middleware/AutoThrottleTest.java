package io.spinneret.middleware;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class AutoThrottleTest {
    private static final long MS = 1_000_000L;
    private final AutoThrottle auto = new AutoThrottle(2.0, 10_000 * MS);

    @Test
    void movesHalfwayTowardsLatencyOverTargetConcurrency() {
        // target delay = 800 ms / 2 = 400 ms; from 0 it jumps straight to the target (max(target, average))
        assertEquals(400 * MS, auto.afterResponse(0, 800 * MS, 200, 0));
        // from 1000 ms it moves halfway down: (1000 + 400) / 2
        assertEquals(700 * MS, auto.afterResponse(1000 * MS, 800 * MS, 200, 0));
    }

    @Test
    void errorPagesMayRaiseButNeverLowerTheDelay() {
        assertEquals(1000 * MS, auto.afterResponse(1000 * MS, 10 * MS, 404, 0));
        // target 4000 / 2 = 2000 ms: above the current delay, so a slow error page does raise it
        assertEquals(2000 * MS, auto.afterResponse(1000 * MS, 4000 * MS, 404, 0));
    }

    @Test
    void errorsDoubleTheDelayFromAtLeastOneSecond() {
        assertEquals(1000 * MS, auto.afterError(0, 0));
        assertEquals(3000 * MS, auto.afterError(1500 * MS, 0));
        assertEquals(2000 * MS, auto.afterResponse(1000 * MS, 1 * MS, 429, 0));
        assertEquals(10_000 * MS, auto.afterError(9000 * MS, 0), "capped at the maximum");
    }

    @Test
    void staysWithinFloorAndMaximumAndTheFloorWins() {
        assertEquals(
                250 * MS, auto.afterResponse(0, 1 * MS, 200, 250 * MS), "download_delay or Crawl-delay is the floor");
        assertEquals(10_000 * MS, auto.afterResponse(0, 60_000 * MS, 200, 0), "autothrottle_max_delay");
        assertEquals(
                20_000 * MS,
                auto.afterResponse(0, 1 * MS, 200, 20_000 * MS),
                "a Crawl-delay above the max still holds");
    }
}
