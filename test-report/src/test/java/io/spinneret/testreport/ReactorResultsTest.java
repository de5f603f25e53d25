package io.spinneret.testreport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReactorResultsTest {
    @TempDir
    Path root;

    final Instant buildStart = Instant.parse("2026-12-01T20:00:00Z");

    @BeforeEach
    void reactor() throws IOException {
        Files.writeString(root.resolve("pom.xml"), """
                <project><modules><module>runtime</module><module>examples</module><module>annotations</module></modules></project>
                """);
        Files.createDirectories(root.resolve("runtime/src/test/java"));
        Files.createDirectories(root.resolve("examples/src/test/java"));
        Files.createDirectories(root.resolve("annotations/src/main/java"));
    }

    @Test
    void aGreenReactorPassesAndCountsEveryModule() throws IOException {
        report("runtime", "surefire", "a.ATest", 3, 1, "");
        report("examples", "surefire", "b.BTest", 2, 0, "");
        report("examples", "failsafe", "b.BIT", 1, 0, "");
        ReactorResults r = ReactorResults.read(root, buildStart);
        assertTrue(r.passed());
        assertEquals(
                "per module (passed/failed/skipped): runtime 2/0/1, examples 3/0/0\ntests: 5 passed, 0 failed, 1 skipped",
                r.render());
    }

    @Test
    void everyFailedTestIsNamedOnOneShortLine() throws IOException {
        String huge =
                "everything not acked comes back ==> expected: <[" + "http://example.com/x, ".repeat(10_000) + "]>";
        report("runtime", "surefire", "a.ATest", 4, 0, """
                <testcase name="kills" classname="a.ATest"><failure message="%s" type="AssertionFailedError">trace</failure></testcase>
                <testcase name="hangs" classname="a.ATest"><error message="" type="java.util.concurrent.TimeoutException">trace</error></testcase>
                """.formatted(
                        huge.replace("<", "&lt;").replace(">", "&gt;")));
        report("examples", "failsafe", "b.BIT", 1, 0, "");
        ReactorResults r = ReactorResults.read(root, buildStart);
        assertFalse(r.passed());
        String[] lines = r.render().split("\n");
        assertTrue(
                lines[0].startsWith(
                        "FAILED runtime: a.ATest.kills: everything not acked comes back ==> expected: <[http://example.com/x,"),
                lines[0]);
        assertTrue(lines[0].endsWith("more characters)") && lines[0].length() < 400, lines[0]);
        assertEquals("FAILED runtime: a.ATest.hangs: java.util.concurrent.TimeoutException", lines[1]);
        assertEquals("tests: 3 passed, 2 failed, 0 skipped", lines[lines.length - 1]);
        assertEquals("2 tests failed (listed above; each module's target/*-reports has the details)", r.verdict());
    }

    @Test
    void aModuleWithTestsButNoReportFromThisBuildIsNamedAsNotRun() throws IOException {
        report("runtime", "surefire", "a.ATest", 1, 0, "");
        Path stale = report("examples", "surefire", "b.BTest", 1, 0, "");
        Files.setLastModifiedTime(stale, FileTime.from(buildStart.minusSeconds(3600)));
        ReactorResults r = ReactorResults.read(root, buildStart);
        assertTrue(r.passed(), "filtered or left out, not failed");
        assertEquals(
                List.of("examples"), r.notRun(), "the old report is not this build's, and annotations has no tests");
        assertTrue(r.render().contains("NOT RUN examples: no test report from this build"), r.render());
    }

    private Path report(String module, String plugin, String suite, int tests, int skipped, String cases)
            throws IOException {
        Path dir = Files.createDirectories(root.resolve(module).resolve("target/" + plugin + "-reports"));
        long failures = cases.lines()
                .filter(l -> l.contains("<failure") || l.contains("<error"))
                .count();
        Path file = dir.resolve("TEST-" + suite + ".xml");
        Files.writeString(file, """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuite name="%s" tests="%d" errors="0" skipped="%d" failures="%d">
                %s</testsuite>
                """.formatted(suite, tests, skipped, failures, cases));
        Files.setLastModifiedTime(file, FileTime.from(buildStart.plusSeconds(60)));
        return file;
    }
}
