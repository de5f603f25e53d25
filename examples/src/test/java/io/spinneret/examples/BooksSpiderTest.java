package io.spinneret.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spinneret.test.Pages;
import io.spinneret.test.SpiderTester;
import io.spinneret.test.Yielded;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The books spider's callbacks on pages of the replica saved with
 * {@code spinneret fetch URL --save src/test/resources/pages/...}: no network, no engine.
 */
class BooksSpiderTest {
    static final Path PAGES = Path.of("src/test/resources/pages");
    final SpiderTester books = SpiderTester.of(BooksSpider.class);

    @Test
    void aListingPageFollowsItsTwentyBooksFirstThenTheNextPage() {
        String url = "https://books.toscrape.com/catalogue/page-2.html";
        Yielded out = books.parse(Pages.file(PAGES.resolve("books-listing.html"), url))
                .assertNoError()
                .assertItemCount(0);
        out.assertRequestCount("detail", 20).assertRequest("https://books.toscrape.com/catalogue/page-3.html", "parse");
        out.assertRequest("https://books.toscrape.com/catalogue/the-blue-spring-of-tbilisi_980/index.html", "detail");
        assertEquals(1, out.requests("detail").get(0).priority(), "detail pages go first, so the queue stays short");
        assertEquals(20, out.requests().indexOf(out.requests("parse").get(0)), "the next page comes after the books");
    }

    @Test
    void aDetailPageBecomesOneBook() {
        String url = "https://books.toscrape.com/catalogue/prophet-key_999/index.html";
        Book book = books.run("detail", Pages.file(PAGES.resolve("books-detail.html"), url))
                .assertNoError()
                .assertItemCount(1)
                .item(Book.class);
        assertEquals(
                new Book(url, "Prophet & Key", 54.32, "29040fc5183464ab", "In stock (15 available)", 1, "Academic"),
                book);
    }
}
