package io.spinneret.cli;

import io.spinneret.annotations.Setting;
import io.spinneret.serve.ServeConfig;
import io.spinneret.serve.ServeService;
import io.spinneret.settings.Settings;
import io.spinneret.settings.SettingsLoader;
import io.spinneret.settings.SettingsLoader.CommandLineValue;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code spinneret serve}: crawls as a service, with a JSON API, cron schedules, run history and a
 * web page (docs/serve.md).
 */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        versionProvider = Cli.Version.class,
        description = "Run crawls as a service: a JSON API, cron schedules, run history and a web page.",
        footer = {
            "",
            "Each run is a child process running 'spinneret run'. SIGINT or SIGTERM stops",
            "the service and its runs gracefully (marked interrupted, they can be resumed)."
        })
final class ServeCommand implements Callable<Integer> {
    static final String TOKEN_VARIABLE = "SPINNERET_TOKEN";

    @Spec
    CommandSpec spec;

    @Option(
            names = "--spiders",
            paramLabel = "DIR",
            required = true,
            description = "directory of spider jars and class folders")
    Path spidersDir = Path.of("spiders");

    @Option(
            names = "--host",
            paramLabel = "HOST",
            defaultValue = "127.0.0.1",
            description = "address to listen on (default: ${DEFAULT-VALUE}); beyond loopback a token is required")
    String host = "127.0.0.1";

    @Option(
            names = "--port",
            paramLabel = "PORT",
            defaultValue = "6800",
            description = "port to listen on (default: ${DEFAULT-VALUE})")
    int port = 6800;

    @Option(
            names = "--data-dir",
            paramLabel = "DIR",
            defaultValue = "serve-data",
            description = "where runs, schedules, items and logs are kept (default: ${DEFAULT-VALUE})")
    Path dataDir = Path.of("serve-data");

    @Option(
            names = "--token",
            paramLabel = "TOKEN",
            description = "the token every request must present (Authorization: Bearer); default: $" + TOKEN_VARIABLE)
    @Nullable
    String token;

    @Option(
            names = "--settings",
            paramLabel = "FILE",
            description = "settings file every run reads; its [default] also holds serve_* settings")
    @Nullable
    Path settingsFile;

    @Option(
            names = {"-s", "--set"},
            paramLabel = "KEY=VALUE",
            description = "a service setting, e.g. -s serve_max_runs=4 (repeatable)")
    List<String> sets = new ArrayList<>();

    @Option(
            names = "--log-level",
            paramLabel = "LEVEL",
            defaultValue = "info",
            description = "error, warn, info, debug or trace")
    String logLevel = "info";

    @Override
    public Integer call() throws Exception {
        if (!Files.isDirectory(spidersDir)) {
            throw new UsageException("spiders directory " + spidersDir + " does not exist");
        }
        Settings settings = settings();
        String secret = token != null ? token : System.getenv().getOrDefault(TOKEN_VARIABLE, "");
        ServeConfig config;
        try {
            config = new ServeConfig(
                    spidersDir,
                    host,
                    port,
                    dataDir,
                    secret,
                    settingsFile,
                    settings.getInt(Setting.SERVE_MAX_RUNS),
                    settings.getString(Setting.SERVE_JAVA_OPTIONS),
                    Clock.systemDefaultZone());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        ServeService service = ServeService.start(config);
        PrintWriter out = spec.commandLine().getOut();
        out.println("serving at " + service.url() + (secret.isEmpty() ? "" : " (open it with ?token=<token> once)"));
        out.flush();
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(
                () -> {
                    service.close();
                    stopped.countDown();
                },
                "serve-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        stopped.await();
        return 0;
    }

    /** The serve_* settings: built-in, then the settings file's [default], then -s. */
    private Settings settings() {
        SettingsLoader loader = settingsFile == null ? SettingsLoader.none() : SettingsLoader.load(settingsFile);
        Settings settings = Settings.defaults();
        for (Map.Entry<String, String> e : loader.defaultsSection().entrySet()) {
            settings = settings.with(e.getKey(), e.getValue(), "[default] of " + settingsFile);
        }
        for (String kv : sets) {
            CommandLineValue v = CommandLineValue.parse(kv);
            settings = settings.with(v.key(), v.value(), "-s");
        }
        return settings;
    }
}
