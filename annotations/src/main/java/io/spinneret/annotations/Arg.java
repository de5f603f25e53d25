package io.spinneret.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a spider argument: a field of the {@link Spider} class set, before the crawl starts,
 * from {@code -a name=value} on the command line or {@code [spider.<name>.args]} in
 * {@code settings.toml} (Scrapy's {@code -a}).
 *
 * <pre>{@code
 * @Spider(name = "books", startUrls = "https://books.toscrape.com/")
 * public class BooksSpider {
 *     @Arg(defaultValue = "", help = "only this category, e.g. travel_2")
 *     String category;
 *     @Arg(defaultValue = "0", help = "listing pages to follow (0 = all)")
 *     int maxPages;
 *     ...
 * }
 * }</pre>
 *
 * <p>The processor generates the parsing (no reflection). An argument without a
 * {@link #defaultValue} is required. At run time an undeclared argument, a missing required one
 * and a value that does not parse are usage errors that list the spider's arguments. The processor
 * checks at compile time:
 * <ul>
 *   <li>the field's type is one of {@link ArgType}'s: {@code String}, {@code int}, {@code long},
 *       {@code double}, {@code boolean} (or their boxes), an enum, or {@code List<String>};</li>
 *   <li>the field is an instance field that is neither private nor final;</li>
 *   <li>the name is valid and used by one argument of the spider only;</li>
 *   <li>the {@link #defaultValue} parses as the field's type.</li>
 * </ul>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.FIELD)
public @interface Arg {
    /** The argument's name, as in {@code -a name=value}; the field's name by default. */
    String name() default "";

    /** The value when the argument is not given, written as on the command line; absent means required. */
    String defaultValue() default "";

    /** One line for {@code spinneret list} and for usage errors. */
    String help() default "";
}
