package io.spinneret.cli;

import io.spinneret.files.AtomicMove;
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
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.zip.CRC32;
import org.jspecify.annotations.Nullable;

/**
 * What lets the {@link Launcher}'s child JVM start with its classes already parsed, verified and
 * (on JDK 25+) linked: a file the JVM writes once and maps at every later start.
 *
 * <ul>
 *   <li><b>JDK 25 and later: an AOT cache</b> ({@code -XX:AOTCache}, JEP 483/514). The first run
 *       is a training run ({@code -XX:AOTMode=record}); when it has finished its crawl, the
 *       launcher runs the JVM's create step ({@code -XX:AOTMode=create}, about a second) and moves
 *       the cache into place. Measured on the books replica: 0.09 to 0.14 s less wall time and
 *       0.15 to 0.2 CPU-s less per run than the class-data archive below; the training run costs
 *       about 1.4 s more, once (twice when the first crawl has failures, see {@link Training#worthKeeping}).</li>
 *   <li><b>Older JDKs: a dynamic class-data archive</b> ({@code -XX:SharedArchiveFile} with
 *       {@code -XX:+AutoCreateSharedArchive}), written by the JVM at the end of the first run.</li>
 * </ul>
 *
 * <p>Both must be silent: a crawl's stdout is the user's. The JVM's logging of either is turned
 * off, and the training run also gets {@code -XX:-DisplayVMOutput}, because recording prints a
 * line ("AOTConfiguration recorded") that no logging option silences. A cache or archive that does
 * not fit (another JDK, changed jars) is ignored by the JVM, never an error.
 *
 * <p>The JVM validates the file against the class path at every start, and a rebuilt or upgraded
 * jar fails that check without the file being rewritten (JDK 25: every later run went without it,
 * 0.8 s slower on the books crawl). So the file name carries a checksum of each class-path jar's
 * path, size and modification time (the manifest's {@code Class-Path} included) and of the JDK
 * version: a changed jar gets a new file, and the outdated files of the same launch target are
 * deleted. The files live next to the jar, or in a per-user temp directory if that is not writable.
 */
final class StartupCache {
    /** The first JDK whose AOT cache the launcher uses (AOTMode record/create as in JEP 514). */
    static final int AOT_CACHE_JDK = 25;
    private static final long CREATE_TIMEOUT_SECONDS = 120;
    private static final List<String> QUIET = List.of("-Xlog:aot=off", "-Xlog:cds=off", "-Xlog:cds+dynamic=off");
    /** For the record and create steps, which print lines that {@link #QUIET} does not reach. */
    private static final List<String> VM_OUTPUT_OFF = List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:-DisplayVMOutput");

    /**
     * The options for the child JVM, and for a training run what to do once it has exited.
     *
     * @param jvmOptions options to put before the launch target
     * @param training set for an AOT training run
     */
    record Plan(List<String> jvmOptions, @Nullable Training training) {}

    /**
     * An AOT training run in progress: the configuration it records, and the cache to create from it.
     *
     * @param configuration written by the training JVM at its exit (unique to this launcher)
     * @param cache where the finished cache goes
     * @param failedMarker left when the create step fails, so that later runs fall back to the
     *     class-data archive instead of training again every time
     * @param triedMarker left by a training run whose crawl had failures (see {@link #worthKeeping})
     */
    record Training(Path configuration, Path cache, Path failedMarker, Path triedMarker) {
        /**
         * Whether a training run that ended with this exit code trained the JVM on a real crawl. A
         * clean crawl (0) did. One with failures (1) may have done next to nothing (the site was
         * down: one failed request), so the first such run is not kept and the next one trains
         * again; a second one is kept, so that a site that always fails somewhere does not cost a
         * training run every time.
         */
        boolean worthKeeping(int exitCode) {
            if (exitCode == 0) return true;
            if (exitCode != 1) return false;
            if (Files.exists(triedMarker)) return true;
            try {
                Files.writeString(triedMarker, "a training run ended with failures; the next one is kept\n");
            } catch (IOException e) {
                return true; // cannot remember the attempt: keep this one rather than train forever
            }
            return false;
        }

