package io.spinneret.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The item processors of a {@link Spider}, in the order they run: each item the spider emits goes
 * through the processors of its type, then its constraints are checked, then it is stored.
 *
 * <pre>{@code
 * @Spider(name = "books", startUrls = "https://books.toscrape.com/")
 * @ItemProcessors({TrimTitle.class, DropFree.class})
 * public class BooksSpider { ... }
 * }</pre>
 *
 * <p>The annotation processor checks, as a compile error on the class literal: each class
 * implements {@code io.spinneret.items.ItemProcessor<X>} for an {@link Item} record {@code X}, is
 * not abstract, and has a no-argument constructor the spider's package can call; a class named
 * twice. As a warning: the spider never emits {@code X} (no callback returns it and no method body
 * calls {@code emit}).
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface ItemProcessors {
    /** Classes implementing {@code ItemProcessor<X>}, in the order they run. */
    Class<?>[] value();
}
