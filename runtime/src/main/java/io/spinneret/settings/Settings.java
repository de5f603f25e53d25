package io.spinneret.settings;

import io.spinneret.annotations.Setting;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The effective settings of a crawl: one value per {@link Setting}, each remembering the layer it
 * came from. Immutable and thread-safe. Build the layered view with {@code SettingsLoader}; in
 * tests, {@code Settings.defaults().with(Setting.CONCURRENCY, "4", "test")}.
 */
public final class Settings {
    /** A value and where it came from, e.g. {@code settings.toml [spider.books]}. */
    public record Value(String raw, String origin) {}

    /** The {@link Value#origin} of a built-in default. */
    public static final String BUILT_IN = "default";

    private final Map<Setting, Value> values;

    private Settings(Map<Setting, Value> values) {
        this.values = values;
    }

    /** The built-in defaults. */
    public static Settings defaults() {
        EnumMap<Setting, Value> m = new EnumMap<>(Setting.class);
        for (Setting s : Setting.values()) m.put(s, new Value(s.defaultValue(), BUILT_IN));
        return new Settings(m);
    }

    /**
     * A copy with one value replaced.
     *
     * @throws InvalidSettingException if the value does not fit the setting's type
     */
    public Settings with(Setting setting, String raw, String origin) {
        setting.check(raw).ifPresent(problem -> {
            throw new InvalidSettingException(setting.key() + " " + problem + " (in " + origin + ")");
        });
        EnumMap<Setting, Value> m = new EnumMap<>(values);
        m.put(setting, new Value(raw.trim(), origin));
        return new Settings(m);
    }

    /** A copy with {@code key=value} applied, checking the key too. */
    public Settings with(String key, String raw, String origin) {
        Setting s = Setting.byKey(key)
                .orElseThrow(() -> new InvalidSettingException("unknown setting '" + key + "' (in " + origin
                        + "); known settings: " + String.join(", ", Setting.keys())));
        return with(s, raw, origin);
    }

    public Value value(Setting s) {
        return values.get(s);
    }

    public String getString(Setting s) {
        return values.get(s).raw();
    }

    public int getInt(Setting s) {
        return Integer.parseInt(getString(s));
    }

    public long getLong(Setting s) {
        return Long.parseLong(getString(s));
    }

    public double getDouble(Setting s) {
        return Double.parseDouble(getString(s));
    }

    public boolean getBoolean(Setting s) {
        return Boolean.parseBoolean(getString(s));
    }

    /** A duration setting (seconds, fractions allowed). */
    public Duration getDuration(Setting s) {
        return Duration.ofNanos(Math.round(getDouble(s) * 1_000_000_000L));
    }

    /** A list setting: comma-separated, blanks dropped. */
    public List<String> getList(Setting s) {
        String raw = getString(s);
        if (raw.isBlank()) return List.of();
        return Arrays.stream(raw.split(","))
                .map(String::trim)
                .filter(x -> !x.isEmpty())
                .toList();
    }

    /** An enum setting in lower case. */
    public String getChoice(Setting s) {
        return getString(s).toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        for (var e : values.entrySet())
            b.append(e.getKey().key()).append(" = ").append(e.getValue().raw()).append('\n');
        return b.toString();
    }
}
