package io.spinneret.render;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.Request;
import io.spinneret.render.RenderDecisions.Plan;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/**
 * How a request whose renderer is {@code AUTO} is fetched, for one crawl: the browser copy of such
 * a request (a correction) in the browser; everything over HTTP once the browser was found missing;
 * a callback with {@code @Parse(requires = css)} over HTTP, rendered only when the page lacks the
 * element; else what {@link RenderDecisions} learned for the URL's {@link UrlPattern} and callback.
 * The engine does the fetching and comparing ({@link SampleComparison}). Thread-safe.
 */
public final class AutoChoice {
    /** Meta of the browser copy of an AUTO request (a correction, or its retry), handled as AUTO. */
    public static final String RENDERED = "auto_rendered";

    /**
     * The choice for one request.
     *
     * @param requires the callback's {@code @Parse(requires)} selector, or null
     * @param pattern the pattern decisions are learned under, or null when none is learned
     */
    public record Choice(
            Plan plan, @Nullable String requires, @Nullable String pattern) {}

    private final Map<String, String> required;
    private final RenderDecisions<Request> decisions;
    private final AtomicBoolean browserUnavailable = new AtomicBoolean();

    /** @param required the spider's {@code @Parse(requires)} selectors by callback */
    public AutoChoice(Map<String, String> required, RenderDecisions<Request> decisions) {
        this.required = Map.copyOf(required);
        this.decisions = decisions;
    }

    /** Whether {@code request} is AUTO's: renderer AUTO, or the browser copy of such a request. */
    public static boolean handles(Request request) {
        return request.renderer() == Renderer.AUTO || request.meta().containsKey(RENDERED);
    }

    /** The pattern decisions are learned under: the URL's {@link UrlPattern} and the callback. */
    public static String patternOf(Request request) {
        return UrlPattern.of(request.url()) + " (" + request.callback() + ")";
    }

    /** How to fetch {@code request}. */
    public Choice choose(Request request) {
        if (request.meta().containsKey(RENDERED)) return new Choice(Plan.BROWSER, null, null);
        if (browserUnavailable.get()) return new Choice(Plan.HTTP, null, null);
        String css = required.get(request.callback());
        if (css != null) return new Choice(Plan.HTTP, css, null);
        String pattern = patternOf(request);
        return new Choice(decisions.plan(pattern), null, pattern);
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
