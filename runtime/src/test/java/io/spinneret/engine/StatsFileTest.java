package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spinneret.embed.CrawlResult;
import io.spinneret.spi.Stats;
import io.spinneret.testing.TestSite;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code stats_file}: the final stats of a real crawl as JSON. */
class StatsFileTest {
    @TempDir
    Path dir;

    @Test
    void theStatsFileHoldsTheCountersDomainsStatusesLatenciesAndStopReason() throws Exception {
        Path file = dir.resolve("stats/books.json");
        try (TestSite site = ObservedCrawls.site()) {
            Instant before = Instant.now();
            CrawlResult r = ObservedCrawls.books(site, dir, "stats_file=" + file)
                    .build()
                    .run();
            JsonNode json = new ObjectMapper().readTree(file.toFile());

            assertEquals("books", json.get("spider").asText());
            assertEquals("finished", json.get("stop_reason").asText());
            Instant started = Instant.parse(json.get("started").asText()),
                    ended = Instant.parse(json.get("ended").asText());
            assertTrue(!started.isBefore(before.minusSeconds(1)) && !ended.isBefore(started), started + " .. " + ended);
            Map<String, Long> counters = new TreeMap<>();
            json.get("counters")
                    .fields()
                    .forEachRemaining(e -> counters.put(e.getKey(), e.getValue().asLong()));
            assertEquals(r.stats(), counters);

            JsonNode local = json.get("domains").get("127.0.0.1");
            assertEquals(r.get(Stats.REQUESTS), local.get("requests").asLong());
            assertEquals(r.get(Stats.RESPONSES), local.get("responses").asLong());
            // one definition everywhere: the 404 and the 500 are responses the crawl ignored, not failures
            assertEquals(0, r.failures(), r.summaryLine());
            assertEquals(r.failures(), local.get("failures").asLong(), "as in the summary");
            assertEquals(r.failures(), counters.get(Stats.FAILURES));
            JsonNode statuses = json.get("status_codes");
            assertEquals(1, statuses.get("404").asLong());
            assertEquals(1, statuses.get("500").asLong());
            assertEquals(site.totalHits.get() - 2, statuses.get("200").asLong());

            JsonNode latency = json.get("latency_ms");
            assertEquals(r.get(Stats.RESPONSES), latency.get("count").asLong());
            double p50 = latency.get("p50").asDouble(),
                    p99 = latency.get("p99").asDouble(),
                    max = latency.get("max").asDouble();
            assertTrue(0 < p50 && p50 <= p99 && p99 <= max, p50 + " <= " + p99 + " <= " + max);
        }
    }
}
