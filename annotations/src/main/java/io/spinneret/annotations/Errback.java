package io.spinneret.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method of a {@link Spider} as an errback: it handles the requests that name it with
 * {@code Request.Builder.errback("name")} when they fail. A request fails when it cannot be fetched
 * (after its retries), when its redirects cannot be followed, or when its response has a status
 * outside 2xx (a 404, say), which no {@link Parse} callback sees. Requests dropped on purpose
 * (duplicates, robots.txt, {@code allowed_domains}, {@code depth_limit}) do not fail.
 *
 * <p>The errback's name is {@link #name()}, or the method's name when that is empty. Callbacks and
 * errbacks share one set of names: a name is unique within the spider, and each has a constant in
 * the generated {@code <Spider>_Callbacks} class.
 *
 * <p>Supported signatures (anything else is a compile error):
 * <ul>
 *   <li>parameters: {@code (Failure)} or {@code (Failure, Crawl)}, in any order;</li>
 *   <li>return type: as for {@link Parse}: {@code void}, an {@link Item} record, a {@code Request},
 *       or an {@code Iterable}, {@code List}, {@code Stream}, {@code Optional} or array of those.</li>
 * </ul>
 * What it returns or emits is stored and scheduled as a callback's would be; the failure still
 * counts in the crawl's summary. An errback that throws is logged and counted as a failure.
 *
 * <pre>{@code
 * @Errback
 * Unavailable gone(Failure failure) {
 *     return new Unavailable(failure.request().url(), failure.status(), failure.reason());
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Errback {
    /** The name requests use in {@code errback(...)}; defaults to the method name. */
    String name() default "";
}
