package io.spinneret.testing;

import io.spinneret.settings.Settings;
import java.nio.file.Path;

/** Settings for fast local test crawls: no delay, no robots.txt, output under a temp dir. */
public final class TestSettings {
    private TestSettings() {}

    public static Settings fast(Path output, String... keyValues) {
        Settings s = Settings.defaults()
                .with("download_delay", "0", "test")
                .with("respect_robots", "false", "test")
                .with("retry_times", "0", "test")
                .with("progress_interval", "0", "test")
                .with("output", output.toString(), "test");
        for (String kv : keyValues) {
            int eq = kv.indexOf('=');
            s = s.with(kv.substring(0, eq), kv.substring(eq + 1), "test");
        }
        return s;
    }
}
