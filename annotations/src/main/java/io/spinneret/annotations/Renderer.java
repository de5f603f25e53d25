package io.spinneret.annotations;

/**
 * How a request is fetched: by plain HTTP or by rendering the page in a headless browser.
 *
 * <p>{@code @Spider(renderer = ...)} sets the default for a spider's start requests; a followed
 * link inherits the renderer of the page it was found on; a single request can override it.
 */
public enum Renderer {
    /** Fetch with the HTTP client: fast, no JavaScript. The default. */
    HTTP,
    /** Render in a shared headless Chromium: slower, runs the page's JavaScript. */
    BROWSER,
    /**
     * HTTP first, the browser only for pages that need it: each HTTP page is judged by what its
     * callback looks for, its {@link Parse#requires()} or else the selector literals the processor
     * reads in its body, by its outcome (no item, or nothing at all) and by static signals of a
     * script-built page; only a page that fails is rendered, and the browser is not started until
     * one does. A callback whose selectors cannot be read is sampled instead: a few pages of each
     * URL pattern are fetched both ways and the callback's results compared (docs/browser.md).
     */
    AUTO
}
