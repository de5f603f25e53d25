package io.spinneret.cli;

import io.spinneret.annotations.Setting;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.embed.SpiderCatalog;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.scheduler.Schedulers;
import io.spinneret.settings.Secrets;
import io.spinneret.settings.Settings;
import io.spinneret.settings.SettingsLoader;
import io.spinneret.settings.SettingsLoader.CommandLineValue;
import io.spinneret.spi.CrawlFinishedException;
import io.spinneret.storage.Storages;
import io.spinneret.warc.WarcFileNames;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code spinneret run <spider>}: crawls and prints the summary line. */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        versionProvider = Cli.Version.class,
        description = "Crawl with a spider and store its items.",
        footer = {
            "",
            "Exit codes: 0 success, 1 finished with failures or storage failed, 2 usage error,",
            "3 nothing was crawled and nothing failed (no start request, or every one dropped or answered 4xx/5xx);",
            "stopped by a signal: 130 after SIGINT (Ctrl-C), 143 after SIGTERM, 129 after SIGHUP.",
            "The first signal stops gracefully (no new request; items flushed, summary printed), a second quits at once."
        })
final class RunCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common = new CommonOptions();

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SPIDER", description = "the spider's name (see 'list')")
    String spiderName = "";

    @Option(
            names = {"-n", "--max-items"},
            paramLabel = "N",
            description = "stop after N items")
    @Nullable
    Integer maxItems;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "TARGET",
            description =
                    "output file (.jsonl, .json, .csv, ...), database URI or - (standard output); repeatable, and TYPE=TARGET for one item type (default: <spider>.jsonl)")
    List<String> outputs = new ArrayList<>();

    @Option(
            names = {"-O", "--overwrite-output"},
            paramLabel = "TARGET",
            description = "like -o (repeatable too), but each output file is emptied first instead of appended to")
    List<String> overwriteOutputs = new ArrayList<>();

    @Option(
            names = {"-c", "--concurrency"},
            paramLabel = "N",
            description = "requests in flight at once")
    @Nullable
    Integer concurrency;

    @Option(names = "--delay", paramLabel = "SECONDS", description = "seconds between requests to one domain")
    @Nullable
    String delay;

    @Option(
            names = "--resume",
            description = "continue a previous interrupted crawl (persistent scheduler, sqlite unless set)")
    boolean resume;

    @Option(
            names = "--recrawl",
            description =
                    "request the known pages of a finished job again with their validators; emit only changed and new pages' items (sqlite unless set)")
    boolean recrawl;

    @Option(
            names = "--redis",
            paramLabel = "URL",
            description = "share the queue through Redis, e.g. redis://127.0.0.1:6379/0")
    @Nullable
    String redis;

    @Option(
            names = "--crawl-id",
            paramLabel = "ID",
            description = "the distributed crawl to join (default: the spider's name)")
    @Nullable
    String crawlId;

    @Option(
            names = "--new-crawl",
            description = "with --redis: start the crawl again even if it finished (clears its queue and seen set)")
    boolean newCrawl;

    @Option(
            names = "--metrics",
            paramLabel = "HOST:PORT",
            description = "serve Prometheus metrics at http://HOST:PORT/metrics, e.g. 127.0.0.1:9464")
    @Nullable
    String metrics;

    @Option(
            names = "--ui",
            paramLabel = "HOST:PORT",
            description = "serve the live crawl page at http://HOST:PORT/, e.g. 127.0.0.1:8080")
    @Nullable
    String ui;

    @Option(names = "--stats-file", paramLabel = "FILE", description = "write the final stats as JSON to FILE")
    @Nullable
    String statsFile;

    @Option(names = "--print-settings", description = "print every effective setting and where it came from, then exit")
    boolean printSettings;

    @Override
    public Integer call() throws Exception {
        return crawl(spec.commandLine().getOut(), spec.commandLine().getErr());
    }

    /** Runs the command as its fields say (filled by picocli or by {@link QuickRunParser}). */
    int crawl(PrintWriter out, PrintWriter err) throws Exception {
        // the scheduler the flags name loads its driver while the catalogue and settings are read
        if (redis != null) Schedulers.warmUp("redis");
        else if (resume || recrawl) Schedulers.warmUp("sqlite");
        SettingsLoader loader = common.loader();
        SpiderCatalog catalog = common.catalog(loader);
        SpiderDefinition spider = common.spider(catalog, loader, spiderName);
        for (String warning : loader.sectionsForNoSpider(catalog.names())) {
            LoggerFactory.getLogger(RunCommand.class).warn(warning);
        }
        Settings settings =
                loader.resolve(spider.name(), spider.className(), spider.settings(), commandLine(loader, spider));
        var arguments = common.arguments(loader, spider);
        if (printSettings) {
            print(settings, out);
            return 0;
        }
        String target = Crawler.output(settings, spider.name());
        if (settings.getString(Setting.OUTPUT).isBlank() // the default output
                && !resume
                && !settings.getChoice(Setting.SCHEDULER).equals("redis")) {
            // the file nobody named holds this run's items, not every run's: run it twice, 1,000 books. Not
            // a node of a Redis crawl, which a restart joins again: it adds to what it stored before
            settings = settings.with(Setting.OVERWRITE_OUTPUT, "true", "the default output " + target);
        }
        try {
            Storages.forOutput(
                    target, settings); // fail fast on an unsupported target (or -O with a database), as a usage error
        } catch (RuntimeException e) {
            throw new UsageException(e.getMessage());
        }
        OutputTypes.check(target, catalog.items());
        if (resume && settings.getBoolean(Setting.OVERWRITE_OUTPUT)) {
            throw new UsageException(
                    "--resume adds to the interrupted crawl's output; emptying it first (-O, overwrite_output) would lose those items");
        }
        Crawler crawler = Crawler.builder(spider)
                .settings(settings)
                .arguments(arguments)
                .items(catalog.items())
                .resume(resume)
                .build();
        Signals signals = Signals.install(crawler, err);
        CrawlResult result;
        try {
            result = crawler.run();
        } catch (CrawlFinishedException finished) {
            err.println(finished.getMessage()); // not a failure: the work is done
            return 0;
        } finally {
            signals.uninstall();
        }
        if (result.outcome() == CrawlResult.Outcome.FAILED) {
            err.println("error: " + result.error());
        }
        String nothing = result.nothingCrawled();
        // a node of a distributed crawl that found no work left (the others had it) did nothing wrong
        boolean idleNode = nothing != null
                && settings.getChoice(Setting.SCHEDULER).equals("redis")
                && result.requests() == 0
                && result.failures() == 0;
        if (idleNode && result.get(Crawler.STAT_OTHER_NODES) > 0) {
            err.println("this node got no work: the shared queue stayed empty (the other nodes of the crawl had it)");
        } else if (idleNode) {
            err.println("this node got no work: the shared queue stayed empty, and no other node of the crawl was"
                    + " seen (its start requests were seen before: --resume crawls only new URLs, --new-crawl"
                    + " starts again)");
        } else if (nothing != null) {
            err.println("error: " + nothing);
        }
        // with -o - the items are standard output: the summary goes with the logs
        PrintWriter summary =
                Storages.outputs(target).stream().anyMatch(o -> o.target().equals("-")) ? err : out;
        summary.println(result.summaryLine());
        summary.flush();
        // interrupted by a signal: 128 + its number, as a shell reports a process that signal ended
        if (result.outcome() == CrawlResult.Outcome.INTERRUPTED && signals.exitCode() != 0) return signals.exitCode();
        return idleNode ? 0 : result.exitCode();
    }

    private List<CommandLineValue> commandLine(SettingsLoader loader, SpiderDefinition spider) {
        List<CommandLineValue> v = new ArrayList<>();
        for (String kv : common.sets) v.add(CommandLineValue.parse(kv));
        if (concurrency != null) v.add(new CommandLineValue(Setting.CONCURRENCY.key(), concurrency.toString(), "-c"));
        if (delay != null) v.add(new CommandLineValue(Setting.DOWNLOAD_DELAY.key(), delay, "--delay"));
        if (maxItems != null) v.add(new CommandLineValue(Setting.MAX_ITEMS.key(), maxItems.toString(), "-n"));
        if (!outputs.isEmpty() && !overwriteOutputs.isEmpty()) {
            throw new UsageException("give -o (append) or -O (overwrite), not both");
        }
        boolean overwrite = !overwriteOutputs.isEmpty();
        String flag = overwrite ? "-O" : "-o";
        List<String> itemOutputs = new ArrayList<>();
        for (String output : overwrite ? overwriteOutputs : outputs) {
            if (WarcFileNames.isWarc(output)) {
                // a record of the exchanges, not an item output
                v.add(new CommandLineValue(Setting.WARC_OUTPUT.key(), output, flag));
            } else {
                itemOutputs.add(output);
            }
        }
        if (!itemOutputs.isEmpty()) {
            v.add(new CommandLineValue(Setting.OUTPUT.key(), String.join(",", itemOutputs), flag));
        }
        if (overwrite) v.add(new CommandLineValue(Setting.OVERWRITE_OUTPUT.key(), "true", "-O"));
        if (metrics != null) v.add(new CommandLineValue(Setting.METRICS.key(), metrics, "--metrics"));
        if (ui != null) v.add(new CommandLineValue(Setting.UI.key(), ui, "--ui"));
        if (statsFile != null) v.add(new CommandLineValue(Setting.STATS_FILE.key(), statsFile, "--stats-file"));
        if (common.spidersDir != null)
            v.add(new CommandLineValue(Setting.SPIDERS_DIR.key(), common.spidersDir.toString(), "--spiders"));
        if (crawlId != null) v.add(new CommandLineValue(Setting.CRAWL_ID.key(), crawlId, "--crawl-id"));
        if (recrawl) {
            if (resume || newCrawl)
                throw new UsageException(
                        "give --recrawl (request the known pages again) alone, without --resume or --new-crawl");
            v.add(new CommandLineValue(Setting.RECRAWL.key(), "true", "--recrawl"));
        }
        if (newCrawl) {
            if (resume)
                throw new UsageException(
                        "give --resume (crawl what the crawl has not seen) or --new-crawl (start it again), not both");
            v.add(new CommandLineValue(Setting.NEW_CRAWL.key(), "true", "--new-crawl"));
        }
        if (redis != null) {
            v.add(new CommandLineValue(Setting.SCHEDULER.key(), "redis", "--redis"));
            v.add(new CommandLineValue(Setting.REDIS_URL.key(), redis, "--redis"));
        } else if (resume || recrawl) {
            // --resume and --recrawl need a persistent frontier: sqlite unless a layer already chose one
            String persistentFlag = recrawl ? "--recrawl" : "--resume";
            Settings without = loader.resolve(spider.name(), spider.className(), spider.settings(), v);
            if (without.getChoice(Setting.SCHEDULER).equals("memory")) {
                String origin = without.value(Setting.SCHEDULER).origin();
                if (!origin.equals(Settings.BUILT_IN)) {
                    throw new UsageException(persistentFlag
                            + " needs a persistent scheduler (sqlite or redis), but scheduler = memory is set in "
                            + origin + ": a memory queue keeps nothing to " + (recrawl ? "revisit" : "resume"));
                }
                v.add(new CommandLineValue(Setting.SCHEDULER.key(), "sqlite", persistentFlag));
            }
        }
        return v;
    }

    static void print(Settings settings, PrintWriter out) {
        int keyW = 0, valW = 5;
        for (Setting s : Setting.values()) {
            keyW = Math.max(keyW, s.key().length());
            valW = Math.max(valW, Math.min(40, settings.getString(s).length()));
        }
        out.printf("%-" + keyW + "s  %-" + valW + "s  %s%n", "SETTING", "VALUE", "FROM");
        for (Setting s : Setting.values()) {
            Settings.Value v = settings.value(s);
            String shown = Secrets.redact(v.raw()); // never a password
            out.printf("%-" + keyW + "s  %-" + valW + "s  %s%n", s.key(), shown.isEmpty() ? "\"\"" : shown, v.origin());
        }
        out.flush();
    }
}
