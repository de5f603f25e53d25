package io.spinneret.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.spinneret.examples.replica.BooksSite;
import io.spinneret.examples.replica.ReplicaServer;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example spiders as plain spider jars: {@code java -jar runtime/target/runtime.jar run books
 * --spiders examples/target/spiders}, the command that crawls the real site, here pointed at a
 * replica with {@code -s start_urls=...} so that the test stays offline.
 */
class SpidersDirectoryIT {
    @TempDir
    Path dir;

    private final Path runtimeJar = Processes.artifact("spinneret.runtime.jar");
    private final Path spiders = Processes.artifact("spinneret.spiders.dir");

    @Test
    void runtimeJarRunsTheBooksSpiderFromTheSpidersDirectory() throws Exception {
        try (ReplicaServer server = ReplicaServer.start(BooksSite.standard(), 0)) {
            Processes.Result r = Processes.java(
                    dir,
                    120,
                    "-jar",
                    runtimeJar.toString(),
                    "run",
                    "books",
                    "--spiders",
                    spiders.toString(),
                    "-s",
                    "start_urls=" + server.url(),
                    "--delay",
                    "0",
                    "-c",
                    "16");

            assertEquals(0, r.exitCode(), r.toString());
            assertTrue(r.stdout().contains("1050 requests | 1050 responses | 0 failures | 1000 items"), r.toString());
            List<JsonNode> items = ReplicaCrawl.readJsonl(dir.resolve("books.jsonl"));
            assertEquals(1000, items.size());
        }
    }

    @Test
    void withoutTheSpidersDirectoryTheRuntimeNamesWhatItFound() throws Exception {
        Processes.Result r = Processes.java(dir, 60, "-jar", runtimeJar.toString(), "run", "books");
        assertEquals(2, r.exitCode(), r.toString());
        assertTrue(
                r.stderr()
                        .contains(
                                "no spider named 'books'; no spiders were found on the class path or in the spiders directory"
                                        + " spiders (which does not exist); put your spiders' jar or class folder there, or name their directory with --spiders DIR"),
                r.toString());
    }
}
