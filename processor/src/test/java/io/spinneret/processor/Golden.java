package io.spinneret.processor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Compares generated sources with exact golden text in
 * {@code src/test/resources/golden/<TestClass>/<method>/<qualified name>.java}. Run with
 * {@code -Dspinneret.golden.regenerate=true} to rewrite the golden files from the current output
 * (then review the diff).
 */
final class Golden {
    private Golden() {}

    static void assertGenerated(Class<?> test, String method, Compilation compilation, String... qualifiedNames) {
        Path dir = root().resolve(test.getSimpleName()).resolve(method);
        boolean regenerate = Boolean.getBoolean("spinneret.golden.regenerate");
        for (String name : qualifiedNames) {
            String actual = Compilations.generatedSource(compilation, name);
            Path file = dir.resolve(name + ".java");
            try {
                if (regenerate) {
                    Files.createDirectories(dir);
                    Files.writeString(file, actual, StandardCharsets.UTF_8);
                    continue;
                }
                if (!Files.exists(file)) {
                    throw new AssertionError(
                            "no golden file " + file + "; run with -Dspinneret.golden.regenerate=true to create it");
                }
                assertEquals(
                        Files.readString(file, StandardCharsets.UTF_8),
                        actual,
                        "generated " + name + " differs from " + file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static Path root() {
        String dir = System.getProperty("spinneret.golden.dir");
        return dir != null && !dir.isBlank() ? Path.of(dir) : Path.of("src/test/resources/golden");
    }
}
