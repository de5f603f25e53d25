package io.spinneret.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClassDataArchiveTest {
    @TempDir Path dir;

    @Test
    void aRebuiltJarGetsANewArchiveAndTheOutdatedOneIsDeleted() throws IOException {
        Path jar = jar(dir.resolve("app.jar"), "lib/dep.jar");
        Path dep = jar(dir.resolve("lib/dep.jar"), null);
        Path first = ClassDataArchive.forLaunch(List.of("-jar", jar.toString()));
        assertEquals(dir, first.getParent(), "next to the jar");
        assertEquals(first, ClassDataArchive.forLaunch(List.of("-jar", jar.toString())), "stable while nothing changes");
        Files.writeString(first, "archive written by the JVM");

        // a dependency named in the manifest's Class-Path is rebuilt
        Files.setLastModifiedTime(dep, FileTime.fromMillis(Files.getLastModifiedTime(dep).toMillis() + 5_000));
        Path second = ClassDataArchive.forLaunch(List.of("-jar", jar.toString()));
        assertNotEquals(first, second);
        assertFalse(Files.exists(first), "the outdated archive of the same jar is removed");
    }

    @Test
    void archivesOfOtherJarsInTheSameDirectoryAreKept() throws IOException {
        Path a = jar(dir.resolve("a.jar"), null);
        Path b = jar(dir.resolve("b.jar"), null);
        Path archiveOfA = ClassDataArchive.forLaunch(List.of("-jar", a.toString()));
        Files.writeString(archiveOfA, "x");
        Path archiveOfB = ClassDataArchive.forLaunch(List.of("-jar", b.toString()));
        assertNotEquals(archiveOfA, archiveOfB);
        assertTrue(Files.exists(archiveOfA));
    }

    @Test
    void aClassFolderOnTheClassPathMeansNoArchive() throws IOException {
        Path a = jar(dir.resolve("a.jar"), null);
        Path classes = Files.createDirectories(dir.resolve("classes"));
        assertNull(ClassDataArchive.forLaunch(List.of("-cp", a + java.io.File.pathSeparator + classes, "x.Main")));
        assertTrue(ClassDataArchive.forLaunch(List.of("-cp", a.toString(), "x.Main")).toString().endsWith(".jsa"));
    }

    private static Path jar(Path path, String classPath) throws IOException {
        Files.createDirectories(path.getParent());
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (classPath != null) m.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath);
        try (OutputStream out = Files.newOutputStream(path); JarOutputStream jar = new JarOutputStream(out, m)) {
            jar.flush();
        }
        return path;
    }
}
