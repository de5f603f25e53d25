package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spinneret.testing.TestSite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code error_snapshots}: failed requests leave their response in a folder named by fingerprint and reason, within the caps. */
class ErrorSnapshotsCrawlTest {
    @TempDir
    Path dir;

    private List<Path> folders(Path root) throws Exception {
        try (Stream<Path> s = Files.list(root)) {
            return s.sorted().toList();
        }
    }

    @Test
    void eachFailedRequestLeavesItsBodyAndWhyInAFolderNamedByFingerprintAndReason() throws Exception {
        Path snaps = dir.resolve("snapshots");
        try (TestSite site = ObservedCrawls.site()) {
            ObservedCrawls.books(site, dir, "error_snapshots=" + snaps).build().run();
            List<Path> folders = folders(snaps);
            assertEquals(2, folders.size(), folders.toString());
            Path gone = folders.stream()
                    .filter(p -> p.getFileName().toString().endsWith("-http-404"))
                    .findFirst()
                    .orElseThrow();
            assertTrue(gone.getFileName().toString().matches("[0-9a-f]{16}-http-404"), gone.toString());
            assertEquals("<html><body>gone</body></html>", Files.readString(gone.resolve("body.html")));
            JsonNode failure =
                    new ObjectMapper().readTree(gone.resolve("failure.json").toFile());
            assertEquals(site.url("/book/3"), failure.get("url").asText());
            assertEquals(404, failure.get("status").asInt());
            assertEquals("HTTP 404", failure.get("reason").asText());
        }
    }

    @Test
    void snapshotsStopAtTheirCountAndByteCaps() throws Exception {
        try (TestSite site = ObservedCrawls.site()) {
            Path byCount = dir.resolve("count");
            ObservedCrawls.books(
                            site, dir, "error_snapshots=" + byCount, "error_snapshots_max_count=1", "concurrency=1")
                    .build()
                    .run();
            assertEquals(1, folders(byCount).size());

            Path byBytes = dir.resolve("bytes");
            // the 404's body is 30 bytes, the 500's 32: a cap of 31 keeps one of them
            ObservedCrawls.books(site, dir, "error_snapshots=" + byBytes, "error_snapshots_max_bytes=31")
                    .build()
                    .run();
            List<Path> kept = folders(byBytes);
            assertEquals(1, kept.size(), kept.toString());
            assertTrue(kept.get(0).getFileName().toString().endsWith("-http-404"), kept.toString());
        }
    }
}
