package io.spinneret.cli;

import io.spinneret.annotations.Setting;
import io.spinneret.api.SpiderArgumentException;
import io.spinneret.embed.SpiderCatalog;
import io.spinneret.internal.SpiderArguments;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.settings.SettingsLoader;
import io.spinneret.settings.SettingsLoader.CommandLineValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/** Options shared by every subcommand: where settings and spiders come from, the log level and spider arguments. */
final class CommonOptions {
    @Option(
            names = "--settings",
            paramLabel = "FILE",
            description = "settings file (default: ./settings.toml if present)")
    @Nullable
    Path settingsFile;

    @Option(
            names = "--spiders",
            paramLabel = "DIR",
            description = "directory of spider jars and class folders (default: spiders_dir, ./spiders)")
    @Nullable
    Path spidersDir;

    @Option(
            names = {"-s", "--set"},
            paramLabel = "KEY=VALUE",
            description = "any setting, e.g. -s download_timeout=10 (repeatable)")
    List<String> sets = new ArrayList<>();

    @Option(
            names = "--log-level",
            paramLabel = "LEVEL",
            defaultValue = "info",
            description = "error, warn, info, debug or trace (default: ${DEFAULT-VALUE})")
    String logLevel = "info";

    @Option(
            names = {"-a", "--arg"},
            paramLabel = "NAME=VALUE",
            description = "a spider argument, e.g. -a category=travel_2 (repeatable; 'list' shows each spider's)")
    List<String> arguments = new ArrayList<>();

    SettingsLoader loader() {
        if (!Logging.LEVELS.contains(logLevel.toLowerCase(Locale.ROOT))) {
            throw new UsageException(
                    "--log-level must be one of error, warn, info, debug, trace; got '" + logLevel + "'");
        }
        if (settingsFile != null) {
            if (Files.isDirectory(settingsFile)) {
                throw new UsageException("settings file " + settingsFile + " is a directory, not a file");
            }
            if (!Files.isRegularFile(settingsFile))
                throw new UsageException("settings file " + settingsFile + " does not exist");
            return SettingsLoader.load(settingsFile);
        }
        return SettingsLoader.loadIfPresent(Path.of("settings.toml"));
    }

    /**
     * The spider arguments of a crawl: {@code [spider.<name>.args]} of the settings file, then
     * {@code -a} (later wins), checked against the spider's {@code @Arg} fields.
     *
     * @throws UsageException for {@code -a} without {@code =}, or an argument the spider rejects
     */
    Map<String, String> arguments(SettingsLoader loader, SpiderDefinition spider) {
        Map<String, String> out = new LinkedHashMap<>(loader.arguments(spider.name()));
        for (String kv : arguments) {
            int eq = kv.indexOf('=');
            if (eq <= 0)
                throw new UsageException("-a expects name=value, got '" + kv + "'; " + SpiderArguments.list(spider));
            out.put(kv.substring(0, eq).trim(), kv.substring(eq + 1));
        }
        try {
            SpiderArguments.check(spider, out);
        } catch (SpiderArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        return out;
    }

    SpiderCatalog catalog(SettingsLoader loader) {
        Path dir = spidersDirectory(loader);
        if (spidersDir != null && Files.isRegularFile(dir)) {
            throw new UsageException("spiders directory " + dir
                    + " is a file, not a directory (give the directory that holds the spiders' jars)");
        }
        if (spidersDir != null && !Files.isDirectory(dir))
            throw new UsageException("spiders directory " + dir + " does not exist");
        return SpiderCatalog.discover(dir);
    }

    /** {@code --spiders}, else {@code spiders_dir} in the settings file's {@code [default]}, else {@code ./spiders}. */
    Path spidersDirectory(SettingsLoader loader) {
        if (spidersDir != null) return spidersDir;
        String fromFile = loader.defaultsSection().get(Setting.SPIDERS_DIR.key());
        return Path.of(fromFile != null ? fromFile : Setting.SPIDERS_DIR.defaultValue());
    }

    /** The spider called {@code name}; a usage error listing the spiders found if there is none. */
    SpiderDefinition spider(SpiderCatalog catalog, SettingsLoader loader, String name) {
        return catalog.find(name)
                .orElseThrow(() -> new UsageException(catalog.noSuchSpider(name, noSpidersFound(loader))));
    }

    /** The {@code -s} values and {@code --spiders}, as the command line's layer of the settings. */
    List<CommandLineValue> commandLineValues() {
        List<CommandLineValue> v = new ArrayList<>();
        for (String kv : sets) v.add(CommandLineValue.parse(kv));
        if (spidersDir != null)
            v.add(new CommandLineValue(Setting.SPIDERS_DIR.key(), spidersDir.toString(), "--spiders"));
        return v;
    }

    /** What to say when no spider was found at all: where they were looked for, and how to point elsewhere. */
    String noSpidersFound(SettingsLoader loader) {
        Path dir = spidersDirectory(loader);
        return "no spiders were found on the class path or in the spiders directory " + dir
                + (Files.isDirectory(dir) ? "" : " (which does not exist)")
                + "; put your spiders' jar or class folder there, or name their directory with --spiders DIR";
    }
}
