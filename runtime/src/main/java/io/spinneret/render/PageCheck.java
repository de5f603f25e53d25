package io.spinneret.render;

import io.spinneret.api.Response;
import io.spinneret.internal.PageNeeds;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * How {@code renderer = auto} judges a callback's page fetched over HTTP, without a browser. The
 * page fails, and is rendered, when any of these holds:
 *
 * <ul>
 *   <li>it is HTML and shows a {@link StaticSignals static signal} of needing a script;
 *   <li>it lacks what the callback looks for: the {@code @Parse(requires)} selector has no match,
 *       or, without one, none of the selector literals the processor read in the callback's body
 *       ({@link PageNeeds}) matches;
 *   <li>the callback's outcome on it: no item from a callback that yields items, or neither an
 *       item nor a request from one that does not.
 * </ul>
 *
 * The static signals and {@code requires} are checked {@link #before} the callback runs (a page
 * that fails them is not given to it over HTTP at all), the body's selectors and the outcome
 * {@link #after}: by then the callback has queried the page with most of its selectors, and what
 * those found is read back from the response instead of selecting again. A callback
 * with neither a {@code requires} selector nor readable selectors has no check (it is sampled by
 * rendering instead). Immutable.
 */
public final class PageCheck {
    private final @Nullable String requires;
    private final List<String> css;
    private final List<String> xpath;
    private final boolean yieldsItems;

    private PageCheck(@Nullable String requires, List<String> css, List<String> xpath, boolean yieldsItems) {
        this.requires = requires;
        this.css = css;
        this.xpath = xpath;
        this.yieldsItems = yieldsItems;
    }

    /** The check of a callback, or null when there is nothing to judge its pages by. */
    public static @Nullable PageCheck of(@Nullable String requires, @Nullable PageNeeds needs) {
        if (requires == null && needs == null) return null;
        return new PageCheck(
                requires,
                needs == null ? List.of() : needs.css(),
                needs == null ? List.of() : needs.xpath(),
                needs != null && needs.yieldsItems());
    }

    /** Whether the callback states a {@code requires} selector. */
    public boolean required() {
        return requires != null;
    }

    /**
     * Why the page fails before its callback runs: a static signal, or no match for the
     * {@code requires} selector; null if it passes.
     */
    public @Nullable String before(Response page) {
        if (!page.isHtml()) return null;
        String signal = StaticSignals.of(page.document());
        if (signal != null) return signal;
        if (requires != null && !matches(page, requires)) return "no match for the required \"" + requires + "\"";
        return null;
    }

    /**
     * Why the page fails after its callback ran on it over HTTP, with {@code items} and
     * {@code requests} for its output: none of the callback's selectors matches (those the callback
     * queried are not selected again), or the outcome; null if it passes.
     */
    public @Nullable String after(Response page, int items, int requests) {
        if (requires == null && page.isHtml() && !(css.isEmpty() && xpath.isEmpty()) && noneMatches(page))
            return "none of its selectors matches";
        if (items > 0) return null;
        if (yieldsItems) return "no item over HTTP";
        return requests > 0 ? null : "no item and no request over HTTP";
    }

    private boolean noneMatches(Response page) {
        for (String s : css) if (matches(page, s)) return false;
        for (String x : xpath) if (matchesXpath(page, x)) return false;
        return true;
    }

    private static boolean matches(Response page, String css) {
        Boolean seen = page.matched(css);
        return seen != null ? seen : page.cssFirst(css).isPresent();
    }

    /** What the pages are judged by, for the log. */
    public String describe() {
        List<String> by = new ArrayList<>();
        if (requires != null) {
            by.add("requires \"" + requires + "\"");
        } else if (!css.isEmpty() || !xpath.isEmpty()) {
            List<String> all = new ArrayList<>(css);
            for (String x : xpath) all.add("xpath " + x);
            by.add("selectors \"" + String.join("\", \"", all) + "\"");
        }
        by.add(yieldsItems ? "yielding an item" : "yielding an item or a request");
        by.add("static signals");
        return String.join(", ", by);
    }

    private static boolean matchesXpath(Response page, String xpath) {
        Boolean seen = page.matchedXpath(xpath);
        if (seen != null) return seen;
        try {
            return !page.xpathTexts(xpath).isEmpty();
        } catch (RuntimeException e) {
            return true; // an expression jsoup cannot evaluate judges nothing
        }
    }
}
