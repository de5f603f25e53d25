package io.spinneret.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.examples.replica.BooksSite;
import io.spinneret.examples.replica.ReplicaServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code runtime.jar} names its dependencies in {@code Spinneret-Class-Path}, not {@code Class-Path}:
 * the JVM {@code java -jar runtime.jar} starts has only the jar itself. The crawl's JVM gets them as
 * its class path, and the commands that run in the first JVM load them with a class loader.
 */
class RuntimeJarLayoutIT {
    @TempDir Path dir;

    private final Path runtimeJar = Processes.artifact("spinneret.runtime.jar");
    private final Path spiders = Processes.artifact("spinneret.spiders.dir");

    @Test
    void manifestNamesTheDependenciesOutsideClassPath() throws Exception {
        try (JarFile jar = new JarFile(runtimeJar.toFile())) {
            var attributes = jar.getManifest().getMainAttributes();
            assertNull(attributes.getValue("Class-Path"));
            String deps = attributes.getValue("Spinneret-Class-Path");
            assertTrue(deps != null && deps.contains("lib/jsoup-") && deps.contains("lib/picocli-"), String.valueOf(deps));
            for (String entry : deps.split(":")) {
                assertTrue(Files.isRegularFile(runtimeJar.resolveSibling(entry)), entry + " is not next to " + runtimeJar);
            }
        }
    }

    @Test
    void theCrawlsJvmGetsTheDependenciesAsItsClassPath() throws Exception {
        try (ReplicaServer server = ReplicaServer.start(BooksSite.standard(), 0)) {
            Processes.Result r = Processes.java(dir, 120, Map.of("SPINNERET_LAUNCHER_DEBUG", "1"), "-jar", runtimeJar.toString(),
                    "run", "books", "--spiders", spiders.toString(), "-s", "start_urls=" + server.url(), "--delay", "0", "-n", "20");
            assertEquals(0, r.exitCode(), r.toString());
            String launch = r.stderr().lines().filter(l -> l.startsWith("spinneret launcher: child JVM:")).findFirst().orElse("");
            assertTrue(launch.contains(" -cp " + runtimeJar.toAbsolutePath() + ":") && launch.contains("/lib/jsoup-")
                    && launch.contains(" io.spinneret.cli.Main run books"), r.toString());
        }
    }

    @Test
    void theCrawlsJvmKeepsTheManifestsNativeAccessSoSqliteLoadsWithoutWarnings() throws Exception {
        // launched with -cp, the child reads no manifest: without the option JDK 22+ warns when SQLite loads its library
        try (ReplicaServer server = ReplicaServer.start(BooksSite.standard(), 0)) {
            Processes.Result r = Processes.java(dir, 120, "-jar", runtimeJar.toString(), "run", "books", "--spiders", spiders.toString(),
                    "-s", "start_urls=" + server.url(), "--delay", "0", "-n", "20", "-o", dir.resolve("books.db").toString());
            assertEquals(0, r.exitCode(), r.toString());
            assertTrue(r.stdout().contains("| 20 items |"), r.toString());
            assertFalse(r.stderr().contains("WARNING"), r.stderr());
        }
    }

    @Test
    void commandsRunInTheFirstJvmLoadTheDependencies() throws Exception {
        Processes.Result list = Processes.java(dir, 60, "-jar", runtimeJar.toString(), "list", "--spiders", spiders.toString());
        assertEquals(0, list.exitCode(), list.toString());
        assertTrue(list.stdout().contains("books") && list.stdout().contains("io.spinneret.examples.BooksSpider"), list.toString());

        try (ReplicaServer server = ReplicaServer.start(BooksSite.standard(), 0)) {
            Processes.Result inProcess = Processes.java(dir, 120, Map.of("SPINNERET_FORK", "0"), "-jar", runtimeJar.toString(),
                    "run", "books", "--spiders", spiders.toString(), "-s", "start_urls=" + server.url(), "--delay", "0", "-n", "20");
            assertEquals(0, inProcess.exitCode(), inProcess.toString());
            assertTrue(inProcess.stdout().contains("| 20 items |"), inProcess.toString());
        }
    }

    @Test
    void aRuntimeJarWithoutItsLibrariesSaysWhatIsMissing() throws Exception {
        Path alone = Files.copy(runtimeJar, dir.resolve("runtime.jar"));
        Processes.Result r = Processes.java(dir, 60, "-jar", alone.toString(), "list");
        assertEquals(1, r.exitCode(), r.toString());
        assertTrue(r.stderr().startsWith("error: " + dir.resolve("lib")) && r.stderr().contains(" is missing: runtime.jar needs the jars"),
                r.toString());
    }
}
