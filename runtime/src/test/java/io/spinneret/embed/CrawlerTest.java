package io.spinneret.embed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CrawlerTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(ints = {1, 64})
    void crawlsEveryPageExactlyOnceAtAnyConcurrency(int concurrency) throws Exception {
        try (TestSite site = TestSite.books(15)) {
            Path out = dir.resolve("books.jsonl");
            CrawlResult r = Crawler.builder(new BooksFixture(site.root()))
                    .settings(TestSettings.fast(out, "concurrency=" + concurrency))
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build()
                    .run();

            assertEquals(315, r.requests(), r.stats().toString());
            assertEquals(315, r.responses());
            assertEquals(0, r.failures());
            assertEquals(300, r.items());
            assertEquals(CrawlResult.Outcome.FINISHED, r.outcome());
            assertEquals(0, r.exitCode());
            assertEquals(315, site.totalHits.get(), "no page is downloaded twice");
            List<String> lines = Files.readAllLines(out);
            assertEquals(300, lines.size());
            Set<String> upcs = new HashSet<>();
            ObjectMapper json = new ObjectMapper();
            for (String line : lines) {
                JsonNode n = json.readTree(line);
                upcs.add(n.get("upc").asText());
                assertTrue(n.get("title").asText().startsWith("Book "));
            }
            assertEquals(300, upcs.size());
            assertTrue(
                    r.summaryLine()
                            .matches("315 requests \\| 315 responses \\| 0 failures \\| 300 items \\| \\d+\\.\\ds"),
                    r.summaryLine());
        }
    }
}
