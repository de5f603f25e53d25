package io.spinneret.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class as a spider: a named crawl with start URLs and {@link Parse} callbacks.
 *
 * <pre>{@code
 * @Spider(name = "books", startUrls = "https://books.toscrape.com/",
 *         settings = {"concurrency=8", "download_delay=0.1"})
 * public class BooksSpider {
 *     @Parse
 *     void parse(Response page, Crawl crawl) {
 *         for (var a : page.css("article.product_pod h3 a")) crawl.follow(a.attr("href"), "detail", 1);
 *     }
 *     @Parse(callback = "detail")
 *     Book detail(Response page) { ... }
 * }
 * }</pre>
 *
 * <p>The annotation processor checks, each as a compile error on the offending element:
 * <ul>
 *   <li>the class is a public or package-visible top-level or static nested class, not abstract,
 *       with an accessible no-argument constructor;</li>
 *   <li>{@link #name()} is a non-empty identifier-like name, unique within the compilation;</li>
 *   <li>the spider has a callback named {@code "parse"} (start requests are dispatched to it);</li>
 *   <li>every entry of {@link #settings()} is {@code key=value} with a known {@link Setting} key
 *       and a value of the right type;</li>
 *   <li>every callback name used in the class, as a string literal in {@code follow(...)} or a
 *       request builder's {@code callback(...)}, names one of its {@link Parse} callbacks;</li>
 *   <li>its {@link Follow} link rules name callbacks it has, and their selectors, regexes and globs
 *       compile.</li>
 * </ul>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Spider {
    /** The spider's name, as given to {@code spinneret run <name>}. */
    String name();

    /** The URLs the crawl starts from; each is dispatched to the {@code "parse"} callback. */
    String[] startUrls() default {};

    /** The renderer of the start requests; followed links inherit their page's renderer. */
    Renderer renderer() default Renderer.HTTP;

    /**
     * The spider's own settings, as {@code "key=value"} strings, e.g. {@code "concurrency=8"}.
     * They override {@code [default]} in {@code settings.toml} and are overridden by
     * {@code [spider.<name>]} there and by the command line. Keys are the {@link Setting} keys.
     */
    String[] settings() default {};
}
