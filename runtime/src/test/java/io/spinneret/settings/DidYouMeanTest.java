package io.spinneret.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.spinneret.annotations.Setting;
import java.util.List;
import org.junit.jupiter.api.Test;

class DidYouMeanTest {
    private static final List<String> SPIDERS = List.of("books", "books_api", "quotes", "Product");

    @Test
    void aTypoGetsTheClosestNameInAnyCase() {
        assertEquals("books", DidYouMean.closest("bookz", SPIDERS));
        assertEquals("books_api", DidYouMean.closest("booksapi", SPIDERS));
        assertEquals("quotes", DidYouMean.closest("QUOTES", SPIDERS), "case ignored");
        assertEquals("Product", DidYouMean.closest("prodct", SPIDERS), "the name as it is spelt");
        assertEquals("concurrency", DidYouMean.closest("concurency", Setting.keys()));
    }

    @Test
    void aNameFarFromEveryOneGetsNone() {
        assertNull(DidYouMean.closest("nope", SPIDERS));
        assertNull(DidYouMean.closest("x", List.of()));
        assertNull(DidYouMean.closest("download", Setting.keys()), "a third of its letters or more are off");
    }

    @Test
    void theDistanceCountsInsertionsDeletionsAndSubstitutions() {
        assertEquals(0, DidYouMean.distance("books", "books"));
        assertEquals(1, DidYouMean.distance("book", "books"));
        assertEquals(1, DidYouMean.distance("boks", "bogs"));
        assertEquals(3, DidYouMean.distance("", "abc"));
        assertEquals(2, DidYouMean.distance("ab", "ba"));
    }
}
