package io.spinneret.examples.jobs;

import io.spinneret.testing.SignalledProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Spinneret CLI ({@code io.spinneret.cli.Main}) in a child JVM with this test's class path
 * (so the example spiders are found), as a user runs {@code runtime.jar run ...}.
 */
final class CrawlProcess {
    private static final Pattern SUMMARY =
            Pattern.compile("(\\d+) requests \\| (\\d+) responses \\| (\\d+) failures \\| (\\d+) items");

    private final Process process;
    private final Path stdout;
    private final Path stderr;
    private final String name;

    private CrawlProcess(String name, Process process, Path stdout, Path stderr) {
        this.name = name;
        this.process = process;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    /** Starts {@code run <args>} in {@code dir}; {@code name} labels its log files. */
    static CrawlProcess start(Path dir, String name, String... runArgs) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", // start fast: these children live seconds
                "-cp",
                System.getProperty("java.class.path"),
                "io.spinneret.cli.Main",
                "run"));
        command.addAll(List.of(runArgs));
        Path out = dir.resolve(name + ".stdout.txt");
        Path err = dir.resolve(name + ".stderr.txt");
        ProcessBuilder pb = new ProcessBuilder(SignalledProcess.command(command))
                .directory(dir.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile());
        Process p = pb.start();
        return new CrawlProcess(name, p, out, err);
    }

    /** Waits until {@code condition} holds (polling every 5 ms), or fails if the process ends first. */
    void awaitWhileRunning(BooleanSupplier condition, long timeoutSeconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (!condition.getAsBoolean()) {
            if (!process.isAlive()) throw new AssertionError(name + " ended before the condition held: " + this);
            if (System.nanoTime() > deadline)
                throw new AssertionError(name + ": condition not met within " + timeoutSeconds + " s: " + this);
            Thread.sleep(5);
        }
    }

    /** SIGINT, as Ctrl-C sends. */
    void interrupt() throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-INT", Long.toString(process.pid()))
                .inheritIO()
                .start();
        if (kill.waitFor() != 0) throw new AssertionError("kill -INT failed");
    }

    /** SIGTERM, as a service manager or {@code kill} sends. */
    void terminate() throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-TERM", Long.toString(process.pid()))
                .inheritIO()
                .start();
        if (kill.waitFor() != 0) throw new AssertionError("kill -TERM failed");
    }

    /** SIGKILL: no shutdown hook, no flush, no close. */
    void kill() {
        process.destroyForcibly();
    }

    /** Waits for the exit code, killing the process after {@code timeoutSeconds}. */
    int waitFor(long timeoutSeconds) throws InterruptedException {
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor();
            throw new AssertionError(name + " did not end within " + timeoutSeconds + " s: " + this);
        }
        return process.exitValue();
    }

    String stdout() {
        return read(stdout);
    }

    String stderr() {
        return read(stderr);
    }

    /** The counts of the summary line ({@code requests, responses, failures, items}), or null. */
    long[] summary() {
        Matcher m = SUMMARY.matcher(stdout());
        if (!m.find()) return null;
        return new long[] {
            Long.parseLong(m.group(1)),
            Long.parseLong(m.group(2)),
            Long.parseLong(m.group(3)),
            Long.parseLong(m.group(4))
        };
    }

    private static String read(Path p) {
        try {
            return Files.exists(p) ? Files.readString(p, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    @Override
    public String toString() {
        return name + " --- stdout\n" + stdout() + "\n--- stderr (tail)\n" + tail(stderr(), 3000);
    }

    private static String tail(String s, int n) {
        return s.length() <= n ? s : "..." + s.substring(s.length() - n);
    }
}
