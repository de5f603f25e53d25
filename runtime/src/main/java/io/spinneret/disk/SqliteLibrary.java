package io.spinneret.disk;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.util.LibraryLoaderUtil;

/**
 * SQLite's native library, unpacked once into the {@linkplain UserCache user's cache} and loaded
 * from there. sqlite-jdbc otherwise copies it (1.1 MB) into the temporary folder in every JVM that
 * opens a database and deletes the copy at exit: each process killed on the way (kill -9, the
 * kernel's out-of-memory killer, a container stopped) left its copy behind for good.
 *
 * <p>The copy is kept per sqlite-jdbc version and platform, e.g.
 * {@code ~/.cache/spinneret/sqlite-jdbc-3.54.1.0/Linux/x86_64/libsqlitejdbc.so}, written whole or
 * not at all. sqlite-jdbc is pointed at it with its {@code org.sqlite.lib.path} and
 * {@code org.sqlite.lib.name} properties; either one set by the user wins, and where the cache
 * cannot be written sqlite-jdbc unpacks into the temporary folder as before.
 */
public final class SqliteLibrary {
    private static final Logger LOG = LoggerFactory.getLogger(SqliteLibrary.class);
    static final String PATH = "org.sqlite.lib.path";
    static final String NAME = "org.sqlite.lib.name";
    private static boolean prepared;

    private SqliteLibrary() {}

    /** Points sqlite-jdbc at the kept copy, unpacking it first if needed: call before the first SQLite connection. */
    public static synchronized void prepare() {
        if (prepared) return;
        prepared = true;
        if (System.getProperty(PATH) != null || System.getProperty(NAME) != null) return;
        Path root = UserCache.root();
        Path dir = root == null ? null : keep(root);
        if (dir == null) return;
        System.setProperty(PATH, dir.toString());
        System.setProperty(NAME, LibraryLoaderUtil.getNativeLibName());
    }

    /** A connection to the SQLite database in {@code file}, with the library {@linkplain #prepare prepared}. */
    public static Connection connect(Path file, Properties properties) throws SQLException {
        prepare();
        return DriverManager.getConnection("jdbc:sqlite:" + file.toAbsolutePath(), properties);
    }

    /**
     * The folder under {@code root} that holds this platform's library, unpacked there now if it
     * was not yet; null when sqlite-jdbc has no library for this platform or the folder cannot be
     * written.
     */
    static @Nullable Path keep(Path root) {
        String resource = LibraryLoaderUtil.getNativeLibResourcePath(); // e.g. /org/sqlite/native/Linux/x86_64
        String name = LibraryLoaderUtil.getNativeLibName();
        if (!LibraryLoaderUtil.hasNativeLib(resource, name)) return null;
        String platform = resource.replaceFirst("^/?org/sqlite/native/", "");
        Path dir = root.resolve("sqlite-jdbc-" + SQLiteJDBCLoader.getVersion()).resolve(platform);
        Path library = dir.resolve(name);
        if (Files.isRegularFile(library)) return dir;
        Path partial = null;
        try (InputStream in = SQLiteJDBCLoader.class.getResourceAsStream(resource + "/" + name)) {
            if (in == null) return null;
            OwnerOnly.createDirectories(dir);
            partial = Files.createTempFile(dir, name, ".partial"); // rw------- where there are permissions
            Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
            if (dir.getFileSystem().supportedFileAttributeViews().contains("posix"))
                Files.setPosixFilePermissions(partial, PosixFilePermissions.fromString("rwx------"));
            // another process may have put the same bytes there meanwhile: either copy will do
            Files.move(partial, library, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            LOG.debug("kept SQLite's native library in {} for later runs", library);
            return dir;
        } catch (IOException | RuntimeException e) {
            LOG.debug("cannot keep SQLite's native library in {}: {}", dir, e.toString());
            return null;
        } finally {
            if (partial != null) {
                try {
                    Files.deleteIfExists(partial);
                } catch (IOException ignored) {
                    // a stray partial copy in the cache: the next run writes a new one
                }
            }
        }
    }
}
