package io.spinneret.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.spinneret.api.SpiderArgumentException;
import io.spinneret.embed.CrawlResult;
import io.spinneret.examples.replica.BooksCatalogue.Product;
import io.spinneret.examples.replica.BooksSite;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The {@code books} spider against the books replica over real TCP: the end-to-end contract of issue 3. */
class BooksSpiderCrawlTest {
    private static final BooksSite SITE = BooksSite.standard();

    @TempDir
    Path dir;

    @ParameterizedTest(name = "concurrency {0}")
    @ValueSource(ints = {1, 64})
    void crawlsExactly1050PagesInto1000DistinctBooksAcross50Categories(int concurrency) throws Exception {
        ReplicaCrawl.Outcome o = ReplicaCrawl.run("books", SITE, "", dir, "concurrency=" + concurrency);
        CrawlResult r = o.result();

        assertEquals(CrawlResult.Outcome.FINISHED, r.outcome(), r.summaryLine());
        assertEquals(1050, r.requests(), r.stats().toString());
        assertEquals(1050, r.responses(), r.stats().toString());
        assertEquals(0, r.failures(), r.stats().toString());
        assertEquals(1000, r.items(), r.stats().toString());
        assertEquals(0, r.exitCode());
        assertEquals(1050, o.served(), "the replica answered each page once, and nothing else (no robots.txt)");

        assertEquals(1000, o.items().size());
        assertEquals(
                1000,
                o.items().stream().map(i -> i.get("url").asText()).distinct().count());
        assertEquals(
                1000,
                o.items().stream().map(i -> i.get("upc").asText()).distinct().count());
        assertEquals(
                50,
                o.items().stream()
                        .map(i -> i.get("category").asText())
                        .distinct()
                        .count());

        // every field, against the replica's own data
        Map<String, Product> byPath =
                SITE.catalogue().products().stream().collect(Collectors.toMap(Product::path, Function.identity()));
        for (JsonNode item : o.items()) {
            String path = URI.create(item.get("url").asText()).getPath().substring(1);
            Product p = byPath.get(path);
            assertTrue(p != null, "not a detail page: " + item);
            assertEquals(p.title(), item.get("title").asText());
            assertEquals(p.price(), item.get("price").asDouble(), 1e-9);
            assertEquals(p.upc(), item.get("upc").asText());
            assertEquals(p.availability(), item.get("availability").asText());
            assertEquals(p.rating(), item.get("rating").asInt());
            assertEquals(
                    SITE.catalogue().category(p).name(), item.get("category").asText());
        }
        assertEquals(Set.copyOf(byPath.keySet()).size(), o.items().size());
    }

    @Test
    void theMaxPagesArgumentStopsAfterThatManyListingPages() throws Exception {
        CrawlResult r = ReplicaCrawl.run("books", SITE, "", dir, Map.of("max_pages", "2"))
                .result();
        assertEquals(CrawlResult.Outcome.FINISHED, r.outcome(), r.summaryLine());
        assertEquals(2 + 2 * 20, r.requests(), "two listing pages of 20 books: " + r.summaryLine());
        assertEquals(40, r.items());
    }

    @Test
    void aBadlyTypedArgumentIsRefusedBeforeAnythingIsFetched(@TempDir Path other) {
        var e = assertThrows(
                SpiderArgumentException.class,
                () -> ReplicaCrawl.run("books", SITE, "", other, Map.of("max_pages", "all")));
        assertEquals(
                "spider 'books': argument 'max_pages' expects an integer, got \"all\". Its arguments: max_pages (int, default \"0\"):"
                        + " listing pages to crawl (0 = all).",
                e.getMessage());
    }
}
