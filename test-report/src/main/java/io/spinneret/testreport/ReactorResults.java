package io.spinneret.testreport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The test results of each module of a reactor, as its Surefire and Failsafe reports tell them. */
record ReactorResults(List<ModuleResults> modules) {
    /** Longest failure message shown: the report's file holds the rest. */
    static final int MESSAGE_CHARS = 300;

    static final List<String> REPORT_DIRS = List.of("target/surefire-reports", "target/failsafe-reports");

    /** Reads the modules named in {@code root}'s pom.xml, counting reports written at or after {@code since}. */
    static ReactorResults read(Path root, Instant since) {
        List<ModuleResults> modules = new ArrayList<>();
        for (String module : PomModules.of(root.resolve("pom.xml"))) {
            Path dir = root.resolve(module);
            List<SuiteResult> suites = new ArrayList<>();
            for (String reports : REPORT_DIRS) suites.addAll(suites(dir.resolve(reports), since));
            modules.add(new ModuleResults(module, Files.isDirectory(dir.resolve("src/test/java")), suites));
        }
        return new ReactorResults(modules);
    }

    private static List<SuiteResult> suites(Path reports, Instant since) {
        if (!Files.isDirectory(reports)) return List.of();
        try (Stream<Path> files = Files.list(reports)) {
            return files.filter(f -> f.getFileName().toString().matches("TEST-.*\\.xml"))
                    .filter(f -> !modified(f).isBefore(since))
                    .sorted()
                    .map(SuiteResult::parse)
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + reports, e);
        }
    }

    private static Instant modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toInstant();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** True if no test failed. */
    boolean passed() {
        return failed() == 0;
    }

    int failed() {
        return modules.stream().mapToInt(m -> m.failures().size()).sum();
    }

    /**
     * Modules with tests but no report from this build: their tests were filtered out
     * ({@code -Dtest=...}) or the module was left out of the build. A module that failed to build
     * before its tests stops the build before this step, so this is said, not failed on.
     */
    List<String> notRun() {
        return modules.stream()
                .filter(m -> m.hasTests() && m.suites().isEmpty())
                .map(ModuleResults::module)
                .toList();
    }

    /** The summary: one line per failed test, the modules whose tests did not run, then the counts. */
    String render() {
        StringBuilder b = new StringBuilder();
        for (ModuleResults m : modules) {
            for (TestFailure f : m.failures()) {
                b.append("FAILED ")
                        .append(m.module())
                        .append(": ")
                        .append(f.test())
                        .append(": ")
                        .append(shorten(f.message()))
                        .append('\n');
            }
        }
        for (String module : notRun()) b.append("NOT RUN ").append(module).append(": no test report from this build\n");
        int passed = 0, skipped = 0;
        List<String> perModule = new ArrayList<>();
        for (ModuleResults m : modules) {
            if (!m.hasTests()) continue;
            passed += m.passed();
            skipped += m.skipped();
            perModule.add(m.module() + " " + m.passed() + "/" + m.failures().size() + "/" + m.skipped());
        }
        b.append("per module (passed/failed/skipped): ")
                .append(String.join(", ", perModule))
                .append('\n');
        b.append("tests: ")
                .append(passed)
                .append(" passed, ")
                .append(failed())
                .append(" failed, ")
                .append(skipped)
                .append(" skipped");
        return b.toString();
    }

    /** What the build fails with. */
    String verdict() {
        return failed() + (failed() == 1 ? " test failed" : " tests failed")
                + " (listed above; each module's target/*-reports has the details)";
    }

    static String shorten(String message) {
        String oneLine = message.strip().replaceAll("\\s*\\R\\s*", " | ");
        return oneLine.length() <= MESSAGE_CHARS
                ? oneLine
                : oneLine.substring(0, MESSAGE_CHARS) + "... (" + (oneLine.length() - MESSAGE_CHARS)
                        + " more characters)";
    }
}
