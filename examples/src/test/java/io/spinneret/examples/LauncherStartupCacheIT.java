package io.spinneret.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's start-up cache, as a user meets it: the first {@code run} of a freshly installed
 * jar trains it (an AOT cache on JDK 25+, a class-data archive before) without a word on stdout,
 * and the next run starts from it.
 */
class LauncherStartupCacheIT {
    private static final Map<String, String> DEBUG = Map.of("SPINNERET_LAUNCHER_DEBUG", "1");
    private static final boolean AOT = Runtime.version().feature() >= 25;

    @TempDir Path dir;

    @Test
    void theFirstRunWritesTheCacheSilentlyAndTheNextRunUsesIt() throws Exception {
        try (Processes.Installation install = Processes.Installation.in(dir.resolve("install"))) {
            firstRunTrainsSecondRunUses(install.dir(), install.jar());
        }
    }

    private void firstRunTrainsSecondRunUses(Path install, Path jar) throws Exception {

        Processes.Result first = Processes.java(dir, 180, DEBUG, "-jar", jar.toString(), "run", "quotes", "-o", "first.jsonl");
        assertEquals(0, first.exitCode(), first.toString());
        assertOnlyTheSummaryOnStdout(first);
        assertTrue(first.stderr().contains(AOT ? "-XX:AOTMode=record" : "-XX:+AutoCreateSharedArchive"), first.stderr());
        List<Path> written = cacheFiles(install);
        assertEquals(1, written.size(), "one cache, no training or partial files left: " + written);
        assertTrue(written.get(0).toString().endsWith(AOT ? ".aot" : ".jsa"), written.toString());
        assertTrue(Files.size(written.get(0)) > 1_000_000, "a real cache: " + Files.size(written.get(0)) + " bytes");

        Processes.Result second = Processes.java(dir, 180, DEBUG, "-jar", jar.toString(), "run", "quotes", "-o", "second.jsonl");
        assertEquals(0, second.exitCode(), second.toString());
        assertOnlyTheSummaryOnStdout(second);
        String option = AOT ? "-XX:AOTCache=" : "-XX:SharedArchiveFile=";
        assertTrue(second.stderr().contains(option + written.get(0)), second.stderr());
        assertTrue(!second.stderr().contains("-XX:AOTMode=record"), "trained once: " + second.stderr());
        assertEquals(written, cacheFiles(install));
        assertEquals(100, ReplicaCrawl.readJsonl(dir.resolve("second.jsonl")).size());
    }

    private static void assertOnlyTheSummaryOnStdout(Processes.Result r) {
        List<String> lines = r.stdout().lines().toList();
        assertEquals(1, lines.size(), "stdout holds the crawl's summary line and nothing from the JVM: " + r);
        assertTrue(lines.get(0).contains("| 100 items |"), r.toString());
    }

    private static List<Path> cacheFiles(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> !f.getFileName().toString().endsWith(".jar") && !f.getFileName().toString().equals("lib")
                    && !f.getFileName().toString().endsWith(".pages")) // the crawl's length, for LauncherJitChoiceIT
                    .sorted().toList();
        }
    }
}
