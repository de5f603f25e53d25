package io.spinneret.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's quick start, run exactly as a user runs it: {@code java -jar
 * examples/target/spinneret-examples.jar run books} in a fresh directory, offline.
 */
class QuickStartIT {
    @TempDir
    Path dir;

    private final Path examplesJar = Processes.artifact("spinneret.examples.jar");

    @Test
    void runBooksCrawlsTheBundledReplicaIntoBooksJsonl() throws Exception {
        Processes.Result r = Processes.java(dir, 120, "-jar", examplesJar.toString(), "run", "books");

        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.stdout().contains("1050 requests | 1050 responses | 0 failures | 1000 items"), r.toString());
        List<JsonNode> items = ReplicaCrawl.readJsonl(dir.resolve("books.jsonl"));
        assertEquals(1000, items.size());
        assertEquals(
                1000, items.stream().map(i -> i.get("upc").asText()).distinct().count());
        assertTrue(items.get(0).get("url").asText().startsWith("http://127.0.0.1:"), "crawled the local replica");
    }

    @Test
    void aSecondRunReplacesTheDefaultOutputInsteadOfAddingToIt() throws Exception {
        for (int run = 0; run < 2; run++) {
            Processes.Result r = Processes.java(dir, 120, "-jar", examplesJar.toString(), "run", "books", "-n", "20");
            assertEquals(0, r.exitCode(), r.toString());
        }
        List<JsonNode> items = ReplicaCrawl.readJsonl(dir.resolve("books.jsonl"));
        assertEquals(20, items.size(), "books.jsonl holds the last run's items");
    }

    @Test
    void maxItemsTwentyStopsAfterTwentyItemsAndExitsZero() throws Exception {
        Path out = dir.resolve("out").resolve("first.jsonl");
        Files.createDirectories(out.getParent());
        Processes.Result r = Processes.java(
                dir, 120, "-jar", examplesJar.toString(), "run", "books", "-n", "20", "-o", out.toString());

        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.stdout().contains("| 20 items |"), r.toString());
        List<JsonNode> items = ReplicaCrawl.readJsonl(out);
        assertEquals(20, items.size());
        assertEquals(
                20, items.stream().map(i -> i.get("url").asText()).distinct().count());
        assertTrue(
                items.stream()
                        .allMatch(i ->
                                i.get("price").isDouble() && i.get("rating").isInt()),
                items.toString());
    }

    @Test
    void runQuotesCrawlsTheQuotesReplica() throws Exception {
        Processes.Result r =
                Processes.java(dir, 120, "-jar", examplesJar.toString(), "run", "quotes", "-o", "quotes.csv");

        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.stdout().contains("| 100 items |"), r.toString());
        List<String> lines = Files.readAllLines(dir.resolve("quotes.csv"));
        assertEquals("text,author,tags", lines.get(0));
    }

    @Test
    void listShowsTheExampleSpidersAndUnknownSpidersAreAUsageError() throws Exception {
        Processes.Result list = Processes.java(dir, 60, "-jar", examplesJar.toString(), "list");
        assertEquals(0, list.exitCode(), list.toString());
        assertTrue(list.stdout().contains("books") && list.stdout().contains("quotes"), list.toString());

        Processes.Result unknown = Processes.java(dir, 60, "-jar", examplesJar.toString(), "run", "bookz");
        assertEquals(2, unknown.exitCode(), unknown.toString());
        assertTrue(unknown.stderr().contains("books"), "names the available spiders: " + unknown);
    }
}
