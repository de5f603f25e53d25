package io.spinneret.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EntryTest {
    @TempDir
    Path dir;

    @Test
    void theFeatureReleaseIsReadFromEveryFormOfTheSpecificationVersion() {
        assertEquals(8, Entry.feature("1.8"));
        assertEquals(17, Entry.feature("17"));
        assertEquals(21, Entry.feature("21"));
        assertEquals(25, Entry.feature("25"));
        assertEquals(0, Entry.feature(""));
        assertEquals(0, Entry.feature("x"));
    }

    @Test
    void theFirstJarOfTheClassPathMissingFromLibIsNamed() throws Exception {
        File jar = dir.resolve("runtime.jar").toFile();
        Files.createDirectories(dir.resolve("lib"));
        Files.writeString(dir.resolve("lib/a.jar"), "");
        assertNull(Entry.missingLibrary(jar, null));
        assertNull(Entry.missingLibrary(jar, "lib/a.jar"));
        assertEquals(dir.resolve("lib/b.jar").toString(), Entry.missingLibrary(jar, " lib/a.jar  lib/b.jar lib/c.jar"));
    }
}
