package io.spinneret.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.render.RenderDecisions.Plan;
import io.spinneret.spi.RenderDecisionStore;
import io.spinneret.spi.Stats;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(20)
class RenderDecisionsTest {
    private final Stats stats = new Stats();

    @Test
    void agreeingSamplesDecideHttp() {
        RenderDecisions d = new RenderDecisions<String>(3, 0, stats);
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
        RenderDecisions d = new RenderDecisions<String>(5, 0, stats);
        assertEquals(Plan.SAMPLE, d.plan("p"));
        d.sampled("p", true, "");
        assertEquals(Plan.SAMPLE, d.plan("p"));
        d.sampled("p", false, "HTTP 0 items, browser 10");
        assertEquals(Plan.BROWSER, d.plan("p"));
        assertEquals(1, stats.get("auto/decisions/browser"));
        assertEquals(Plan.SAMPLE, d.plan("other"), "patterns learn apart");
    }

    @Test
    void pagesBeyondTheSamplesAreProvisionalAndHandedBackByABrowserDecision() {
        RenderDecisions<String> d = new RenderDecisions<>(2, 0, stats);
        assertEquals(Plan.SAMPLE, d.plan("p"));
        assertEquals(Plan.SAMPLE, d.plan("p"));
        assertEquals(Plan.PROVISIONAL, d.plan("p"), "both samples are out");
        assertFalse(d.provisional("p", "/p/3"));
        assertEquals(Plan.SAMPLE, d.plan("q"), "another pattern has samples of its own");
        d.sampleLost("p");
        assertEquals(Plan.SAMPLE, d.plan("p"), "takes the lost sample's place");
        assertEquals(Plan.PROVISIONAL, d.plan("p"));
        assertFalse(d.provisional("p", "/p/4"));
        assertEquals(List.of(), d.sampled("p", true, ""));
        assertEquals(List.of("/p/3", "/p/4"), d.sampled("p", false, "HTTP 0 items, browser 10"), "to be rendered now");
        assertEquals(Plan.BROWSER, d.plan("p"));
        assertTrue(d.provisional("p", "/p/5"), "a provisional page registered after the decision is rendered at once");
    }

    @Test
    void provisionalPagesOfAPatternDecidedForHttpStandAsTheyAre() {
        RenderDecisions<String> d = new RenderDecisions<>(1, 0, stats);
        assertEquals(Plan.SAMPLE, d.plan("p"));
        assertEquals(Plan.PROVISIONAL, d.plan("p"));
        assertFalse(d.provisional("p", "/p/2"));
        assertEquals(List.of(), d.sampled("p", true, ""));
        assertEquals(Plan.HTTP, d.plan("p"));
        assertFalse(d.provisional("p", "/p/3"));
    }

    @Test
    void aDecidedPatternIsReCheckedAfterTheFirstGap() {
        RenderDecisions d = new RenderDecisions<String>(1, 4, stats);
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
        assertEquals(
                Map.of(), d.decisions(), "a re-check that agrees under the browser sends the pattern back to sampling");
        assertEquals(1, stats.get("auto/decisions/http"));
        assertEquals(1, stats.get("auto/decisions/browser"));
    }

    @Test
    void underAnHttpDecisionTheGapDoublesUpToItsCap() {
        RenderDecisions d = new RenderDecisions<String>(1, 2, stats);
        assertEquals(Plan.SAMPLE, d.plan("p"));
        d.sampled("p", true, "");
        List<Integer> checks = new ArrayList<>();
        int pages = 10_000;
        for (int page = 1; page <= pages; page++) {
            if (d.plan("p") == Plan.SAMPLE) {
                checks.add(page);
                d.sampled("p", true, "");
            }
        }
        assertEquals(
                List.of(2, 6, 14, 30, 62, 126, 254, 454, 654),
                checks.subList(0, 9),
                "gaps 2, 4, 8, ..., 128, then 200: 100 times the first");
        for (int i = 1; i < checks.size(); i++) {
            assertTrue(
                    checks.get(i) - checks.get(i - 1) <= 2 * RenderDecisions.MAX_GAP_FACTOR,
                    "the gap stops growing at its cap");
        }
        int last = checks.size() - 1;
        assertEquals(2 * RenderDecisions.MAX_GAP_FACTOR, checks.get(last) - checks.get(last - 1));
    }

    @Test
    void underABrowserDecisionTheGapStays() {
        RenderDecisions d = new RenderDecisions<String>(1, 3, stats);
        assertEquals(Plan.SAMPLE, d.plan("p"));
        d.sampled("p", false, "HTTP 0 items, browser 10");
        List<Integer> checks = new ArrayList<>();
        for (int page = 1; page <= 12; page++) {
            if (d.plan("p") == Plan.SAMPLE) {
                checks.add(page);
                d.sampled("p", false, "HTTP 0 items, browser 10");
            }
        }
        assertEquals(List.of(3, 6, 9, 12), checks);
    }

    @Test
    void aPatternMetForTheFirstTimeTakesTheDecisionKeptInTheStore() {
        MemoryRenderDecisionStore store = new MemoryRenderDecisionStore();
        store.put("js", RenderDecisionStore.Decision.BROWSER);
        RenderDecisions<String> d = new RenderDecisions<>(5, 0, stats, store);
        assertEquals(Plan.BROWSER, d.plan("js"), "no sample: decided before");
        assertEquals(Plan.BROWSER, d.decision("js"));
        assertEquals(0, stats.get("auto/decisions/browser"), "not decided again");
        assertEquals(null, d.decision("listing"));
        assertEquals(Plan.SAMPLE, d.plan("listing"));
    }

    @Test
    void judgedDecisionsAreKeptInTheStoreOnceEach() {
        MemoryRenderDecisionStore store = new MemoryRenderDecisionStore();
        RenderDecisions<String> d = new RenderDecisions<>(5, 0, stats, store);
        d.judged("listing", Plan.HTTP, "HTTP suffices");
        d.judged("listing", Plan.HTTP, "HTTP suffices");
        d.judged("js", Plan.BROWSER, "browser needed");
        assertEquals(1, stats.get("auto/decisions/http"), "a decision already made is not made again");
        assertEquals(
                Map.of("listing", RenderDecisionStore.Decision.HTTP, "js", RenderDecisionStore.Decision.BROWSER),
                store.all());
        assertEquals(Plan.HTTP, d.plan("listing"), "a judged pattern is not sampled");
    }

    @Test
    void anHttpDecisionKeptFromBeforeIsReCheckedAtTheLongestGap() {
        MemoryRenderDecisionStore store = new MemoryRenderDecisionStore();
        store.put("listing", RenderDecisionStore.Decision.HTTP);
        RenderDecisions<String> d = new RenderDecisions<>(5, 10, stats, store);
        int pages = 10 * RenderDecisions.MAX_GAP_FACTOR;
        for (int i = 1; i < pages; i++) assertEquals(Plan.HTTP, d.plan("listing"), "page " + i);
        assertEquals(Plan.SAMPLE, d.plan("listing"), "the re-check, at the longest gap");
    }
}
