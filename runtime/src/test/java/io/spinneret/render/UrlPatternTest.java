package io.spinneret.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class UrlPatternTest {
    @Test
    void theFirstSegmentIsKeptAndLaterOnesGeneralisedKeepingTheirExtension() {
        assertEquals("127.0.0.1:8080/", UrlPattern.of("http://127.0.0.1:8080/"));
        assertEquals("127.0.0.1:8080/", UrlPattern.of("http://127.0.0.1:8080"));
        assertEquals(
                "books.toscrape.com/catalogue/*.html",
                UrlPattern.of("https://books.toscrape.com/catalogue/page-2.html"));
        assertEquals(
                "books.toscrape.com/catalogue/*/*.html",
                UrlPattern.of("https://books.toscrape.com/catalogue/a-light-in-the-attic_1000/index.html"));
        assertEquals("quotes.toscrape.com/js/", UrlPattern.of("https://quotes.toscrape.com/js/"));
        assertEquals("quotes.toscrape.com/js/*/*/", UrlPattern.of("https://quotes.toscrape.com/js/page/2/"));
        assertEquals(
                "quotes.toscrape.com/author/*/", UrlPattern.of("https://quotes.toscrape.com/author/Albert-Einstein/"));
    }

    @Test
    void pagesOfOneKindShareAPatternAndOtherKindsDoNot() {
        assertEquals(UrlPattern.of("https://q.com/page/2/"), UrlPattern.of("https://q.com/page/10/"));
        assertEquals(
                UrlPattern.of("https://b.com/catalogue/x_1/index.html"),
                UrlPattern.of("https://b.com/catalogue/y_22/index.html"));
        assertEquals("q.com/*", UrlPattern.of("https://Q.com/2024"), "a first segment with a digit is generalised too");
        assertEquals("q.com/page/*/", UrlPattern.of("https://q.com/page/2/"));
        assertEquals(
                "q.com/js/*/*/",
                UrlPattern.of("https://q.com/js/page/2/"),
                "the /js/ pages are a pattern of their own");
        assertEquals("other.com/page/*/", UrlPattern.of("https://other.com/page/2/"), "the host is part of it");
    }

    @Test
    void theQueryKeepsItsSortedParameterNames() {
        assertEquals("shop.com/item?id=*&ref=*", UrlPattern.of("https://shop.com/item?ref=x&id=5"));
        assertEquals("shop.com/item?id=*", UrlPattern.of("https://shop.com/item?id=5&id=6"));
        assertEquals("shop.com/item/*.php", UrlPattern.of("https://shop.com/item/view.PHP"));
    }

    @Test
    void aUrlThatDoesNotParseIsItsOwnPattern() {
        assertEquals("http://bad host/", UrlPattern.of("http://bad host/"));
    }
}
