package io.spinneret.disk;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Files and folders that hold secrets (passwords in settings), created readable by this user only
 * where the file system has POSIX permissions; elsewhere they get the file system's defaults.
 */
public final class OwnerOnly {
    private OwnerOnly() {}

    /** Creates {@code dir} and its missing parents, {@code rwx------}, unless it is a directory already. */
    public static void createDirectories(Path dir) throws IOException {
        if (Files.isDirectory(dir)) return;
        FileAttribute<?> rwx = permissions(dir, "rwx------");
        if (rwx == null) Files.createDirectories(dir);
        else Files.createDirectories(dir, rwx);
    }

    /**
     * Creates {@code file} empty, {@code rw-------}, unless it exists; does nothing where there are
     * no POSIX permissions (the first write creates it then).
     */
    public static void createFile(Path file) throws IOException {
        FileAttribute<?> rw = permissions(file, "rw-------");
        if (rw != null && !Files.exists(file)) Files.createFile(file, rw);
    }

    private static @Nullable FileAttribute<Set<PosixFilePermission>> permissions(Path path, String mode) {
        return path.getFileSystem().supportedFileAttributeViews().contains("posix")
                ? PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(mode))
                : null;
    }
}
