package io.spinneret.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.spinneret.api.StoredFile;
import io.spinneret.embed.CrawlResult;
import io.spinneret.examples.replica.BooksSite;
import io.spinneret.examples.replica.ReplicaServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code book_covers} spider over real TCP: every book's cover goes through the files pipeline.
 * The replica serves the same image for every book, so a thousand URLs make one file.
 */
class BookCoversCrawlTest {
    private static final BooksSite SITE = BooksSite.standard();

    @TempDir
    Path dir;

    /** The cover bytes as the replica serves them, fetched on their own. */
    private static byte[] servedCover() throws Exception {
        try (ReplicaServer server = ReplicaServer.start(SITE, 0);
                HttpClient http = HttpClient.newHttpClient()) {
            String page = http.send(
                            HttpRequest.newBuilder(URI.create(server.url())).build(),
                            HttpResponse.BodyHandlers.ofString())
                    .body();
            int at = page.indexOf("media/cache/");
            String path = page.substring(at, page.indexOf('"', at));
            return http.send(
                            HttpRequest.newBuilder(URI.create(server.url() + path))
                                    .build(),
                            HttpResponse.BodyHandlers.ofByteArray())
                    .body();
        }
    }

    private static Map<String, Long> statuses(List<JsonNode> items) {
        return items.stream()
                .collect(Collectors.groupingBy(i -> i.get("cover").get("status").asText(), Collectors.counting()));
    }

    @Test
    void coversAreStoredOncePerContentAndNotFetchedAgainByTheNextCrawl() throws Exception {
        Path store = dir.resolve("covers");
        try (ReplicaServer server = ReplicaServer.start(SITE, 0)) {
            crawlTwice(server, store);
        }
    }

    private void crawlTwice(ReplicaServer server, Path store) throws Exception {
        ReplicaCrawl.Outcome first = ReplicaCrawl.run(
                "book_covers", server, "", dir.resolve("first"), "files_store=" + store, "concurrency=16");
        CrawlResult r = first.result();
        assertEquals(0, r.failures(), r.stats().toString());
        assertEquals(1000, first.items().size());
        assertEquals(1050, r.requests(), "the covers are not counted as pages: " + r.stats());

        byte[] cover = servedCover();
        String sha =
                HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(cover));
        for (JsonNode item : first.items()) {
            JsonNode f = item.get("cover");
            assertTrue(f.get("url").asText().contains("/media/cache/"), f.toString());
            assertEquals(sha, f.get("checksum").asText(), f.toString());
            assertEquals(sha + ".png", f.get("path").asText(), f.toString());
        }
        Map<String, Long> byStatus = statuses(first.items());
        assertEquals(1L, byStatus.get(StoredFile.DOWNLOADED), "one URL wrote the file: " + byStatus);
        assertEquals(999L, byStatus.get(StoredFile.DUPLICATE), "the others found its content there: " + byStatus);
        assertEquals(1L, r.get("files/downloaded"));
        assertEquals(999L, r.get("files/duplicate"));
        assertEquals(1050 + 1000, first.served(), "each cover URL was fetched once");
        try (Stream<Path> files = Files.list(store)) {
            List<String> names =
                    files.map(p -> p.getFileName().toString()).sorted().toList();
            assertEquals(List.of(sha + ".png", "index.tsv"), names, "one file for a thousand URLs, and the index");
        }
        assertEquals(List.of(cover.length), List.of((int) Files.size(store.resolve(sha + ".png"))));
        assertEquals(1000, Files.readAllLines(store.resolve("index.tsv")).size());

        ReplicaCrawl.Outcome second = ReplicaCrawl.run(
                "book_covers", server, "", dir.resolve("second"), "files_store=" + store, "concurrency=16");
        assertEquals(Map.of(StoredFile.UPTODATE, 1000L), statuses(second.items()));
        assertEquals(1050, second.served(), "no cover was fetched again: only the pages were");
        assertEquals(1000, Files.readAllLines(store.resolve("index.tsv")).size(), "nothing new to index");
    }
}
