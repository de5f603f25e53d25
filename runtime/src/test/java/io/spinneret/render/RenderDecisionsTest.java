package io.spinneret.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spinneret.render.RenderDecisions.Plan;
import io.spinneret.spi.Stats;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(20)
class RenderDecisionsTest {
    private final Stats stats = new Stats();

    @Test
    void agreeingSamplesDecideHttp() {
        RenderDecisions d = new RenderDecisions(3, 0, stats);
        for (int i = 0; i < 3; i++) {
            assertEquals(Plan.SAMPLE, d.plan("p"));
            d.sampled("p", true, "");
        }
        assertEquals(Plan.HTTP, d.plan("p"));
        assertEquals(Plan.HTTP, d.plan("p"));
        assertEquals(Map.of("p", Plan.HTTP), d.decisions());
        assertEquals(1, stats.get("auto/decisions/http"));
    }

    @Test
    void oneDifferingSampleDecidesTheBrowserAtOnce() {
        RenderDecisions d = new RenderDecisions(5, 0, stats);
        assertEquals(Plan.SAMPLE, d.plan("p"));
        d.sampled("p", true, "");
        assertEquals(Plan.SAMPLE, d.plan("p"));
        d.sampled("p", false, "HTTP 0 items, browser 10");
        assertEquals(Plan.BROWSER, d.plan("p"));
        assertEquals(1, stats.get("auto/decisions/browser"));
        assertEquals(Plan.SAMPLE, d.plan("other"), "patterns learn apart");
    }

    @Test
    void aPageWaitsWhileItsPatternsSamplesAreOutAndIsSampledWhenOneIsLost() {
        RenderDecisions d = new RenderDecisions(2, 0, stats);
        assertEquals(Plan.SAMPLE, d.plan("p"));
        assertEquals(Plan.SAMPLE, d.plan("p"));
        assertEquals(Plan.WAIT, d.plan("p"), "both samples are out");
        assertEquals(Plan.SAMPLE, d.plan("q"), "another pattern does not wait");
        d.sampleLost("p");
        assertEquals(Plan.SAMPLE, d.plan("p"), "takes the lost sample's place");
        d.sampled("p", true, "");
        assertEquals(Plan.WAIT, d.plan("p"), "one agreed, one out: enough are on their way");
        d.sampled("p", true, "");
        assertEquals(Plan.HTTP, d.plan("p"));
    }

    @Test
    void aWaitingPageIsDecidedByTheSamplesItWaitedFor() {
        RenderDecisions d = new RenderDecisions(1, 0, stats);
        assertEquals(Plan.SAMPLE, d.plan("p"));
        assertEquals(Plan.WAIT, d.plan("p"));
        d.sampled("p", false, "differs");
        assertEquals(Plan.BROWSER, d.plan("p"));
    }

    @Test
    void everyNthPageOfADecidedPatternIsReChecked() {
        RenderDecisions d = new RenderDecisions(1, 4, stats);
        assertEquals(Plan.SAMPLE, d.plan("p"));
        d.sampled("p", true, "");
        assertEquals(Plan.HTTP, d.plan("p"));
        assertEquals(Plan.HTTP, d.plan("p"));
        assertEquals(Plan.HTTP, d.plan("p"));
        assertEquals(Plan.SAMPLE, d.plan("p"), "the 4th page after the decision");
        d.sampled("p", false, "HTTP 0 items, browser 1");
        assertEquals(Plan.BROWSER, d.plan("p"), "a re-check that differs switches to the browser");
        assertEquals(Plan.BROWSER, d.plan("p"));
        assertEquals(Plan.BROWSER, d.plan("p"));
        assertEquals(Plan.SAMPLE, d.plan("p"));
        d.sampled("p", true, "");
        assertEquals(Map.of(), d.decisions(), "a re-check that agrees under the browser sends the pattern back to sampling");
        assertEquals(1, stats.get("auto/decisions/http"));
        assertEquals(1, stats.get("auto/decisions/browser"));
    }
}
