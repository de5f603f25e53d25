package io.spinneret.api;

import io.spinneret.links.Links;
import io.spinneret.url.AbsoluteUrl;
import java.util.Optional;

/**
 * What a callback can do besides returning values: follow links, schedule requests and emit
 * items. Passed to a {@code @Parse}, {@code @Errback} or {@code @Start} method that declares a
 * {@code Crawl} parameter; bound to the response being parsed, so relative links resolve against
 * it (an errback's is the failed response, if one arrived; a {@code @Start} method has none).
 *
 * <pre>{@code
 * @Parse
 * void parse(Response page, Crawl crawl) {
 *     for (var a : page.css("article.product_pod h3 a")) crawl.follow(a.attr("href"), "detail", 1);
 *     page.cssFirst("li.next a").ifPresent(a -> crawl.follow(a.attr("href")));
 * }
 * }</pre>
 *
 * <p>String literals passed as callback names are checked by the annotation processor. Methods
 * are called from the callback's own thread only. Emitted requests and items are handed to the
 * engine when the callback returns.
 *
 * <p>{@link #fetch(Request)} fetches a page inline: the callback waits for it (on its own virtual
 * thread) and goes on with the response, e.g. to merge a product page with its API's JSON into one
 * item, where Scrapy needs a second callback and {@code meta} to carry the first page's data along.
 */
public interface Crawl {
    /**
     * The response being parsed; in an {@code @Errback}, the failed response (a 404 page, say).
     *
     * @throws SpinneretException in a {@code @Start} method, and in an errback of a request that got
     *     no response at all
     */
    Response response();

    /** Follows a link to the {@code parse} callback. @return false if the link was skipped (not http(s)) */
    default boolean follow(String href) {
        return follow(href, Request.DEFAULT_CALLBACK, 0);
    }

    /** Follows a link to {@code callback}. @return false if the link was skipped (not http(s)) */
    default boolean follow(String href, String callback) {
        return follow(href, callback, 0);
    }

    /**
     * Follows a link to {@code callback} with a priority (higher is dequeued first): resolved
     * against the page, inheriting its renderer. @return false if the link was skipped
     */
    default boolean follow(String href, String callback, int priority) {
        Optional<Request> r = response().follow(href, callback, priority);
        r.ifPresent(this::request);
        return r.isPresent();
    }

    /** Follows every link of {@code links} ({@code page.links()...}) to the {@code parse} callback. @return how many were followed */
    default int follow(Links links) {
        return follow(links, Request.DEFAULT_CALLBACK, 0);
    }

    /** Follows every link of {@code links} to {@code callback}. @return how many were followed */
    default int follow(Links links, String callback) {
        return follow(links, callback, 0);
    }

    /**
     * Follows every link of {@code links} ({@code page.links().css("nav").allowGlob("/docs/**")},
     * say) to {@code callback} with a priority. @return how many were followed
     */
    default int follow(Links links, String callback, int priority) {
        int n = 0;
        for (String url : links.urls()) {
            if (follow(url, callback, priority)) n++;
        }
        return n;
    }

    /** Schedules a request (subject to duplicate filtering unless it sets dont-filter). */
    void request(Request request);

    /** Emits an item: an instance of an {@code @Item} record. */
    void emit(Object item);

    /**
     * Fetches {@code request} now and returns its response: the callback's thread waits meanwhile.
     * The request goes through the crawl's whole chain, as a scheduled one would: the HTTP cache,
     * retry, robots.txt, user agent, cookies, proxies, the per-domain throttle, the network
     * boundary, the browser when the request's renderer asks for it; its redirects are followed,
     * its retries tried, here and now. It is counted in the {@code requests} and {@code responses}
     * stats like any download, and in {@code inline_fetches}. It uses the concurrency slot of the
     * request being parsed, so it never waits for a slot (no deadlock at {@code concurrency = 1}).
     *
     * <p>Not scheduled: no duplicate filter, {@code depth_limit} or priority applies, its callback
     * and errback are not called, and nothing of it is in the frontier. A crash or a stop while the
     * callback waits leaves the request being parsed unacknowledged, so {@code --resume} runs its
     * callback again, inline fetches included. {@code allowed_domains} does apply (as to any
     * request found by a callback), unless the request sets dont-filter.
     *
     * @return the response, always a 2xx one (a 3xx is followed, up to {@code max_redirects})
     * @throws FetchException when no 2xx response came: a 404 or another status (the response is in
     *     the exception, as an errback would get it), robots.txt or a middleware dropped it, the
     *     download failed or timed out after its retries, or the crawl is stopping
     */
    default Response fetch(Request request) {
        throw new SpinneretException(
                "this Crawl cannot fetch pages inline (" + getClass().getName() + ")");
    }

    /**
     * Fetches a GET of {@code url} inline, over HTTP: see {@link #fetch(Request)}. The URL is
     * resolved against the page being parsed as a browser resolves a link ({@code http:example.com/}
     * is a path on the page's host); without a page (a {@code @Start} method, an errback without a
     * response) it must be an absolute http(s) URL.
     *
     * @throws FetchException when no 2xx response came
     * @throws SpinneretException if {@code url} is no http(s) URL (or relative, with no page to resolve it against)
     */
    default Response fetch(String url) {
        return fetch(Request.of(inlineTarget(url)));
    }

    /** Where {@link #fetch(String)} goes: {@code url} resolved against the page, or parsed alone without one. */
    private String inlineTarget(String url) {
        Response page;
        try {
            page = response();
        } catch (SpinneretException noPage) {
            try {
                return AbsoluteUrl.href(url);
            } catch (IllegalArgumentException e) {
                throw new SpinneretException("cannot fetch " + e.getMessage(), e);
            }
        }
        return page.urlJoin(url)
                .orElseThrow(() -> new SpinneretException("cannot fetch '" + url + "': not an http(s) URL"));
    }
}
