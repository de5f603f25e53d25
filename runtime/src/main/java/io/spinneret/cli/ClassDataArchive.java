package io.spinneret.cli;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.zip.CRC32;

/**
 * Where the {@link Launcher}'s child JVM keeps its application class-data archive
 * ({@code -XX:SharedArchiveFile} with {@code -XX:+AutoCreateSharedArchive}).
 *
 * <p>The JVM writes the archive at the end of the first run and validates it against the class
 * path at every later start. A rebuilt or upgraded jar fails that check, and the JVM does not
 * rewrite the file (JDK 25: it runs without the archive, about 0.8 s slower on the books crawl,
 * every time). So the file name carries a checksum of each class-path jar's path, size and
 * modification time (the manifest's {@code Class-Path} included): a changed jar gets a new archive,
 * and the outdated archives of the same launch target are deleted.
 */
final class ClassDataArchive {
    private ClassDataArchive() {}

    /**
     * @param target {@code ["-jar", jar]} or {@code ["-cp", classPath, mainClass]}
     * @return the archive to use, or null when there is none to use (class folders on the class
     *     path, which CDS cannot archive; no writable directory; an unreadable jar)
     */
    static Path forLaunch(List<String> target) {
        try {
            boolean jar = target.get(0).equals("-jar");
            List<Path> classPath = jar ? jarWithManifestClassPath(Path.of(target.get(1))) : entries(target.get(1));
            StringBuilder state = new StringBuilder(Runtime.version().toString());
            for (Path p : classPath) {
                if (!p.getFileName().toString().endsWith(".jar")) return null;
                BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
                state.append('|').append(p).append(':').append(a.size()).append(':').append(a.lastModifiedTime().toMillis());
            }
            String owner = jar ? Path.of(target.get(1)).toAbsolutePath().toString() : target.get(1);
            String prefix = "spinneret-" + crc(owner) + "-";
            Path dir = directory(jar ? Path.of(target.get(1)).toAbsolutePath().getParent() : null);
            if (dir == null) return null;
            Path archive = dir.resolve(prefix + crc(state.toString()) + ".jsa");
            if (!Files.exists(archive)) deleteOutdated(dir, prefix, archive);
            return archive;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static List<Path> jarWithManifestClassPath(Path jar) throws IOException {
        List<Path> all = new ArrayList<>();
        all.add(jar.toAbsolutePath());
        try (JarFile file = new JarFile(jar.toFile(), false)) {
            var manifest = file.getManifest();
            String cp = manifest == null ? null : manifest.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
            if (cp != null) {
                Path base = jar.toAbsolutePath().getParent();
                for (String e : cp.trim().split("\\s+")) if (!e.isEmpty()) all.add(base.resolve(e));
            }
        }
        return all;
    }

    private static List<Path> entries(String classPath) {
        List<Path> all = new ArrayList<>();
        for (String e : classPath.split(File.pathSeparator)) if (!e.isEmpty()) all.add(Path.of(e).toAbsolutePath());
        return all;
    }

    /** Next to the jar if that directory is writable, else a per-user temp directory. */
    private static Path directory(Path jarDir) throws IOException {
        if (jarDir != null && Files.isWritable(jarDir)) return jarDir;
        Path dir = Path.of(System.getProperty("java.io.tmpdir"), "spinneret-" + System.getProperty("user.name", "user")
                .toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_.-]", "_"));
        Files.createDirectories(dir);
        return Files.isWritable(dir) ? dir : null;
    }

    private static void deleteOutdated(Path dir, String prefix, Path current) {
        try (DirectoryStream<Path> old = Files.newDirectoryStream(dir, prefix + "*.jsa")) {
            for (Path p : old) if (!p.equals(current)) Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // another run may be deleting them too; an outdated archive left behind is only disk space
        }
    }

    private static String crc(String s) {
        CRC32 crc = new CRC32();
        crc.update(s.getBytes(StandardCharsets.UTF_8));
        return Long.toHexString(crc.getValue());
    }
}
