package io.spinneret.serve;

import io.spinneret.disk.OwnerOnly;
import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Starts a run as a child JVM running {@code spinneret run}: the same class path as the service,
 * {@code serve_java_options}, and {@code -XX:+ExitOnOutOfMemoryError} so that a run out of memory
 * ends instead of limping on. Its output and errors go to the run's {@code log.txt}; its items to
 * {@code items.jsonl}; its queue to a SQLite job folder, so that it can be resumed; its live page
 * to a free port on 127.0.0.1. The run's own arguments and settings, which may hold passwords
 * ({@code proxies}, {@code redis_url}, a database output), are not on its command line, which
 * every user of the machine can read ({@code ps}): they are in the run's {@code arguments.txt},
 * readable by the service's user only, which the command line names as a picocli argument file
 * ({@code @arguments.txt}).
 */
final class RunLauncher {
    /** The settings each run gets from the service, which a request may not set. */
    static final List<String> RESERVED =
            List.of("output", "overwrite_output", "stats_file", "ui", "job_dir", "scheduler", "spiders_dir");

    private final Path spidersDir;
    private final @Nullable Path settingsFile;
    private final List<String> javaOptions;

    RunLauncher(Path spidersDir, @Nullable Path settingsFile, String javaOptions) {
        this.spidersDir = spidersDir.toAbsolutePath();
        this.settingsFile = settingsFile == null ? null : settingsFile.toAbsolutePath();
        this.javaOptions = javaOptions.isBlank()
                ? List.of()
                : Arrays.asList(javaOptions.trim().split("\\s+"));
    }

    /** A started run: its process and the port of its live page. */
    record Started(Process process, int livePort) {}

    Started start(RunRecord run, RunFiles files, boolean resume) throws IOException {
        Files.createDirectories(files.dir());
        writeArguments(run, files);
        int livePort = freePort();
        ProcessBuilder pb = new ProcessBuilder(command(run, files, resume, livePort))
                .directory(files.dir().toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(files.log().toFile()));
        return new Started(pb.start(), livePort);
    }

    List<String> command(RunRecord run, RunFiles files, boolean resume, int livePort) {
        List<String> c = new ArrayList<>();
        c.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        c.addAll(javaOptions);
        c.add("-XX:+ExitOnOutOfMemoryError");
        c.add("-cp");
        c.add(classPath());
        c.add("io.spinneret.cli.Main");
        c.addAll(List.of("run", run.spider(), "--spiders", spidersDir.toString()));
        if (settingsFile != null) c.addAll(List.of("--settings", settingsFile.toString()));
        c.add("@" + files.arguments()); // the run's -a and -s: argumentFile
        c.addAll(List.of("-s", "scheduler=sqlite", "-s", "job_dir=" + files.jobDir()));
        c.addAll(List.of(
                "-o", files.items().toString(), "--stats-file", files.stats().toString()));
        c.addAll(List.of("--ui", "127.0.0.1:" + livePort));
        if (resume) c.add("--resume");
        return c;
    }

    /**
     * The run's spider arguments and settings as a picocli argument file: one argument a line, in
     * double quotes, a backslash, a quote and line breaks escaped, so that any value comes back
     * as it was given.
     */
    private static String argumentFile(RunRecord run) {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, String> a : run.args().entrySet()) {
            quoted(out, "-a").append('\n');
            quoted(out, a.getKey() + "=" + a.getValue()).append('\n');
        }
        for (Map.Entry<String, String> s : run.settings().entrySet()) {
            quoted(out, "-s").append('\n');
            quoted(out, s.getKey() + "=" + s.getValue()).append('\n');
        }
        return out.toString();
    }

    private static StringBuilder quoted(StringBuilder out, String argument) {
        out.append('"');
        for (int i = 0; i < argument.length(); i++) {
            char c = argument.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '"' -> out.append("\\\"");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                default -> out.append(c);
            }
        }
        return out.append('"');
    }

    /**
     * Writes the run's {@link #argumentFile} to its {@code arguments.txt}, readable and writable by
     * this user only where the file system has POSIX permissions.
     */
    static void writeArguments(RunRecord run, RunFiles files) throws IOException {
        Path file = files.arguments();
        String text = argumentFile(run);
        Files.deleteIfExists(file); // a resumed run's: written again, with the permissions below
        OwnerOnly.createFile(file);
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /** The service's own class path, made absolute: a run starts in its own folder. */
    private static String classPath() {
        List<String> parts = new ArrayList<>();
        for (String p : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!p.isBlank()) parts.add(Path.of(p).toAbsolutePath().toString());
        }
        return String.join(File.pathSeparator, parts);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
