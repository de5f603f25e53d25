package io.spinneret.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.examples.replica.BooksSite;
import io.spinneret.examples.replica.ReplicaServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code runtime.jar} names its dependencies, {@code target/lib/*.jar}, in a plain {@code Class-Path}
 * and runs everything in the JVM {@code java -jar} started. Its {@code Main-Class} is
 * {@code io.spinneret.cli.Entry}, Java 8 bytecode, which checks the JVM and the jars first.
 */
class RuntimeJarLayoutIT {
    @TempDir
    Path dir;

    private final Path runtimeJar = Processes.artifact("spinneret.runtime.jar");
    private final Path spiders = Processes.artifact("spinneret.spiders.dir");

    @Test
    void manifestNamesTheDependenciesInClassPath() throws Exception {
        try (JarFile jar = new JarFile(runtimeJar.toFile())) {
            var attributes = jar.getManifest().getMainAttributes();
            assertEquals("io.spinneret.cli.Entry", attributes.getValue("Main-Class"));
            String deps = attributes.getValue("Class-Path");
            assertTrue(
                    deps != null && deps.contains("lib/jsoup-") && deps.contains("lib/picocli-"), String.valueOf(deps));
            for (String entry : deps.trim().split("\\s+")) {
                assertTrue(
                        Files.isRegularFile(runtimeJar.resolveSibling(entry)), entry + " is not next to " + runtimeJar);
            }
            try (var entry = jar.getInputStream(jar.getEntry("io/spinneret/cli/Entry.class"))) {
                byte[] head = entry.readNBytes(8);
                assertEquals(52, head[7], "Entry is Java 8 bytecode, so that an old java can say what it needs");
            }
        }
    }

    @Test
    void aCrawlRunsInTheJvmJavaStartedAndWritesNothingNextToTheJar() throws Exception {
        Path copy = Files.createDirectories(dir.resolve("install"));
        Path jar = Files.copy(runtimeJar, copy.resolve("runtime.jar"));
        Files.createSymbolicLink(copy.resolve("lib"), runtimeJar.resolveSibling("lib"));
        try (ReplicaServer server = ReplicaServer.start(BooksSite.standard(), 0)) {
            Processes.Result r = Processes.java(
                    dir,
                    120,
                    "-jar",
                    jar.toString(),
                    "run",
                    "books",
                    "--spiders",
                    spiders.toString(),
                    "-s",
                    "start_urls=" + server.url(),
                    "--delay",
                    "0",
                    "-n",
                    "20");
            assertEquals(0, r.exitCode(), r.toString());
            assertTrue(r.stdout().contains("| 20 items |"), r.toString());
        }
        try (var files = Files.list(copy)) {
            assertEquals(
                    List.of("lib", "runtime.jar"),
                    files.map(f -> f.getFileName().toString()).sorted().toList(),
                    "no start-up cache, no crawl record");
        }
    }

    @Test
    void theCrawlsJvmKeepsTheManifestsNativeAccessSoSqliteLoadsWithoutWarnings() throws Exception {
        // launched with -cp, the child reads no manifest: without the option JDK 22+ warns when SQLite loads its
        // library
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
                    "-n",
                    "20",
                    "-o",
                    dir.resolve("books.db").toString());
            assertEquals(0, r.exitCode(), r.toString());
            assertTrue(r.stdout().contains("| 20 items |"), r.toString());
            assertFalse(r.stderr().contains("WARNING"), r.stderr());
        }
    }

    @Test
    void listFindsTheSpidersOfTheSpidersDirectory() throws Exception {
        Processes.Result list =
                Processes.java(dir, 60, "-jar", runtimeJar.toString(), "list", "--spiders", spiders.toString());
        assertEquals(0, list.exitCode(), list.toString());
        assertTrue(
                list.stdout().contains("books") && list.stdout().contains("io.spinneret.examples.BooksSpider"),
                list.toString());
    }

    @Test
    void aRuntimeJarWithoutItsLibrariesSaysWhatIsMissing() throws Exception {
        Path alone = Files.copy(runtimeJar, dir.resolve("runtime.jar"));
        Processes.Result r = Processes.java(dir, 60, "-jar", alone.toString(), "list");
        assertEquals(1, r.exitCode(), r.toString());
        assertTrue(
                r.stderr().startsWith("error: " + dir.resolve("lib"))
                        && r.stderr().contains(" is missing: runtime.jar needs the jars"),
                r.toString());
    }
}
