package io.spinneret.serve;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A run's folder, {@code <data-dir>/runs/<id>/}: its items ({@code items.jsonl}), its final stats
 * ({@code stats.json}), its log ({@code log.txt}) and the saved queue of its SQLite scheduler
 * ({@code job/}), from which an interrupted run resumes.
 */
record RunFiles(Path dir) {
    static RunFiles of(Path dataDir, long id) {
        return new RunFiles(dataDir.resolve("runs").resolve(Long.toString(id)).toAbsolutePath());
    }

    Path items() {
        return dir.resolve("items.jsonl");
    }

    Path stats() {
        return dir.resolve("stats.json");
    }

    Path log() {
        return dir.resolve("log.txt");
    }

    /** The run's spider arguments and settings, as a picocli argument file (see {@link RunLauncher}). */
    Path arguments() {
        return dir.resolve("arguments.txt");
    }

    Path jobDir() {
        return dir.resolve("job");
    }

    /** The items written so far: the lines of {@code items.jsonl}. */
    long itemCount() {
        if (!Files.isRegularFile(items())) return 0;
        long lines = 0;
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(items())) {
            for (int n; (n = in.read(buf)) > 0; ) {
                for (int i = 0; i < n; i++) if (buf[i] == '\n') lines++;
            }
        } catch (IOException e) {
            return lines;
        }
        return lines;
    }
}
