package io.spinneret.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method of a {@link Spider} as a callback that parses a response.
 *
 * <p>The callback's name is {@link #callback()}, or the method's name when that is empty. A request
 * names its callback as a string, so requests stay plain data; the processor turns every callback
 * into a branch of a generated {@code switch}, so no reflection happens at run time.
 *
 * <p>Supported signatures (the processor generates the adapter; anything else is a compile error):
 * <ul>
 *   <li>parameters: {@code (Response)}, {@code (Response, Crawl)} or {@code (Crawl)}, in any order;</li>
 *   <li>return type: {@code void}; an {@link Item} record; a {@code Request}; or an
 *       {@code Iterable}, {@code List}, {@code Stream} or {@code Optional} of those (or of
 *       {@code Object}, checked at run time);</li>
 *   <li>the method may throw checked exceptions; it must not be private or static.</li>
 * </ul>
 *
 * <pre>{@code
 * @Parse(callback = "detail")
 * Book detail(Response page) {
 *     return new Book(page.url(), page.textOf("h1"), ...);
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Parse {
    /** The callback name requests use; defaults to the method name. Unique within the spider. */
    String callback() default "";

    /**
     * A CSS selector the pages of this callback must contain, for {@link Renderer#AUTO}: a page
     * fetched over HTTP without a match is rendered in the browser instead (not dropped). Checked
     * at compile time; empty (the default) lets {@code AUTO} judge the pages by the selector
     * literals the callback's body gives the response (or, when those cannot be read, learn per
     * URL pattern by sampling). Ignored for requests whose renderer is {@code HTTP} or
     * {@code BROWSER}.
     */
    String requires() default "";
}
