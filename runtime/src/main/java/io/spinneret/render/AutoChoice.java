package io.spinneret.render;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.Request;
import io.spinneret.internal.PageNeeds;
import io.spinneret.render.RenderDecisions.Plan;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a request whose renderer is {@code AUTO} is fetched, for one crawl: the browser copy of such
 * a request (a correction) in the browser; everything over HTTP once the browser was found missing;
 * a callback with a {@link PageCheck} (its {@code @Parse(requires)}, or the selectors the processor
 * read in its body) over HTTP and judged, unless its {@link UrlPattern} was decided for the
 * browser; any other callback as {@link RenderDecisions} learns from samples. The first request of
 * each callback logs, once, which of the two ways its pages are decided. The engine does the
 * fetching and judging. Thread-safe.
 */
public final class AutoChoice {
    private static final Logger LOG = LoggerFactory.getLogger(AutoChoice.class);

    /** Meta of the browser copy of an AUTO request (a correction, or its retry), handled as AUTO. */
    public static final String RENDERED = "auto_rendered";

    /**
     * The choice for one request.
     *
     * @param check how its HTTP page is judged, or null (sampled, or no choice to make)
     * @param pattern the pattern decisions are kept under, or null when none is
     */
    public record Choice(
            Plan plan, @Nullable PageCheck check, @Nullable String pattern) {}

    private final Map<String, PageCheck> checks = new HashMap<>();
    private final RenderDecisions<Request> decisions;
    private final AtomicBoolean browserUnavailable = new AtomicBoolean();
    private final Set<String> announced = ConcurrentHashMap.newKeySet();

    /**
     * @param required the spider's {@code @Parse(requires)} selectors by callback
     * @param needs what the processor read of each callback's selectors, for those it could read
     */
    public AutoChoice(Map<String, String> required, Map<String, PageNeeds> needs, RenderDecisions<Request> decisions) {
        for (String callback : required.keySet())
            checks.put(callback, PageCheck.of(required.get(callback), needs.get(callback)));
        needs.forEach((callback, n) -> checks.putIfAbsent(callback, PageCheck.of(null, n)));
        this.decisions = decisions;
    }

    /** Whether {@code request} is AUTO's: renderer AUTO, or the browser copy of such a request. */
    public static boolean handles(Request request) {
        return request.renderer() == Renderer.AUTO || request.meta().containsKey(RENDERED);
    }

    /** The pattern decisions are kept under: the URL's {@link UrlPattern} and the callback. */
    public static String patternOf(Request request) {
        return UrlPattern.of(request.url()) + " (" + request.callback() + ")";
    }

    /** How to fetch {@code request}. */
    public Choice choose(Request request) {
        if (request.meta().containsKey(RENDERED)) return new Choice(Plan.BROWSER, null, null);
        if (browserUnavailable.get()) return new Choice(Plan.HTTP, null, null);
        PageCheck check = checks.get(request.callback());
        announce(request.callback(), check);
        String pattern = patternOf(request);
        if (check == null) return new Choice(decisions.plan(pattern), null, pattern);
        return new Choice(decisions.decision(pattern) == Plan.BROWSER ? Plan.BROWSER : Plan.HTTP, check, pattern);
    }

    private void announce(String callback, @Nullable PageCheck check) {
        if (!announced.add(callback)) return;
        if (check != null) {
            LOG.info(
                    "renderer auto: callback {}: HTTP first, its pages judged by {}; a page that fails is rendered",
                    callback,
                    check.describe());
        } else {
            LOG.info(
                    "renderer auto: callback {}: its selectors could not be read at compile time; its pages are sampled by rendering",
                    callback);
        }
    }

    /** Whether the browser was found missing. */
    public boolean browserUnavailable() {
        return browserUnavailable.get();
    }

    /** Records that the browser is missing; true the first time, for the one warning. */
    public boolean markBrowserUnavailable() {
        return browserUnavailable.compareAndSet(false, true);
    }
}