        /**
         * Runs the JVM's create step (output discarded) and moves the cache into place; deletes the
         * configuration either way.
         *
         * @param createCommand {@code java} and the options shared with the training run; the
         *     create options and {@code classPath} are appended
         * @param classPath the launch target without its main class and arguments
         * @param running receives the create process once started (for signal forwarding)
         * @param cancelled true once the user asked the launcher to stop: the step is abandoned,
         *     and the next run trains again
         * @return true if the cache is in place
         */
        boolean createCache(List<String> createCommand, List<String> classPath, Consumer<Process> running, BooleanSupplier cancelled)
                throws InterruptedException {
            Path partial = cache.resolveSibling(cache.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
            try {
                if (!Files.isRegularFile(configuration)) return false; // the training JVM did not get to write it
                List<String> cmd = new ArrayList<>(createCommand);
                cmd.addAll(List.of("-XX:AOTMode=create", "-XX:AOTConfiguration=" + configuration, "-XX:AOTCache=" + partial));
                cmd.addAll(QUIET);
                cmd.addAll(VM_OUTPUT_OFF);
                cmd.addAll(classPath);
                Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
                running.accept(p);
                if (cancelled.getAsBoolean()) p.destroy();
                boolean done = p.waitFor(CREATE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                if (!done) p.destroyForcibly().waitFor();
                if (cancelled.getAsBoolean()) return false;
                if (done && p.exitValue() == 0 && Files.isRegularFile(partial) && Files.size(partial) > 0) {
                    AtomicMove.replace(partial, cache);
                    return true;
                }
                Files.writeString(failedMarker, "the JVM could not create " + cache.getFileName() + " (exit "
                        + (done ? p.exitValue() : "timeout") + "); delete this file to try again\n");
                return false;
            } catch (IOException e) {
                return false;
            } finally {
                deleteQuietly(partial);
                deleteQuietly(configuration);
                deleteQuietly(triedMarker);
            }
        }

        /** Forgets a training run that did not finish its crawl (interrupted, usage error, crash). */
        void discard() {
            deleteQuietly(configuration);
        }
    }

    private StartupCache() {}

    /**
     * @param target {@code ["-jar", jar]} or {@code ["-cp", classPath, mainClass]}
     * @param jdkFeature the feature release of the JVM that will run the child
     * @param tiered whether the child runs both JIT compilers (see {@link JitChoice}): each choice
     *     trains a cache of its own, and both are kept
     * @return the plan, or null when there is nothing to use (class folders on the class path,
     *     which neither mechanism can archive; no writable directory; an unreadable jar)
     */
    static @Nullable Plan forLaunch(List<String> target, int jdkFeature, boolean tiered) {
        try {
            return forLaunch(target, directory(target), prefix(target), jdkFeature, tiered);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * {@link #forLaunch(List, int, boolean)} with the {@link #directory} and {@link #prefix} of the
     * launch target already known.
     *
     * @param launch how the child is launched (see {@code Launcher.childLaunch}): its class path is
     *     what the cache's name covers
     */
    static @Nullable Plan forLaunch(List<String> launch, @Nullable Path dir, String prefix, int jdkFeature, boolean tiered) {
        try {
            if (dir == null) return null;
            boolean jar = launch.get(0).equals("-jar");
            List<Path> classPath = jar ? jarWithManifestClassPath(Path.of(launch.get(1))) : entries(launch.get(1));
            // the property Runtime.version() is parsed from: the same text, without the parsing (streams, a regex)
            StringBuilder state = new StringBuilder(System.getProperty("java.runtime.version", ""));
            for (Path p : classPath) {
                if (!p.getFileName().toString().endsWith(".jar")) return null;
                BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
                state.append('|').append(p).append(':').append(a.size()).append(':').append(a.lastModifiedTime().toMillis());
            }
            String build = prefix + crc(state.toString());
            deleteOutdated(dir, prefix, build);
            String current = tiered ? build + "-tiered" : build;

            Path cache = dir.resolve(current + ".aot");
            Path failed = dir.resolve(current + ".aot-failed");
            if (jdkFeature >= AOT_CACHE_JDK && !Files.exists(failed)) {
                List<String> options = new ArrayList<>();
                if (Files.isRegularFile(cache)) {
                    options.add("-XX:AOTCache=" + cache);
                    options.addAll(QUIET);
                    return new Plan(options, null);
                }
                Path configuration = dir.resolve(current + "-" + ProcessHandle.current().pid() + ".aotconf");
                options.addAll(List.of("-XX:AOTMode=record", "-XX:AOTConfiguration=" + configuration));
                options.addAll(QUIET);
                options.addAll(VM_OUTPUT_OFF);
                return new Plan(options, new Training(configuration, cache, failed, dir.resolve(current + ".aot-tried")));
            }
            List<String> options = new ArrayList<>();
            options.add("-XX:SharedArchiveFile=" + dir.resolve(current + ".jsa"));
            options.add("-XX:+AutoCreateSharedArchive");
            options.addAll(QUIET);
            return new Plan(options, null);
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

    /** How the names of a launch target's files begin: {@code spinneret-<checksum of the jar or class path>-}. */
    static String prefix(List<String> target) {
        boolean jar = target.get(0).equals("-jar");
        return "spinneret-" + crc(jar ? Path.of(target.get(1)).toAbsolutePath().toString() : target.get(1)) + "-";
    }

    /**
     * Where a launch target's files go: next to the jar if that directory is writable, else a
     * per-user temp directory; null if neither is writable.
     */
    static @Nullable Path directory(List<String> target) throws IOException {
        Path jarDir = target.get(0).equals("-jar") ? Path.of(target.get(1)).toAbsolutePath().getParent() : null;
        if (jarDir != null && Files.isWritable(jarDir)) return jarDir;
        Path dir = Path.of(System.getProperty("java.io.tmpdir"), "spinneret-" + safeName(System.getProperty("user.name", "user")));
        Files.createDirectories(dir);
        return Files.isWritable(dir) ? dir : null;
    }

    /**
     * Deletes the files of this launch target that belong to other jars or another JDK, and what
     * a training run that was killed left behind (its configuration, a partial cache).
     *
     * @param current how the names of the files of the current jars and JDK begin
     */
    private static void deleteOutdated(Path dir, String prefix, String current) {
        long abandoned = System.currentTimeMillis() - TimeUnit.HOURS.toMillis(1);
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) { // no glob: it compiles a regex
            for (Path p : files) {
                String name = p.getFileName().toString();
                if (!name.startsWith(prefix)) continue;
                boolean ours = name.endsWith(".jsa") || name.contains(".aot");
                boolean leftover = name.endsWith(".aotconf") || name.endsWith(".tmp");
                if (ours && (!name.startsWith(current) || leftover && Files.getLastModifiedTime(p).toMillis() < abandoned)) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException ignored) {
            // another run may be deleting them too; an outdated file left behind is only disk space
        }
    }

    static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // a leftover file is only disk space; deleteOutdated removes it after the next rebuild
        }
    }

    /** {@code name} in lower case with every character but {@code a-z 0-9 _ . -} replaced by {@code _}. */
    static String safeName(String name) {
        char[] c = name.toLowerCase(Locale.ROOT).toCharArray();
        for (int i = 0; i < c.length; i++) {
            boolean ok = (c[i] >= 'a' && c[i] <= 'z') || (c[i] >= '0' && c[i] <= '9') || c[i] == '_' || c[i] == '.' || c[i] == '-';
            if (!ok) c[i] = '_';
        }
        return new String(c);
    }

    /** The feature release of this JVM, e.g. 25, read without parsing the whole version string. */
    static int jdkFeature() {
        try {
            return Integer.parseInt(System.getProperty("java.specification.version", ""));
        } catch (NumberFormatException e) {
            return Runtime.version().feature();
        }
    }

    static String crc(String s) {
        CRC32 crc = new CRC32();
        crc.update(s.getBytes(StandardCharsets.UTF_8));
        return Long.toHexString(crc.getValue());
    }
}
