package io.spinneret.disk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.util.LibraryLoaderUtil;

class SqliteLibraryTest {
    @TempDir
    Path root;

    @Test
    void theLibraryIsUnpackedOnceWholeAndForItsOwnerOnly() throws Exception {
        Path dir = SqliteLibrary.keep(root);
        assertNotNull(dir);
        String name = LibraryLoaderUtil.getNativeLibName();
        Path library = dir.resolve(name);
        assertTrue(dir.startsWith(root.resolve("sqlite-jdbc-" + SQLiteJDBCLoader.getVersion())), dir.toString());
        byte[] expected;
        try (InputStream in =
                SQLiteJDBCLoader.class.getResourceAsStream(LibraryLoaderUtil.getNativeLibResourcePath() + "/" + name)) {
            expected = in.readAllBytes();
        }
        assertArrayEquals(expected, Files.readAllBytes(library));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(library)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
        try (var files = Files.list(dir)) {
            assertEquals(List.of(library), files.toList(), "no partial copy left");
        }

        FileTime written = FileTime.fromMillis(1_000_000_000_000L);
        Files.setLastModifiedTime(library, written);
        assertEquals(dir, SqliteLibrary.keep(root));
        assertEquals(written, Files.getLastModifiedTime(library), "a second run uses the copy there");
    }

    @Test
    void aCacheThatCannotBeWrittenLeavesSqliteToItsOwnWays() throws Exception {
        Path file = Files.writeString(root.resolve("not-a-folder"), "x");
        assertNull(SqliteLibrary.keep(file));
    }
}
