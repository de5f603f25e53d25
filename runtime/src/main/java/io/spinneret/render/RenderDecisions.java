package io.spinneret.render;

import io.spinneret.spi.RenderDecisionStore;
import io.spinneret.spi.RenderDecisionStore.Decision;
import io.spinneret.spi.Stats;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Per URL pattern (see {@link UrlPattern}; the caller adds the callback), whether plain HTTP
 * suffices, learned from samples rendered both ways. An undecided pattern hands out up to
 * {@code samples} samples at once; a page that finds them all out is fetched over HTTP
 * {@link Plan#PROVISIONAL provisionally}: it is {@link #provisional registered}, and should the
 * pattern be decided for the browser, {@link #sampled} hands it back to be rendered.
 * {@code samples} agreeing samples decide {@link Plan#HTTP}; one that differs decides
 * {@link Plan#BROWSER} at once, as HTTP lost something. A decided pattern samples a page again
 * after {@code recheckEvery} pages (0 = never): a re-check that differs from an HTTP decision
 * switches it to the browser, one that agrees under a browser decision sends the pattern back to
 * sampling. Under an HTTP decision the gap doubles after each re-check, up to
 * {@link #MAX_GAP_FACTOR} times the first: a re-check renders a page that HTTP already handled, at
 * some 30 times the CPU of its HTTP fetch and parse, so a fixed gap would cost a static crawl a
 * fixed share of its time however large it grows, while a doubling one costs a number of renders
 * that grows with the logarithm of the pages (until the gap stops growing). Under a browser
 * decision a re-check costs only an HTTP fetch beside the render the page gets anyway, so its gap
 * stays. Each decision is logged once, at INFO, and counted in {@code auto/decisions/http} or
 * {@code auto/decisions/browser}.
 *
 * <p>A callback with a {@link PageCheck} is not sampled: its patterns are decided by
 * {@link #judged}, from HTTP pages that pass or fail the check, and read with {@link #decision}.
 * Every decision is kept in a {@link RenderDecisionStore} (with the frontier, for a resumed crawl
 * and the other nodes of a shared one); a pattern met for the first time takes the decision kept
 * there, if any, without sampling or judging again. Thread-safe.
 *
 * @param <P> what the caller keeps of a provisional page, to render it later
 */
public final class RenderDecisions<P> {
    private static final Logger LOG = LoggerFactory.getLogger(RenderDecisions.class);

    /** How one page is to be fetched. */
    public enum Plan {
        /** Plain HTTP only. */
        HTTP,
        /** The browser only. */
        BROWSER,
        /** Both ways, the callback's results compared and reported to {@link #sampled}. */
        SAMPLE,
        /** Over HTTP while the pattern's samples are out; {@link #provisional} registers it for a browser decision. */
        PROVISIONAL
    }

    /** The re-check gap under an HTTP decision grows up to this many times {@code recheckEvery}. */
    public static final int MAX_GAP_FACTOR = 100;

    private final class Pattern {
        @Nullable
        Plan decision;

        int agreed;
        int out;
        long sinceDecision;
        /** Pages after the decision at which the next re-check is due, and the gap after that one. */
        long nextCheck;

        long gap;
        final List<P> provisional = new ArrayList<>();
    }

    private final int samples;
    private final int recheckEvery;
    private final Stats stats;
    private final ReentrantLock lock = new ReentrantLock(); // not synchronized: callers are virtual threads
    private final Map<String, Pattern> patterns = new HashMap<>();
    private final RenderDecisionStore store;

    /**
     * @param samples agreeing samples that decide HTTP (at least 1)
     * @param recheckEvery pages of a decided pattern before one is sampled again (the first gap); 0 = never
     */
    public RenderDecisions(int samples, int recheckEvery, Stats stats) {
        this(samples, recheckEvery, stats, new MemoryRenderDecisionStore());
    }

    /** As {@link #RenderDecisions(int, int, Stats)}, the decisions kept in {@code store}. */
    public RenderDecisions(int samples, int recheckEvery, Stats stats, RenderDecisionStore store) {
        this.samples = Math.max(1, samples);
        this.recheckEvery = Math.max(0, recheckEvery);
        this.stats = stats;
        this.store = store;
    }

    /** The pattern's state; met for the first time, with the decision the store keeps for it. Under the lock. */
    private Pattern pattern(String pattern) {
        Pattern p = patterns.get(pattern);
        if (p != null) return p;
        p = new Pattern();
        patterns.put(pattern, p);
        Decision kept = store.get(pattern).orElse(null);
        if (kept != null) {
            // a decision kept from before (a resumed crawl, another node) has been made and re-checked
            // there: under HTTP it is re-checked at the longest gap, so a resumed crawl does not sample again soon
            p.decision = kept == Decision.HTTP ? Plan.HTTP : Plan.BROWSER;
            p.gap = kept == Decision.HTTP ? (long) recheckEvery * MAX_GAP_FACTOR : recheckEvery;
            p.nextCheck = p.gap;
            LOG.info("renderer auto: pattern {}: {} (decided before; kept with the frontier)", pattern, kept);
        }
        return p;
    }

    /** The decision for {@code pattern} ({@link Plan#HTTP} or {@link Plan#BROWSER}), or null while undecided; no sampling. */
    public @Nullable Plan decision(String pattern) {
        lock.lock();
        try {
            return pattern(pattern).decision;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Decides {@code pattern} from a page judged over HTTP ({@link PageCheck}): {@code decision}
     * unless it is the pattern's decision already; {@code why} is logged with it.
     */
    public void judged(String pattern, Plan decision, String why) {
        lock.lock();
        try {
            Pattern p = pattern(pattern);
            if (p.decision != decision) decide(pattern, p, decision, why);
        } finally {
            lock.unlock();
        }
    }

    /**
     * How to fetch the next page of {@code pattern}; a {@link Plan#SAMPLE} must be answered by
     * {@link #sampled} or {@link #sampleLost}, a {@link Plan#PROVISIONAL} registered with {@link #provisional}.
     */
    public Plan plan(String pattern) {
        lock.lock();
        try {
            Pattern p = pattern(pattern);
            if (p.decision != null) {
                p.sinceDecision++;
                if (recheckEvery > 0 && p.sinceDecision >= p.nextCheck) {
                    if (p.decision == Plan.HTTP) p.gap = Math.min(p.gap * 2, (long) recheckEvery * MAX_GAP_FACTOR);
                    p.nextCheck = p.sinceDecision + p.gap;
                    p.out++;
                    return Plan.SAMPLE;
                }
                return p.decision;
            }
            if (p.agreed + p.out < samples) {
                p.out++;
                return Plan.SAMPLE;
            }
            return Plan.PROVISIONAL;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Keeps {@code page}, fetched over HTTP while {@code pattern} was undecided, until the pattern
     * is decided. True if it was decided for the browser meanwhile: the caller renders it now.
     */
    public boolean provisional(String pattern, P page) {
        lock.lock();
        try {
            Pattern p = pattern(pattern);
            if (p.decision == null) p.provisional.add(page);
            return p.decision == Plan.BROWSER;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The outcome of a sample of {@code pattern}: whether HTTP gave the callback the same results
     * as the browser; {@code difference} says how they differed, for the log.
     *
     * @return the provisional pages to render now, the pattern having been decided for the browser; else empty
     */
    public List<P> sampled(String pattern, boolean agree, String difference) {
        lock.lock();
        try {
            Pattern p = pattern(pattern);
            p.out = Math.max(0, p.out - 1);
            if (p.decision == Plan.HTTP) {
                if (!agree)
                    return decide(
                            pattern,
                            p,
                            Plan.BROWSER,
                            "re-check differs over HTTP (" + difference + "): browser needed");
            } else if (p.decision == Plan.BROWSER) {
                if (agree) {
                    p.decision = null;
                    p.agreed = 1;
                    LOG.info("renderer auto: pattern {}: re-check agrees over HTTP; sampling it again", pattern);
                }
            } else if (!agree) {
                return decide(
                        pattern,
                        p,
                        Plan.BROWSER,
                        "browser needed (sample " + (p.agreed + 1) + " differs: " + difference + ")");
            } else if (++p.agreed >= samples) {
                return decide(pattern, p, Plan.HTTP, "HTTP suffices (" + p.agreed + "/" + p.agreed + " samples agree)");
            }
            return List.of();
        } finally {
            lock.unlock();
        }
    }

    /** A sample of {@code pattern} that gave no comparison (a fetch or render failed). */
    public void sampleLost(String pattern) {
        lock.lock();
        try {
            Pattern p = patterns.get(pattern);
            if (p != null) p.out = Math.max(0, p.out - 1);
        } finally {
            lock.unlock();
        }
    }

    /** Pattern to its decision ({@code HTTP} or {@code BROWSER}), for the patterns decided so far; sorted. */
    public Map<String, Plan> decisions() {
        lock.lock();
        try {
            Map<String, Plan> out = new TreeMap<>();
            patterns.forEach((k, p) -> {
                if (p.decision != null) out.put(k, p.decision);
            });
            return out;
        } finally {
            lock.unlock();
        }
    }

    private List<P> decide(String pattern, Pattern p, Plan decision, String why) {
        p.decision = decision;
        p.agreed = 0;
        p.sinceDecision = 0;
        p.gap = recheckEvery;
        p.nextCheck = recheckEvery;
        List<P> pending = List.copyOf(p.provisional);
        p.provisional.clear();
        stats.increment("auto/decisions/" + decision.name().toLowerCase(Locale.ROOT));
        store.put(pattern, decision == Plan.HTTP ? Decision.HTTP : Decision.BROWSER);
        LOG.info("renderer auto: pattern {}: {}", pattern, why);
        return decision == Plan.BROWSER ? pending : List.of();
    }
}
