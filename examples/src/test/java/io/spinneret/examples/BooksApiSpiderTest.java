package io.spinneret.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.FetchException;
import io.spinneret.test.Pages;
import io.spinneret.test.SpiderTester;
import io.spinneret.test.Yielded;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The books_api spider's detail callback on a saved page, its inline fetch of the book's JSON answered by the test. */
class BooksApiSpiderTest {
    static final Path PAGES = Path.of("src/test/resources/pages");
    static final String URL = "https://books.toscrape.com/catalogue/prophet-key_999/index.html";
    static final String API = "https://books.toscrape.com/api/books/29040fc5183464ab.json";
    final SpiderTester books = SpiderTester.of(BooksApiSpider.class);

    @Test
    void aDetailPageAndItsJsonBecomeOneMergedBook() {
        Yielded out = books.respond(
                        API,
                        Pages.json(
                                "{\"upc\":\"29040fc5183464ab\",\"stock\":15,\"reviews\":[{\"stars\":4,\"title\":\"a\"},"
                                        + "{\"stars\":5,\"title\":\"b\"}]}",
                                API))
                .run("detail", Pages.file(PAGES.resolve("books-detail.html"), URL))
                .assertNoError();
        assertEquals(
                new StockedBook(URL, "Prophet & Key", 54.32, "29040fc5183464ab", 1, "Academic", 15, 2, 4.5),
                out.item(StockedBook.class));
        assertEquals(API, out.fetched().get(0).url(), "the document is found from the page's UPC, at the site's root");
    }

    @Test
    void aMissingDocumentFailsTheCallbackSoNoIncompleteBookIsStored() {
        Yielded out = books.respond(API, Pages.status(404, API))
                .run("detail", Pages.file(PAGES.resolve("books-detail.html"), URL));
        assertEquals(0, out.items().size());
        assertTrue(
                out.error() instanceof FetchException f && f.kind() == FetchException.Kind.STATUS && f.status() == 404,
                String.valueOf(out.error()));
    }
}
