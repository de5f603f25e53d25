package io.spinneret.examples;

import io.spinneret.annotations.ItemProcessors;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;

/**
 * The {@link BooksSpider} crawl with item processors and validation on: each book goes through
 * {@link NormalizeTitle} and {@link DropOutOfStock}, then the constraints of {@link CheckedBook}.
 * The pages and fields are the books spider's; this spider exists to show, and measure, what the
 * item chain adds ({@code docs/items.md}).
 */
@Spider(
        name = "books_checked",
        startUrls = "https://books.toscrape.com/",
        settings = {"concurrency=8", "download_delay=0.1"})
@ItemProcessors({NormalizeTitle.class, DropOutOfStock.class})
public class CheckedBooksSpider {
    private final BooksSpider books = new BooksSpider();

    @Parse
    void parse(Response page, Crawl crawl) {
        books.parse(page, crawl);
    }

    @Parse(callback = "detail")
    CheckedBook detail(Response page) {
        return CheckedBook.of(books.detail(page));
    }
}
