package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.testing.TestJars;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RuntimeJarTest {
    @TempDir Path dir;

    static Path jar(Path path, String spinneretClassPath) throws IOException {
        return TestJars.withManifest(path, spinneretClassPath == null ? Map.of() : Map.of(RuntimeJar.ATTRIBUTE, spinneretClassPath));
    }

    @Test
    void dependenciesAreResolvedAgainstTheJarsDirectoryInOrder() throws IOException {
        Path jar = jar(dir.resolve("runtime.jar"), "lib/b.jar:lib/a.jar");
        RuntimeJar runtime = RuntimeJar.of(jar).orElseThrow();
        assertEquals(List.of(dir.resolve("lib/b.jar"), dir.resolve("lib/a.jar")), runtime.dependencies());
        assertEquals(List.of(jar, dir.resolve("lib/b.jar"), dir.resolve("lib/a.jar")), runtime.classPath());
        assertEquals(jar + ":" + dir.resolve("lib/b.jar") + ":" + dir.resolve("lib/a.jar"), runtime.classPathString());
    }

    @Test
    void theFirstMissingDependencyIsNamed() throws IOException {
        RuntimeJar runtime = RuntimeJar.of(jar(dir.resolve("runtime.jar"), "lib/a.jar:lib/b.jar")).orElseThrow();
        assertEquals(dir.resolve("lib/a.jar"), runtime.missing());
        jar(dir.resolve("lib/a.jar"), null);
        assertEquals(dir.resolve("lib/b.jar"), runtime.missing());
        jar(dir.resolve("lib/b.jar"), null);
        assertNull(runtime.missing());
    }

    @Test
    void jarsWithoutTheAttributeAndOtherFilesAreNotRuntimeJars() throws IOException {
        assertTrue(RuntimeJar.of(jar(dir.resolve("app.jar"), null)).isEmpty());
        assertTrue(RuntimeJar.of(Files.writeString(dir.resolve("not-a.jar"), "text")).isEmpty());
        assertTrue(RuntimeJar.of(dir.resolve("absent.jar")).isEmpty());
        assertTrue(RuntimeJar.current().isEmpty(), "the tests run from class folders");
    }
}
