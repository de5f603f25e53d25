package io.spinneret.disk;

import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * Where Spinneret keeps what it unpacks once and reuses in later runs (Playwright's driver,
 * SQLite's native library): {@code $XDG_CACHE_HOME/spinneret}, else {@code ~/.cache/spinneret}.
 */
public final class UserCache {
    private UserCache() {}

    /** The cache folder (it may not exist yet), or null when there is no home to put it in. */
    public static @Nullable Path root() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank()) return Path.of(xdg, "spinneret");
        String home = System.getProperty("user.home");
        return home == null || home.isBlank() ? null : Path.of(home, ".cache", "spinneret");
    }
}
