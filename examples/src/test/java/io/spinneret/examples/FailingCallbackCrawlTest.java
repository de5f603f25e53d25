package io.spinneret.examples;

import static io.spinneret.testing.SameElements.assertSameElements;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spinneret.embed.CrawlResult;
import io.spinneret.examples.replica.BooksCatalogue.Product;
import io.spinneret.examples.replica.BooksSite;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Failure isolation: a callback that throws on some pages costs those pages only. */
class FailingCallbackCrawlTest {
    @TempDir
    Path dir;

    @Test
    void callbacksThatThrowOnSomePagesLeaveTheRestOfTheCrawlIntact() throws Exception {
        BooksSite site = BooksSite.standard();
        ReplicaCrawl.Outcome o = ReplicaCrawl.run("flaky_books", site, "", dir, "concurrency=16");
        CrawlResult r = o.result();

        assertEquals(CrawlResult.Outcome.FINISHED, r.outcome());
        assertEquals(1050, r.requests(), r.stats().toString());
        assertEquals(1050, r.responses(), r.stats().toString());
        assertEquals(200, r.failures(), "ids ending in 3 or 7 throw: " + r.stats());
        assertEquals(800, r.items());
        assertEquals(1, r.exitCode(), "a crawl with failures exits 1");
        Set<String> expected = site.catalogue().products().stream()
                .filter(p -> p.id() % 10 != 3 && p.id() % 10 != 7)
                .map(Product::title)
                .collect(Collectors.toSet());
        assertSameElements(
                expected, o.items().stream().map(i -> i.get("title").asText()).toList(), "titles");
    }
}
