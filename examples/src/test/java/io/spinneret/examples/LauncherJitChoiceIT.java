package io.spinneret.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's choice of JIT compilers, end to end: each crawl records how many pages it fetched
 * next to the jar, and a spider whose previous crawl was long gets C2 as well as C1.
 */
class LauncherJitChoiceIT {
    private static final String C1_ONLY = "-XX:TieredStopAtLevel=1";
    private static final Pattern CHILD = Pattern.compile("spinneret launcher: child JVM: (.*)");

    @TempDir Path dir;

    @Test
    void aSpiderWhosePreviousCrawlWasLongGetsBothCompilers() throws Exception {
        try (Processes.Installation installation = Processes.Installation.in(dir.resolve("install"))) {
            Path install = installation.dir();
            Path jar = installation.jar();
            Processes.Result first = run(jar, Map.of());
            assertTrue(childCommand(first).contains(C1_ONLY), "no record yet: C1 alone");
            Path record = record(install);
            assertEquals(responses(first), Long.parseLong(Files.readString(record).trim()), "the crawl's pages, recorded");

            Files.writeString(record, "25000\n"); // as if the previous crawl had fetched 25,000 pages
            Processes.Result second = run(jar, Map.of());
            assertFalse(childCommand(second).contains(C1_ONLY), "a long previous crawl: both compilers");
            assertTrue(childCommand(second).contains("-Dspinneret.crawl.record=" + record), childCommand(second));
            assertEquals(responses(second), Long.parseLong(Files.readString(record).trim()), "this short crawl replaced it");

            Processes.Result third = run(jar, Map.of());
            assertTrue(childCommand(third).contains(C1_ONLY), "after a short crawl, C1 alone again");

            Files.writeString(record, "25000\n");
            Processes.Result forced = run(jar, Map.of("SPINNERET_JIT", "c1"));
            assertTrue(childCommand(forced).contains(C1_ONLY), "SPINNERET_JIT decides over the record");
        }
    }

    private Processes.Result run(Path jar, Map<String, String> env) throws Exception {
        Map<String, String> all = new java.util.HashMap<>(env);
        all.put("SPINNERET_LAUNCHER_DEBUG", "1");
        Processes.Result r = Processes.java(dir, 180, all, "-jar", jar.toString(), "run", "quotes", "-o", "quotes.jsonl");
        assertEquals(0, r.exitCode(), r.toString());
        return r;
    }

    private static String childCommand(Processes.Result r) {
        Matcher m = CHILD.matcher(r.stderr());
        assertTrue(m.find(), "the launcher forked: " + r.stderr());
        return m.group(1);
    }

    /** The responses count of the summary line, e.g. {@code 10 requests | 10 responses | ...}. */
    private static long responses(Processes.Result r) {
        Matcher m = Pattern.compile("(\\d+) responses").matcher(r.stdout());
        assertTrue(m.find(), r.stdout());
        return Long.parseLong(m.group(1));
    }

    private static Path record(Path install) throws Exception {
        try (Stream<Path> files = Files.list(install)) {
            List<Path> records = files.filter(f -> f.getFileName().toString().endsWith("-quotes.pages")).toList();
            assertEquals(1, records.size(), "one record for the quotes spider: " + records);
            return records.get(0);
        }
    }
}
