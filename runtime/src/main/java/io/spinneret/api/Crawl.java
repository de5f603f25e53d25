package io.spinneret.api;

import io.spinneret.links.Links;
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
}
