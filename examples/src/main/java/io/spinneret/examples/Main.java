package io.spinneret.examples;

import io.spinneret.examples.replica.BooksSite;
import io.spinneret.examples.replica.ReplicaServer;
import io.spinneret.examples.replica.Site;
import io.spinneret.url.AbsoluteUrl;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.jspecify.annotations.Nullable;

/**
 * The examples launcher, {@code java -jar examples/target/spinneret-examples.jar}:
 * <ul>
 *   <li>{@code run <spider> [options]} starts the bundled replica of the spider's site on
 *       127.0.0.1 and runs the Spinneret CLI against it (no internet needed), with
 *       {@code start_urls} pointing at the replica and no download delay (given
 *       {@code -s start_urls=...}, no replica is started, and the delay is 0 only when every
 *       start URL is on a loopback address); every option of
 *       {@code runtime.jar run} works and wins over those defaults (the same precedence as
 *       always: the command line is the highest layer). {@code --live} skips the replica and
 *       crawls the real site with the spider's own settings;</li>
 *   <li>{@code serve [books|wide|quotes] [--port N] [--books N]} serves a replica until
 *       interrupted, e.g. for a benchmark or a browser;</li>
 *   <li>{@code export <books|wide|quotes> DIR [--books N]} writes a replica as static files;</li>
 *   <li>anything else ({@code list}, {@code --help}, {@code --version}) goes to the Spinneret CLI.</li>
 * </ul>
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        int code;
        try {
            code = execute(args, System.out);
        } catch (UsageException e) {
            System.err.println("error: " + e.getMessage());
            code = 2;
        }
        System.exit(code);
    }

    /**
     * Runs a command. Commands of the Spinneret CLI end the process through
     * {@link io.spinneret.cli.Main#main}, which also configures logging; the in-process replica
     * goes down with it. {@code serve} and {@code export} return an exit code.
     */
    static int execute(String[] args, PrintStream out) {
        if (args.length == 0 || List.of("-h", "--help", "help").contains(args[0])) {
            usage(out);
            io.spinneret.cli.Main.main(new String[] {"--help"});
        }
        return switch (args[0]) {
            case "run" -> run(List.of(args).subList(1, args.length));
            case "serve" -> serve(List.of(args).subList(1, args.length), out);
            case "export" -> export(List.of(args).subList(1, args.length), out);
            default -> {
                io.spinneret.cli.Main.main(args);
                yield 0;
            }
        };
    }

    private static void usage(PrintStream out) {
        out.println("""
                Spinneret examples: the books and quotes spiders and a replica of their sites.

                  run <spider> [options]      crawl the bundled replica (offline), e.g. run books -n 20
                  run <spider> --live [...]   crawl the real site instead
                  serve [books|wide|quotes] [--port N] [--books N]   serve a replica until Ctrl-C
                  export <books|wide|quotes> DIR [--books N]         write a replica as static files

                Spiders with a bundled replica: %s. Other commands are those of runtime.jar:
                """.formatted(String.join(", ", Replicas.spiders())));
    }

    private static int run(List<String> args) {
        String spider =
                args.stream().filter(a -> !a.startsWith("-")).findFirst().orElse(null);
        boolean live = args.contains("--live");
        Replicas.Target target =
                spider == null ? null : Replicas.forSpider(spider).orElse(null);
        String start = null;
        if (!live && target != null && !replicaWanted(args)) {
            start = ""; // the user's start URLs: nothing to serve, the defaults of a local run still apply
        } else if (!live && target != null) {
            start = startReplica(
                    target,
                    args.contains("--resume")
                            || args.contains("--redis")
                            || args.stream().anyMatch(a -> a.startsWith("--redis=")));
        } else if (!live && spider != null) {
            System.err.println("note: no bundled replica for spider '" + spider + "'; crawling its own start URLs");
        }
        io.spinneret.cli.Main.main(cliArguments(args, start).toArray(String[]::new));
        return 0;
    }

    /** The replica's port for crawls whose frontier outlives the process (see {@link #startReplica}). */
    static final int STABLE_PORT = 18089;

    /**
     * Serves the replica for a crawl and returns its start URL. A crawl that is resumed later or
     * shared with other processes ({@code --resume}, {@code --redis}) keeps URLs in its frontier,
     * so the replica must come back at the same address: it listens on {@link #STABLE_PORT}, and a
     * second launcher of a distributed crawl that finds the port taken crawls the replica already
     * served there. Otherwise any free port will do.
     */
    private static String startReplica(Replicas.Target target, boolean stable) {
        String url;
        try {
            ReplicaServer server = ReplicaServer.start(target.factory().get(), stable ? STABLE_PORT : 0);
            url = server.url();
            System.err.println(
                    "replica of " + target.site() + " serving at " + url + " (add --live to crawl the real site)");
        } catch (UncheckedIOException e) {
            if (!stable) throw e;
            url = "http://127.0.0.1:" + STABLE_PORT + "/";
            System.err.println(
                    "port " + STABLE_PORT + " is taken: crawling the replica another launcher serves at " + url);
        }
        return url + target.startPath();
    }

    /**
     * The runtime CLI's arguments for {@code run ARGS}: {@code --live} removed and, when a replica
     * serves at {@code replicaStart}, its start URL and no download delay first, unless the user set
     * them (the user's options come later and would win anyway; leaving ours out keeps
     * {@code --print-settings} honest).
     */
    static List<String> cliArguments(List<String> args, @Nullable String replicaStart) {
        List<String> rest = new ArrayList<>(args);
        rest.remove("--live");
        List<String> cli = new ArrayList<>();
        cli.add("run");
        if (replicaStart != null) {
            String userStart = valueOf(rest, "start_urls");
            if (userStart == null) cli.addAll(List.of("-s", "start_urls=" + replicaStart));
            if ((userStart == null || onLoopback(userStart))
                    && !mentions(rest, "download_delay")
                    && !rest.contains("--delay")
                    && rest.stream().noneMatch(a -> a.startsWith("--delay="))) {
                cli.addAll(List.of("-s", "download_delay=0"));
            }
        }
        cli.addAll(rest);
        return cli;
    }

    /**
     * Whether a run needs the bundled replica: not when the user gives the start URLs (a replica
     * served elsewhere, as the benchmarks do), which the replica's would not override anyway.
     */
    static boolean replicaWanted(List<String> args) {
        return !mentions(args, "start_urls");
    }

    /** Whether the arguments set {@code key} with {@code -s key=...}, {@code -skey=...} or {@code --set[=]key=...}. */
    private static boolean mentions(List<String> args, String key) {
        return valueOf(args, key) != null;
    }

    /** The last value the arguments give {@code key} (see {@link #mentions}), or null. */
    private static @Nullable String valueOf(List<String> args, String key) {
        String value = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String next = i + 1 < args.size() ? args.get(i + 1) : "";
            if ((a.equals("-s") || a.equals("--set")) && next.startsWith(key + "="))
                value = next.substring(key.length() + 1);
            for (String prefix : List.of("-s" + key + "=", "--set=" + key + "="))
                if (a.startsWith(prefix)) value = a.substring(prefix.length());
        }
        return value;
    }

    /**
     * Whether every URL of a {@code start_urls} value is on this machine (a replica served by nginx
     * for a benchmark): only then does the launcher drop the download delay, which protects a real
     * site the spider is pointed at.
     */
    static boolean onLoopback(String startUrls) {
        List<String> urls = Arrays.stream(startUrls.split(","))
                .map(String::trim)
                .filter(u -> !u.isEmpty())
                .toList();
        return !urls.isEmpty() && urls.stream().allMatch(Main::loopbackHost);
    }

    private static boolean loopbackHost(String url) {
        String host;
        try {
            host = AbsoluteUrl.parse(url).host();
        } catch (RuntimeException e) {
            return false; // the crawl reports the bad URL
        }
        if (host.equals("localhost") || host.endsWith(".localhost")) return true;
        boolean address = host.startsWith("[") || host.chars().allMatch(c -> c == '.' || Character.isDigit(c));
        if (!address) return false; // a name other than localhost: not looked up
        try {
            return InetAddress.getByName(host.replace("[", "").replace("]", "")).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private static int serve(List<String> args, PrintStream out) {
        Options o = Options.parse(args, "books");
        Site site = Replicas.site(o.site(), o.books());
        if (site instanceof BooksSite books) books.warm();
        ReplicaServer server = ReplicaServer.start(site, o.port());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }));
        out.println("serving the " + o.site() + " replica at " + server.url() + " (start " + server.startUrl()
                + "); Ctrl-C stops");
        out.flush();
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    private static int export(List<String> args, PrintStream out) {
        Options o = Options.parse(args, null);
        if (o.dir() == null)
            throw new UsageException("export needs a site and a directory: export <books|wide|quotes> DIR");
        Site site = Replicas.site(o.site(), o.books());
        Path root = Path.of(o.dir());
        int files = 0;
        long bytes = 0;
        try {
            for (String path : site.paths()) {
                Site.Page page = site.page(path);
                if (page == null) continue;
                Path file = root.resolve(path.isEmpty() || path.endsWith("/") ? path + "index.html" : path);
                Files.createDirectories(file.getParent());
                Files.write(file, page.body());
                files++;
                bytes += page.body().length;
            }
        } catch (IOException e) {
            throw new UsageException("cannot write to " + root + ": " + e.getMessage());
        }
        out.println(
                "wrote the " + o.site() + " replica to " + root + ": " + files + " files, " + bytes / 1024 + " KiB");
        return 0;
    }

    /** Options of serve and export. */
    record Options(
            String site, int port, int books, @Nullable String dir) {
        static Options parse(List<String> args, @Nullable String defaultSite) {
            String site = null;
            String dir = null;
            int port = 0;
            int books = 10_000;
            for (int i = 0; i < args.size(); i++) {
                String a = args.get(i);
                switch (a) {
                    case "--port" -> port = intArg(args, ++i, a);
                    case "--books" -> books = intArg(args, ++i, a);
                    default -> {
                        if (a.startsWith("-")) throw new UsageException("unknown option " + a);
                        if (site == null) site = a;
                        else if (dir == null) dir = a;
                        else throw new UsageException("unexpected argument " + a);
                    }
                }
            }
            if (site == null) site = defaultSite;
            if (site == null) throw new UsageException("name a site: books, wide or quotes");
            if (!List.of("books", "wide", "quotes").contains(site))
                throw new UsageException("unknown site '" + site + "'; sites: books, wide, quotes");
            return new Options(site, port, books, dir);
        }

        private static int intArg(List<String> args, int i, String option) {
            if (i >= args.size()) throw new UsageException(option + " needs a number");
            try {
                return Integer.parseInt(args.get(i));
            } catch (NumberFormatException e) {
                throw new UsageException(option + " needs a number, got " + args.get(i));
            }
        }
    }

    /** A command-line mistake: reported on stderr, exit code 2. */
    static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message);
        }
    }
}
