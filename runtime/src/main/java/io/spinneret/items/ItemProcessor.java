package io.spinneret.items;

/**
 * One link of a spider's item chain (Scrapy's item pipeline): cleans, enriches, replaces or drops
 * each item of one {@code @Item} type before it is validated and stored.
 *
 * <pre>{@code
 * final class CleanTitle implements ItemProcessor<Book> {
 *     public Book process(Book book) {
 *         if (book.price() <= 0) throw new DropItem("free");            // counted as items_dropped/free
 *         return new Book(book.url(), book.title().strip(), book.price(), book.upc(), book.category());
 *     }
 * }
 *
 * @Spider(name = "books", startUrls = "https://books.toscrape.com/")
 * @Processors({CleanTitle.class, CategoryFromUrl.class})   // in this order, per item type
 * public class BooksSpider { ... }
 * }</pre>
 *
 * <p>The annotation processor wires the chain at compile time (no reflection): each class named in
 * {@code @Processors} must implement {@code ItemProcessor<X>} for an {@code @Item} record {@code X}
 * and have an accessible no-argument constructor; it is an error otherwise, and a warning when the
 * spider never emits {@code X}. One instance per processor class is made for each crawl, and its
 * {@link #process} is called from many crawling threads at once: keep it thread-safe.
 *
 * @param <T> the item type this processor handles
 */
@FunctionalInterface
public interface ItemProcessor<T> {
    /**
     * Returns the item to pass on: {@code item} itself, a changed copy, or another item of the same
     * type. Throw {@link DropItem} to drop it; any other exception drops it too, counted as the
     * processor's failure.
     */
    T process(T item);
}
