package io.spinneret.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.spinneret.embed.CrawlResult;
import io.spinneret.examples.replica.BooksApi;
import io.spinneret.examples.replica.BooksCatalogue.Product;
import io.spinneret.examples.replica.BooksSite;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The {@code books_api} spider against the books replica over real TCP: each detail page's
 * callback fetches the book's JSON inline and returns the merged item. At one request at a time,
 * and at one per host, the waiting callback still gets its fetch (it needs no slot of its own).
 */
class BooksApiSpiderCrawlTest {
    private static final BooksSite SITE = BooksSite.standard();

    @TempDir
    Path dir;

    @ParameterizedTest(name = "concurrency {0}, per domain {1}")
    @CsvSource({"1, 0", "8, 1", "16, 0"})
    void everyBookIsMergedWithItsJsonDocument(int concurrency, int perDomain) throws Exception {
        ReplicaCrawl.Outcome o = ReplicaCrawl.run(
                "books_api", SITE, "", dir, "concurrency=" + concurrency, "concurrency_per_domain=" + perDomain);
        CrawlResult r = o.result();

        assertEquals(CrawlResult.Outcome.FINISHED, r.outcome(), r.summaryLine());
        assertEquals(0, r.failures(), r.stats().toString());
        assertEquals(1000, r.items(), r.stats().toString());
        assertEquals(1000, r.get("inline_fetches"), r.stats().toString());
        assertEquals(0, r.get("inline_fetches/failed"), r.stats().toString());
        assertEquals(2050, r.requests(), "50 listing pages, 1000 detail pages and their 1000 documents: " + r.stats());
        assertEquals(2050, o.served(), "each page and document fetched once");

        Map<String, Product> byPath =
                SITE.catalogue().products().stream().collect(Collectors.toMap(Product::path, Function.identity()));
        assertEquals(1000, o.items().size());
        assertEquals(
                1000,
                o.items().stream().map(i -> i.get("upc").asText()).distinct().count());
        for (JsonNode item : o.items()) {
            Product p =
                    byPath.get(URI.create(item.get("url").asText()).getPath().substring(1));
            assertTrue(p != null, "not a detail page: " + item);
            // from the page
            assertEquals(p.title(), item.get("title").asText());
            assertEquals(p.price(), item.get("price").asDouble(), 1e-9);
            assertEquals(p.upc(), item.get("upc").asText());
            assertEquals(p.rating(), item.get("rating").asInt());
            assertEquals(
                    SITE.catalogue().category(p).name(), item.get("category").asText());
            // from its JSON document
            assertEquals(p.inStock(), item.get("stock").asInt(), item.toString());
            assertEquals(BooksApi.reviews(p).size(), item.get("reviews").asInt(), item.toString());
            assertEquals(BooksApi.meanStars(p), item.get("meanStars").asDouble(), 1e-9, item.toString());
        }
        assertTrue(o.items().stream().anyMatch(i -> i.get("reviews").asInt() > 0), "some books have reviews");
        assertTrue(o.items().stream().anyMatch(i -> i.get("reviews").asInt() == 0), "some have none");
    }
}
