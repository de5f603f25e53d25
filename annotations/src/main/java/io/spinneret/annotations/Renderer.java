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
     * HTTP first, the browser only for pages that need it: a page whose callback states
     * {@link Parse#requires()} is rendered when its HTTP response lacks that element; without it, a
     * sample of the pages of each URL pattern is fetched both ways and the callback's results
     * compared, and the pattern keeps the renderer that sufficed (docs/browser.md).
     */
    AUTO
}
