package io.spinneret.cli;

import java.nio.file.Path;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Parses the plain {@code run} command lines without picocli, because picocli's reflective
 * start-up (about 140 classes that class-data sharing cannot archive, annotation proxies, the
 * help model) took 0.15-0.19 s on the path of every crawl, out of about 1 s for the books replica
 * (measured with async-profiler on {@code run books}).
 *
 * <p>This is only a fast path. It accepts {@code run SPIDER} with the options below, each given as
 * {@code -x VALUE}, {@code --long VALUE} or {@code --long=VALUE}, and fills a {@link RunCommand}
 * exactly as picocli would. Anything else (help, version, {@code --print-settings}, an unknown or
 * clustered option, a missing or dash-led value, a count that is not plain digits, an
 * {@code @argfile}, a second positional argument) gives null, and picocli parses the command line
 * or reports the usage error. {@code QuickRunParserTest} checks that the two agree and that every
 * option of {@code run} is known here.
 */
final class QuickRunParser {
    /** Options taking a value, under every name picocli knows them by. */
    static final Set<String> VALUED = Set.of(
            "-n",
            "--max-items",
            "-o",
            "--output",
            "-O",
            "--overwrite-output",
            "-c",
            "--concurrency",
            "--delay",
            "-s",
            "--set",
            "-a",
            "--arg",
            "--redis",
            "--crawl-id",
            "--metrics",
            "--ui",
            "--stats-file",
            "--settings",
            "--spiders",
            "--log-level");

    static final Set<String> FLAGS = Set.of("--resume", "--new-crawl", "--recrawl");
    /** Options always parsed by picocli. */
    static final Set<String> LEFT_TO_PICOCLI = Set.of("-h", "--help", "-V", "--version", "--print-settings");

    private QuickRunParser() {}

    /** @return the filled command, or null when picocli should parse this command line */
    static @Nullable RunCommand parse(String[] args) {
        if (args.length < 2 || !args[0].equals("run")) return null;
        RunCommand cmd = new RunCommand();
        boolean spider = false;
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (a.isEmpty() || a.startsWith("@")) return null;
            if (!a.startsWith("-")) {
                if (spider) return null;
                cmd.spiderName = a;
                spider = true;
            } else if (a.equals("--resume")) {
                cmd.resume = true;
            } else if (a.equals("--new-crawl")) {
                cmd.newCrawl = true;
            } else if (a.equals("--recrawl")) {
                cmd.recrawl = true;
            } else {
                int eq = a.startsWith("--") ? a.indexOf('=') : -1;
                String name = eq > 0 ? a.substring(0, eq) : a;
                if (!VALUED.contains(name)) return null;
                String value;
                if (eq > 0) {
                    value = a.substring(eq + 1);
                } else if (i + 1 < args.length
                        && !args[i + 1].isEmpty()
                        && !args[i + 1].startsWith("-")
                        && !args[i + 1].startsWith("@")) {
                    value = args[++i];
                } else {
                    return null;
                }
                if (!set(cmd, name, value)) return null;
            }
        }
        return spider ? cmd : null;
    }

    private static boolean set(RunCommand c, String name, String value) {
        switch (name) {
            case "-n", "--max-items" -> {
                if (!isCount(value)) return false;
                c.maxItems = Integer.valueOf(value);
            }
            case "-c", "--concurrency" -> {
                if (!isCount(value)) return false;
                c.concurrency = Integer.valueOf(value);
            }
            case "-o", "--output" -> c.outputs.add(value);
            case "-O", "--overwrite-output" -> c.overwriteOutputs.add(value);
            case "--delay" -> c.delay = value;
            case "-s", "--set" -> c.common.sets.add(value);
            case "-a", "--arg" -> c.common.arguments.add(value);
            case "--redis" -> c.redis = value;
            case "--crawl-id" -> c.crawlId = value;
            case "--metrics" -> c.metrics = value;
            case "--ui" -> c.ui = value;
            case "--stats-file" -> c.statsFile = value;
            case "--settings" -> c.common.settingsFile = Path.of(value);
            case "--spiders" -> c.common.spidersDir = Path.of(value);
            case "--log-level" -> c.common.logLevel = value;
            default -> {
                return false;
            }
        }
        return true;
    }

    private static boolean isCount(String v) {
        if (v.isEmpty() || v.length() > 9) return false;
        for (int i = 0; i < v.length(); i++) if (v.charAt(i) < '0' || v.charAt(i) > '9') return false;
        return true;
    }
}
