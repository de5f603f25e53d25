package io.spinneret.settings;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import io.spinneret.annotations.Setting;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Builds the effective {@link Settings} of a crawl from its five layers, lowest to highest:
 * <ol>
 *   <li>the built-in defaults ({@link Setting});</li>
 *   <li>{@code [default]} in {@code settings.toml};</li>
 *   <li>the spider's own {@code @Spider(settings = ...)};</li>
 *   <li>{@code [spider.<name>]} in {@code settings.toml};</li>
 *   <li>the command line ({@code -s key=value}, {@code -c}, {@code --delay}, {@code -n}, {@code -o}).</li>
 * </ol>
 *
 * <pre>{@code
 * [default]
 * concurrency = 16
 * download_delay = 1.0
 *
 * [spider.books]
 * concurrency = 8
 * start_urls = ["http://127.0.0.1:8080/"]
 * }</pre>
 *
 * <p>Every value remembers its layer ({@link Settings#value}). An unknown key, an unknown section
 * or a badly typed value is an {@link InvalidSettingException} naming the key, the layer and the
 * file. Immutable once loaded; thread-safe.
 */
public final class SettingsLoader {
    /** The table of a {@code [spider.<name>]} section that holds spider arguments, not settings. */
    static final String ARGS = "args";

    private final @Nullable Path file;
    private final Map<String, String> defaults;
    private final Map<String, Map<String, String>> spiders;
    /** {@code [spider.<name>.args]}: spider arguments, by spider. */
    private final Map<String, Map<String, String>> arguments;

    private SettingsLoader(
            @Nullable Path file,
            Map<String, String> defaults,
            Map<String, Map<String, String>> spiders,
            Map<String, Map<String, String>> arguments) {
        this.file = file;
        this.defaults = defaults;
        this.spiders = spiders;
        this.arguments = arguments;
    }

    /** No settings file: defaults, the spider's own and the command line only. */
    public static SettingsLoader none() {
        return new SettingsLoader(null, Map.of(), Map.of(), Map.of());
    }

    /**
     * Reads a {@code settings.toml}.
     *
     * @throws InvalidSettingException if it cannot be read or parsed, or has an unknown section
     */
    public static SettingsLoader load(Path file) {
        JsonNode root;
        try {
            root = new TomlMapper().readTree(Files.readAllBytes(file));
        } catch (JacksonException e) {
            var at = e.getLocation();
            throw new InvalidSettingException(
                    file + (at != null && at.getLineNr() > 0 ? ", line " + at.getLineNr() : "")
                            + ", is not valid TOML: " + e.getOriginalMessage().strip());
        } catch (IOException e) {
            throw new InvalidSettingException("cannot read settings file " + file + ": " + e.getMessage());
        }
        Map<String, String> defaults = new LinkedHashMap<>();
        Map<String, Map<String, String>> spiders = new LinkedHashMap<>();
        Map<String, Map<String, String>> arguments = new LinkedHashMap<>();
        if (root == null || root.isMissingNode() || root.isNull())
            return new SettingsLoader(file, defaults, spiders, arguments);
        for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            switch (e.getKey()) {
                case "default" -> table(e.getValue(), "[default]", file, defaults);
                case "spider" -> {
                    if (!e.getValue().isObject()) throw badSection("spider", file);
                    for (Iterator<Map.Entry<String, JsonNode>> s = e.getValue().fields(); s.hasNext(); ) {
                        Map.Entry<String, JsonNode> sp = s.next();
                        Map<String, String> m = new LinkedHashMap<>();
                        JsonNode section = sp.getValue();
                        if (section.isObject() && section.has(ARGS)) {
                            arguments.put(
                                    sp.getKey(),
                                    SpiderArgumentsTable.read(
                                            section.get(ARGS), "[spider." + sp.getKey() + "." + ARGS + "]", file));
                            section = ((ObjectNode) section.deepCopy()).without(ARGS);
                        }
                        table(section, "[spider." + sp.getKey() + "]", file, m);
                        spiders.put(sp.getKey(), m);
                    }
                }
                default -> throw badSection(e.getKey(), file);
            }
        }
        return new SettingsLoader(file, defaults, spiders, arguments);
    }

    /** Reads {@code file} if it exists, else {@link #none()}. */
    public static SettingsLoader loadIfPresent(Path file) {
        return Files.isRegularFile(file) ? load(file) : none();
    }

    private static InvalidSettingException badSection(String key, Path file) {
        return new InvalidSettingException("unknown section or key '" + key + "' at the top of " + file
                + "; expected [default] and [spider.<name>] tables");
    }

    private static void table(JsonNode node, String section, Path file, Map<String, String> into) {
        if (!node.isObject()) {
            throw new InvalidSettingException(section + " in " + file + " must be a table");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = e.getKey();
            String origin = section + " of " + file;
            Setting s = Setting.byKey(key).orElseThrow(() -> unknown(key, origin));
            into.put(key, text(s, e.getValue(), origin));
        }
    }

    private static String text(Setting s, JsonNode v, String origin) {
        if (v.isArray()) {
            if (s.type() != Setting.Type.LIST) {
                throw new InvalidSettingException(s.key() + " " + expected(s) + ", got a list (in " + origin + ")");
            }
            List<String> parts = new ArrayList<>();
            for (JsonNode x : v) {
                if (!x.isValueNode())
                    throw new InvalidSettingException(s.key() + " expects a list of strings (in " + origin + ")");
                parts.add(x.asText());
            }
            return String.join(",", parts);
        }
        if (!v.isValueNode())
            throw new InvalidSettingException(s.key() + " " + expected(s) + ", got a table (in " + origin + ")");
        if (v.isTextual() && isNumeric(s) && !v.asText().isBlank()) {
            // "8" where 8 was meant is an easy slip; the type check below still rejects "x"
            return v.asText();
        }
        if (!v.isTextual() && (s.type() == Setting.Type.STRING || s.type() == Setting.Type.ENUM)) {
            throw new InvalidSettingException(s.key() + " " + expected(s) + ", got " + v + " (in " + origin + ")");
        }
        return v.asText();
    }

    private static boolean isNumeric(Setting s) {
        return switch (s.type()) {
            case INT, LONG, DOUBLE, DURATION -> true;
            default -> false;
        };
    }

    private static String expected(Setting s) {
        return switch (s.type()) {
            case INT, LONG -> "expects an integer";
            case DOUBLE -> "expects a number";
            case DURATION -> "expects a number of seconds";
            case BOOLEAN -> "expects true or false";
            case STRING -> "expects a string";
            case LIST -> "expects a list";
            case ENUM -> "expects one of " + String.join(", ", s.choices());
        };
    }

    /** An unknown key, with the closest known one as a hint. */
    public static InvalidSettingException unknown(String key, String origin) {
        String hint = DidYouMean.closest(key, Setting.keys());
        return new InvalidSettingException("unknown setting '" + key + "' (in " + origin + ")"
                + (hint != null
                        ? "; did you mean '" + hint + "'?"
                        : "; run with --print-settings to see every setting"));
    }

    /**
     * What to warn about {@code [spider.<name>]} sections that name none of {@code spiders}: their
     * settings apply to no crawl, which a typo in the name would otherwise keep quiet. A section may
     * be meant for spiders found elsewhere, so this is a warning, not an error.
     */
    public List<String> sectionsForNoSpider(Collection<String> spiders) {
        List<String> out = new ArrayList<>();
        for (String section : this.spiders.keySet()) {
            if (spiders.contains(section)) continue;
            String hint = DidYouMean.closest(section, spiders);
            out.add(file + " has a section [spider." + section + "], but no spider is named '" + section + "'"
                    + (hint != null ? " (did you mean [spider." + hint + "]?)" : "")
                    + "; its settings apply to no crawl");
        }
        return out;
    }

    /** The settings file, or null when there is none. */
    public @Nullable Path file() {
        return file;
    }

    /** The spider names that have a {@code [spider.<name>]} section. */
    public List<String> spiderSections() {
        return List.copyOf(spiders.keySet());
    }

    /** The spider arguments of {@code [spider.<name>.args]}, as written (lists joined with commas); empty if none. */
    public Map<String, String> arguments(String spiderName) {
        return Map.copyOf(arguments.getOrDefault(spiderName, Map.of()));
    }

    /** {@code [default]} values as written in the file (after the list conversion). */
    public Map<String, String> defaultsSection() {
        return Map.copyOf(defaults);
    }

    /**
     * The effective settings of one spider.
     *
     * @param spiderName the spider, selecting {@code [spider.<name>]}
     * @param spiderClass the spider's class, for messages
     * @param spiderSettings its {@code @Spider(settings)} entries, {@code key=value}
     * @param commandLine {@code key=value} from the command line, in order; later wins
     * @throws InvalidSettingException for an unknown key or a badly typed value, naming its layer
     */
    public Settings resolve(
            String spiderName, String spiderClass, List<String> spiderSettings, List<CommandLineValue> commandLine) {
        Settings s = Settings.defaults();
        for (Map.Entry<String, String> e : defaults.entrySet())
            s = apply(s, e.getKey(), e.getValue(), "[default] of " + file);
        for (String kv : spiderSettings) {
            int eq = kv.indexOf('=');
            String origin = "@Spider(settings) of " + spiderClass;
            if (eq <= 0) throw new InvalidSettingException("'" + kv + "' is not key=value (in " + origin + ")");
            s = apply(s, kv.substring(0, eq).trim(), kv.substring(eq + 1).trim(), origin);
        }
        Map<String, String> own = spiders.getOrDefault(spiderName, Map.of());
        for (Map.Entry<String, String> e : own.entrySet()) {
            s = apply(s, e.getKey(), e.getValue(), "[spider." + spiderName + "] of " + file);
        }
        for (CommandLineValue v : commandLine) s = apply(s, v.key(), v.value(), "command line (" + v.option() + ")");
        return s;
    }

    private static Settings apply(Settings s, String key, String value, String origin) {
        Setting setting = Setting.byKey(key).orElseThrow(() -> unknown(key, origin));
        return s.with(setting, value, origin);
    }

    /**
     * One command-line value.
     *
     * @param option how the user wrote it, for messages, e.g. {@code -c} or {@code -s}
     */
    public record CommandLineValue(String key, String value, String option) {
        /** Parses {@code key=value} given with {@code -s}. */
        public static CommandLineValue parse(String keyValue) {
            int eq = keyValue.indexOf('=');
            if (eq <= 0) throw new InvalidSettingException("-s expects key=value, got '" + keyValue + "'");
            return new CommandLineValue(
                    keyValue.substring(0, eq).trim(), keyValue.substring(eq + 1).trim(), "-s " + keyValue);
        }
    }
}
