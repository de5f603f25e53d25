package io.spinneret.testreport;

import java.nio.file.Path;
import java.time.Instant;

/**
 * The build's last step: reads the test reports every module of the reactor wrote during this
 * build, prints one summary (naming the modules whose tests did not run), and fails if a test failed.
 *
 * <p>With {@code -Dmaven.test.failure.ignore=true} (the README's test command) a failing test no
 * longer stops its module, so every later module still builds and runs its tests; this step then
 * owes the build its failure, and names every failed test. Run without that flag, Maven stops at
 * the first failing module as usual and this step only prints the summary of a green build.
 *
 * <p>Arguments: the reactor's root directory, and the build's start ({@code maven.build.timestamp},
 * ISO-8601 UTC): reports older than that are left from an earlier build and not counted.
 */
public final class TestReport {
    private TestReport() {}

    public static void main(String[] args) {
        if (args.length != 2)
            throw new IllegalArgumentException("usage: TestReport <root directory> <build start, ISO-8601>");
        ReactorResults results = ReactorResults.read(Path.of(args[0]), Instant.parse(args[1]));
        System.out.println(results.render());
        System.out.flush();
        if (!results.passed()) throw new IllegalStateException(results.verdict());
    }
}
