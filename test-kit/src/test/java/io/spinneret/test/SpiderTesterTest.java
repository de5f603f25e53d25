package io.spinneret.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Response;
import io.spinneret.test.site.RulesShelfSpider;
import io.spinneret.test.site.ShelfSpider;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/** Callbacks on saved pages: what they yield, and how the assertions fail. */
class SpiderTesterTest {
    static final Path SITE = Path.of("src/test/resources/site");
    final SpiderTester shelf = SpiderTester.of(ShelfSpider.class);

    @Test
    void parseYieldsAbsoluteRequestsToTheBookCallback() {
        Yielded out = shelf.parse(Pages.file(SITE.resolve("index.html"), "https://shop.example/"));
        out.assertNoError()
                .assertItemCount(0)
                .assertRequestCount("book", 3)
                .assertRequest("https://shop.example/shelf/dune.html", "book");
        assertEquals(
                List.of(
                        "https://shop.example/shelf/dune.html",
                        "https://shop.example/shelf/emma.html",
                        "https://shop.example/shelf/missing.html"),
                out.urls("book"));
        assertEquals(1, out.requests().get(0).priority());
    }

    @Test
    void theRequestsOfFollowRulesAreYieldedAsInACrawl() {
        Yielded out = SpiderTester.of(RulesShelfSpider.class)
                .parse(Pages.file(SITE.resolve("index.html"), "https://shop.example/"));
        out.assertNoError().assertRequestCount("book", 3).assertRequest("https://shop.example/shelf/emma.html", "book");
        assertEquals(1, out.requests().get(0).priority());
    }

    @Test
    void aDetailCallbackYieldsItsItem() {
        Yielded out =
                shelf.run("book", Pages.file(SITE.resolve("shelf/emma.html"), "https://shop.example/shelf/emma.html"));
        assertEquals(
                new ShelfSpider.Book("https://shop.example/shelf/emma.html", "Emma", 4.25),
                out.item(ShelfSpider.Book.class));
        assertEquals(
                List.of("{\"url\":\"https://shop.example/shelf/emma.html\",\"title\":\"Emma\",\"price\":4.25}"),
                out.itemsAsJson());
    }

    @Test
    void aThrowingCallbackFailsAssertNoErrorWithTheCallbacksLine() {
        Response noPrice = Pages.html("<h1>Odd</h1>", "https://shop.example/odd");
        Yielded out = shelf.run("book", noPrice);
        AssertionFailedError e = assertThrows(AssertionFailedError.class, out::assertNoError);
        assertTrue(
                e.getMessage().contains("the callback threw java.lang.StringIndexOutOfBoundsException"),
                e.getMessage());
        assertTrue(
                e.getMessage().contains("at io.spinneret.test.site.ShelfSpider.book(ShelfSpider.java:"),
                e.getMessage());
        assertTrue(e.getCause() instanceof StringIndexOutOfBoundsException);
    }

    @Test
    void failedAssertionsShowWhatWasYielded() {
        Yielded out = shelf.parse(Pages.file(SITE.resolve("index.html"), "https://shop.example/"));
        AssertionError e = assertThrows(
                AssertionError.class, () -> out.assertRequest("https://shop.example/shelf/zola.html", "book"));
        assertTrue(
                e.getMessage()
                        .startsWith(
                                "no request for https://shop.example/shelf/zola.html to 'book'; 0 items; 3 requests: "
                                        + "https://shop.example/shelf/dune.html -> book"),
                e.getMessage());
    }

    @Test
    void anUnknownCallbackOrClassNamesTheValidOnes() {
        AssertionError e =
                assertThrows(AssertionError.class, () -> shelf.run("boook", Pages.html("", "https://shop.example/")));
        assertEquals("spider 'shelf' has no callback 'boook'; its callbacks: book, parse", e.getMessage());
        AssertionError notSpider = assertThrows(AssertionError.class, () -> SpiderTester.of(String.class));
        assertTrue(notSpider.getMessage().startsWith("java.lang.String is not a @Spider"), notSpider.getMessage());
    }
}
