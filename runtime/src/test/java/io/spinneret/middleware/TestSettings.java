package io.spinneret.middleware;

import io.spinneret.settings.Settings;

final class TestSettings {
    private TestSettings() {}

    /**
     * Defaults with quick, deterministic test values (no delay, fast retries, no robots), then
     * {@code key=value} overrides.
     */
    static Settings of(String... overrides) {
        Settings s = Settings.defaults()
                .with("download_delay", "0", "test")
                .with("respect_robots", "false", "test")
                .with("retry_backoff", "0.01", "test")
                .with("retry_backoff_max", "0.05", "test");
        for (String kv : overrides) {
            int eq = kv.indexOf('=');
            s = s.with(kv.substring(0, eq).strip(), kv.substring(eq + 1), "test");
        }
        return s;
    }
}
