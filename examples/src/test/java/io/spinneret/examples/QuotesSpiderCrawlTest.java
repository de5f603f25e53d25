package io.spinneret.examples;

import static io.spinneret.testing.SameElements.assertSameElements;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.spinneret.embed.CrawlResult;
import io.spinneret.examples.replica.QuotesCatalogue;
import io.spinneret.examples.replica.QuotesSite;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QuotesSpiderCrawlTest {
    @TempDir
    Path dir;

    @Test
    void crawlsTenPagesIntoTheHundredQuotesWithAuthorsAndTags() throws Exception {
        QuotesSite site = QuotesSite.standard();
        ReplicaCrawl.Outcome o = ReplicaCrawl.run("quotes", site, "", dir, "concurrency=4");
        CrawlResult r = o.result();

        assertEquals(10, r.requests(), r.stats().toString());
        assertEquals(0, r.failures());
        assertEquals(100, r.items());
        assertEquals(100, o.items().size());
        Set<String> expected = site.catalogue().quotes().stream()
                .map(QuotesCatalogue.Quote::text)
                .collect(Collectors.toSet());
        assertSameElements(
                expected, o.items().stream().map(i -> i.get("text").asText()).toList(), "quotes");
        for (JsonNode item : o.items()) {
            QuotesCatalogue.Quote q = site.catalogue().quotes().stream()
                    .filter(x -> x.text().equals(item.get("text").asText()))
                    .findFirst()
                    .orElseThrow();
            assertEquals(q.author().name(), item.get("author").asText());
            List<String> tags = new ArrayList<>();
            item.get("tags").forEach(t -> tags.add(t.asText()));
            assertEquals(q.tags(), tags);
        }
        assertTrue(o.items().stream().anyMatch(i -> i.get("tags").size() > 1));
    }
}
