package io.spinneret.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.render.RenderDecisions.Plan;
import io.spinneret.spi.Stats;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(20)
class RenderDecisionsTest {
    private final Stats stats = new Stats();

    @Test
    void agreeingSamplesDecideHttp() throws Exception {
        RenderDecisions d = new RenderDecisions(3, 0, 10_000, stats);
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
    void oneDifferingSampleDecidesTheBrowserAtOnce() throws Exception {
        RenderDecisions d = new RenderDecisions(5, 0, 10_000, stats);
        assertEquals(Plan.SAMPLE, d.plan("p"));
        d.sampled("p", true, "");
        assertEquals(Plan.SAMPLE, d.plan("p"));
        d.sampled("p", false, "HTTP 0 items, browser 10");
        assertEquals(Plan.BROWSER, d.plan("p"));
        assertEquals(1, stats.get("auto/decisions/browser"));
        assertEquals(Plan.SAMPLE, d.plan("other"), "patterns learn apart");
    }

    @Test
    void aPageWaitsWhileItsPatternsSamplesAreOutAndIsSampledWhenOneIsLost() throws Exception {
        RenderDecisions d = new RenderDecisions(2, 0, 10_000, stats);
        assertEquals(Plan.SAMPLE, d.plan("p"));
        assertEquals(Plan.SAMPLE, d.plan("p"));
        CompletableFuture<Plan> third = CompletableFuture.supplyAsync(() -> {
            try {
                return d.plan("p");
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(200);
        assertTrue(!third.isDone(), "both samples are out");
        d.sampleLost("p");
        assertEquals(Plan.SAMPLE, third.get(5, TimeUnit.SECONDS), "takes the lost sample's place");
        d.sampled("p", true, "");
        d.sampled("p", true, "");
        assertEquals(Plan.HTTP, d.plan("p"));
    }

    @Test
    void aWaitingPageIsDecidedByTheSamplesItWaitedFor() throws Exception {
        RenderDecisions d = new RenderDecisions(1, 0, 10_000, stats);
        assertEquals(Plan.SAMPLE, d.plan("p"));
        CompletableFuture<Plan> next = CompletableFuture.supplyAsync(() -> {
            try {
                return d.plan("p");
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(100);
        d.sampled("p", false, "differs");
        assertEquals(Plan.BROWSER, next.get(5, TimeUnit.SECONDS));
    }

    @Test
    void aPageThatWaitedTooLongIsSampledItself() throws Exception {
        RenderDecisions d = new RenderDecisions(1, 0, 50, stats);
        assertEquals(Plan.SAMPLE, d.plan("p"));
        assertEquals(Plan.SAMPLE, d.plan("p"));
    }

    @Test
    void everyNthPageOfADecidedPatternIsReChecked() throws Exception {
        RenderDecisions d = new RenderDecisions(1, 4, 10_000, stats);
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
