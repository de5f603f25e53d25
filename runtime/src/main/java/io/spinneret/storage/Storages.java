package io.spinneret.storage;

import io.spinneret.api.SpinneretException;
import io.spinneret.settings.Settings;

/**
 * Picks the storage for an {@code -o} target: by file extension ({@code .jsonl}, {@code .csv},
 * {@code .db}/{@code .sqlite}) or URI scheme ({@code postgresql://}, {@code mysql://},
 * {@code mongodb://}, {@code sqlite:}).
 */
public final class Storages {
    private Storages() {}

    /** A storage for {@code target}; not yet opened. @throws SpinneretException for an unknown target */
    public static Storage forTarget(String target, Settings settings) {
        // each backend adds its case here
        String lower = target.toLowerCase(java.util.Locale.ROOT);
        if (!lower.contains("://")) {
            if (lower.endsWith(".jsonl") || lower.endsWith(".ndjson")) return new io.spinneret.storage.file.JsonlStorage(java.nio.file.Path.of(target));
            if (lower.endsWith(".csv")) return new io.spinneret.storage.file.CsvStorage(java.nio.file.Path.of(target));
        }
        throw new SpinneretException("unsupported output '" + target + "'");
    }
}
