package io.spinneret.examples.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every {@code SPINNERET_TEST_*} variable a test of the repository reads is a row of the table in
 * {@code docs/testing.md}: a variable missing there is a group of tests that skips with every
 * listed variable set.
 */
class TestVariablesDocTest {
    private static final Pattern VARIABLE = Pattern.compile("SPINNERET_TEST_[A-Z_]+");

    @Test
    void everyVariableTheTestsReadIsInTheTable() throws IOException {
        Set<String> read = new TreeSet<>();
        try (Stream<Path> files = Files.walk(MarkdownDocs.ROOT)) {
            files.filter(f -> f.toString().endsWith(".java")
                            && f.toString().contains("/src/test/")
                            && !f.toString().contains("/target/"))
                    .forEach(f -> read.addAll(variables(f)));
        }
        assertFalse(
                read.isEmpty(),
                "the tests read no SPINNERET_TEST_ variable: is the repository root " + MarkdownDocs.ROOT + "?");
        read.remove("SPINNERET_TEST_"); // a prefix in this class's own text
        Set<String> documented = new TreeSet<>();
        for (String line : Files.readAllLines(MarkdownDocs.ROOT.resolve("docs/testing.md"))) {
            if (line.startsWith("| `SPINNERET_TEST_")) documented.add(line.substring(3, line.indexOf('`', 3)));
        }
        Set<String> missing = new TreeSet<>(read);
        missing.removeAll(documented);
        assertEquals(Set.of(), missing, "variables the tests read that docs/testing.md's table does not list");
    }

    private static List<String> variables(Path file) {
        try {
            Matcher m = VARIABLE.matcher(Files.readString(file));
            return m.results().map(r -> r.group()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
