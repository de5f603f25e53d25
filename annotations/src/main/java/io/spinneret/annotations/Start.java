package io.spinneret.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the method of a {@link Spider} that makes its start requests, Scrapy's
 * {@code start_requests}: for start requests that need more than a URL (a POST body, headers, meta,
 * another callback, an errback), or whose URLs come from elsewhere. Without one, each start URL is
 * a GET to the {@code "parse"} callback. At most one per spider; it runs once, on the spider
 * instance whose callbacks then handle the crawl.
 *
 * <p>Supported signatures (anything else is a compile error):
 * <ul>
 *   <li>parameters: none, {@code List<String>} (the start URLs: the {@code start_urls} setting
 *       if set, else {@link Spider#startUrls()}), {@code Crawl} (to schedule with
 *       {@code crawl.request(...)}), or both, in any order;</li>
 *   <li>return type: {@code void}, a {@code Request}, or an {@code Iterable}, {@code List},
 *       {@code Stream}, {@code Optional} or array of requests.</li>
 * </ul>
 * Callback and errback names in its body are checked like those of any other method.
 *
 * <pre>{@code
 * @Start
 * List<Request> start(List<String> startUrls) {
 *     return startUrls.stream()
 *             .map(url -> Request.builder(url).method("POST").body("q=books").errback("failed").build())
 *             .toList();
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Start {}
