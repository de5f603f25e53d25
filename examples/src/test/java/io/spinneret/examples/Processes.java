package io.spinneret.examples;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs {@code java} commands the way a user types them, in a working directory, with a time limit. */
final class Processes {
    private Processes() {}

    /** What a finished process left. */
    record Result(int exitCode, String stdout, String stderr) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr;
        }
    }

    /** A built artifact named by a system property that the failsafe configuration sets. */
    static Path artifact(String property) {
        String value = System.getProperty(property);
        if (value == null)
            throw new IllegalStateException("system property " + property + " is not set (run through ./mvnw verify)");
        Path p = Path.of(value);
        if (!Files.exists(p)) throw new IllegalStateException(p + " does not exist: build with ./mvnw package first");
        return p;
    }

    /**
     * A fresh installation: the examples jar copied into {@code dir}, its libraries linked rather
     * than copied. Closing it removes the link only (the build's libraries stay).
     */
    record Installation(Path dir, Path jar, Path lib) implements AutoCloseable {
        static Installation in(Path dir) throws IOException {
            Path examplesJar = artifact("spinneret.examples.jar");
            Files.createDirectories(dir);
            Path jar = Files.copy(examplesJar, dir.resolve(examplesJar.getFileName()));
            return new Installation(
                    dir, jar, Files.createSymbolicLink(dir.resolve("lib"), examplesJar.resolveSibling("lib")));
        }

        @Override
        public void close() throws IOException {
            Files.delete(lib);
        }
    }

    /** Runs {@code java <args>} in {@code dir}, killing it after {@code timeoutSeconds}. */
    static Result java(Path dir, long timeoutSeconds, String... args) throws IOException, InterruptedException {
        return java(dir, timeoutSeconds, Map.of(), args);
    }

    /** Runs {@code java <args>} in {@code dir} with these variables added to the environment. */
    static Result java(Path dir, long timeoutSeconds, Map<String, String> env, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "stdout", ".txt");
        Path err = Files.createTempFile(dir, "stderr", ".txt");
        ProcessBuilder pb = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        try {
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                throw new AssertionError("timed out after " + timeoutSeconds + " s: " + command);
            }
        } finally {
            p.destroyForcibly();
        }
        return new Result(
                p.exitValue(),
                Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}
