package io.spinneret.download.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DriverCacheTest {
    @TempDir
    Path dir;

    @Test
    void theCacheDirectoryIsNamedAfterTheDriverJarAndStable() {
        Path first = DriverCache.cacheDir(dir);
        assertNotNull(first, "playwright-java's driver jar is on the test class path");
        assertEquals(dir, first.getParent());
        assertTrue(first.getFileName().toString().startsWith("playwright-driver-"), first.toString());
        assertEquals(first, DriverCache.cacheDir(dir));
    }

    @Test
    void aKeptCopyIsWholeExecutableAndUsable() throws IOException {
        Path extracted = fakeDriver(dir.resolve("extracted"), "v1");
        Path target = dir.resolve("cache").resolve("playwright-driver-x");
        assertFalse(DriverCache.usable(target));

        DriverCache.keep(extracted, target);
        assertTrue(DriverCache.usable(target));
        assertTrue(Files.isExecutable(target.resolve("node")), "the node binary keeps its execute permission");
        assertEquals("v1", Files.readString(target.resolve("package/cli.js")));
        assertEquals(List.of(target), leftovers(target.getParent()), "no partial copy left behind");
    }

    @Test
    void aSecondRunDoesNotDisturbACopyAlreadyKept() throws IOException {
        Path target = dir.resolve("cache").resolve("playwright-driver-x");
        DriverCache.keep(fakeDriver(dir.resolve("a"), "first"), target);
        DriverCache.keep(fakeDriver(dir.resolve("b"), "second"), target);
        assertEquals("first", Files.readString(target.resolve("package/cli.js")));
        assertEquals(List.of(target), leftovers(target.getParent()));
    }

    @Test
    void aCopyMissingItsNodeBinaryIsNotUsed() throws IOException {
        Path target = dir.resolve("cache").resolve("playwright-driver-x");
        DriverCache.keep(fakeDriver(dir.resolve("a"), "v"), target);
        Files.delete(target.resolve("node"));
        assertFalse(DriverCache.usable(target), "playwright-java would fail to start the driver");
    }

    private static Path fakeDriver(Path root, String version) throws IOException {
        Files.createDirectories(root.resolve("package"));
        Files.writeString(root.resolve("package/cli.js"), version);
        Path node = Files.writeString(root.resolve("node"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(node, PosixFilePermissions.fromString("rwxr-xr-x"));
        return root;
    }

    private static List<Path> leftovers(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.sorted().toList();
        }
    }
}
