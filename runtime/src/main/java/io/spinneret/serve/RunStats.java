package io.spinneret.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import org.jspecify.annotations.Nullable;

/** A run's final stats: the {@code stats.json} its crawl wrote as it closed, if it got that far. */
final class RunStats {
    private static final ObjectMapper JSON = new ObjectMapper();

    private RunStats() {}

    static @Nullable JsonNode read(RunFiles files) {
        if (!Files.isRegularFile(files.stats())) return null;
        try {
            return JSON.readTree(files.stats().toFile());
        } catch (IOException e) {
            return null;
        }
    }
}
