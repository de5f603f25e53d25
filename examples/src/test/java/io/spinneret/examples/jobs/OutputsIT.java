package io.spinneret.examples.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spinneret.examples.replica.BooksSite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The outputs of {@code run}, as a user runs them against the 1000-book replica: {@code -o -}
 * piped into a JSON parser, a {@code .json} array after a real SIGINT, a file and a database at
 * once, and an unknown item type in {@code -o TYPE=...}.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class OutputsIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static List<String> args(CountingReplica site, String... more) {
        List<String> a = new ArrayList<>(List.of(
                "books",
                "-c",
                "8",
                "-s",
                "start_urls=" + site.url(),
                "-s",
                "download_delay=0",
                "-s",
                "respect_robots=false",
                "-s",
                "progress_interval=0"));
        a.addAll(List.of(more));
        return a;
    }

    @Test
    void dashWritesJsonLinesToStandardOutputAndEverythingElseToStandardError() throws Exception {
        try (CountingReplica site = new CountingReplica(BooksSite.standard(), 0)) {
            CrawlProcess p =
                    CrawlProcess.start(dir, "stdout", args(site, "-o", "-").toArray(String[]::new));
            assertEquals(0, p.waitFor(180), p.toString());
            Set<String> upcs = new HashSet<>();
            try (MappingIterator<JsonNode> it = JSON.readerFor(JsonNode.class).readValues(p.stdout())) {
                while (it.hasNext()) {
                    JsonNode book = it.next();
                    assertTrue(book.get("title").asText().length() > 0, book.toString());
                    upcs.add(book.get("upc").asText());
                }
            }
            assertEquals(1000, upcs.size(), "every book once, and nothing but books on standard output");
            assertTrue(p.stderr().contains("1050 requests | 1050 responses | 0 failures | 1000 items"), p.stderr());
        }
    }

    @Test
    void aJsonArrayFileParsesAfterSigint() throws Exception {
        try (CountingReplica site = new CountingReplica(BooksSite.standard(), 0)) {
            site.holdAfter(300); // the crawl cannot finish before the signal
            Path out = dir.resolve("books.json");
            CrawlProcess p = CrawlProcess.start(
                    dir,
                    "json",
                    args(site, "-o", out.toString(), "-s", "batch_size=50").toArray(String[]::new));
            p.awaitWhileRunning(() -> site.total() >= 300, 120);
            p.interrupt();
            site.release();
            assertEquals(130, p.waitFor(120), p.toString());
            JsonNode books = JSON.readTree(out.toFile());
            assertTrue(books.isArray(), "one JSON array");
            long[] summary = p.summary();
            assertNotNull(summary, p.toString());
            assertTrue(books.size() > 0 && books.size() < 1000, "stopped part-way: " + books.size());
            assertEquals(summary[3], books.size(), "every item the summary counts is in the array");
        }
    }

    @Test
    void aFileAndADatabaseAtOnceEachGetEveryItem() throws Exception {
        try (CountingReplica site = new CountingReplica(BooksSite.standard(), 0)) {
            Path jsonl = dir.resolve("books.jsonl");
            Path db = dir.resolve("books.db");
            CrawlProcess p = CrawlProcess.start(
                    dir,
                    "two",
                    args(site, "-o", jsonl.toString(), "-o", db.toString()).toArray(String[]::new));
            assertEquals(0, p.waitFor(180), p.toString());
            assertEquals(1000, Files.readAllLines(jsonl).size());
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
                    Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT count(DISTINCT upc) FROM book")) {
                rs.next();
                assertEquals(1000, rs.getInt(1));
            }
        }
    }

    @Test
    void anOutputForAnUnknownItemTypeIsAUsageError() throws Exception {
        try (CountingReplica site = new CountingReplica(BooksSite.standard(), 0)) {
            CrawlProcess p = CrawlProcess.start(
                    dir, "typo", args(site, "-o", "Bok=" + dir.resolve("b.csv")).toArray(String[]::new));
            assertEquals(2, p.waitFor(60), p.toString());
            assertTrue(p.stderr().contains("no @Item type 'Bok'; did you mean 'Book'?"), p.stderr());
            assertEquals(0, site.total(), "nothing crawled");
        }
    }
}
