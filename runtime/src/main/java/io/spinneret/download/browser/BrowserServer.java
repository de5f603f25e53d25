package io.spinneret.download.browser;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one Chromium of a run, behind a Playwright browser server: the Node.js driver bundled in
 * playwright-java, run as {@code launch-server}, launches Chromium and accepts any number of
 * Playwright clients on a loopback WebSocket with a secret path. Each client sees only the
 * contexts it created (unlike a DevTools connection, where every client attaches to every page and
 * the cost of a page grows with the number of clients).
 *
 * <p>Process tree: {@code [setsid] sh -> node launch-server -> chromium -> helpers}. {@code setsid}
 * keeps a terminal's Ctrl-C away from the browser (the crawl decides when it stops); the
 * {@code sh} stops the server when our end of its stdin closes, which happens in {@link #kill()} and
 * also when this JVM dies for any reason, kill -9 included. The server closes Chromium when
 * stopped; Chromium exits by itself if the server dies (it talks to it over a pipe).
 *
 * <p>Thread-safe: {@link #kill()} may race with anything.
 */
final class BrowserServer {
    private static final Logger LOG = LoggerFactory.getLogger(BrowserServer.class);
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final Path SH = Path.of("/bin/sh");
    private static final Path SETSID = Path.of("/usr/bin/setsid");

    /**
     * Added to Playwright's own Chromium flags: no GPU and no software stand-in for one (a crawler
     * reads the DOM and never looks at pixels; this saves about a fifth of the CPU per page), no
     * QUIC, and none of Chromium's own background traffic (update checks, sync, pings).
     */
    static final List<String> FLAGS = List.of(
            "--disable-gpu",
            "--disable-software-rasterizer",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-domain-reliability",
            "--disable-client-side-phishing-detection");

    private final Process wrapper;
    private final Path dir;
    private final String wsEndpoint;
    private final ProcessHandle browser;

    private BrowserServer(Process wrapper, Path dir, String wsEndpoint, ProcessHandle browser) {
        this.wrapper = wrapper;
        this.dir = dir;
        this.wsEndpoint = wsEndpoint;
        this.browser = browser;
    }

    /**
     * Starts the server and its Chromium, and waits until it listens.
     *
     * @param switches added to {@link #FLAGS}, e.g. {@link ResourceBlocker#switches}
     * @throws IOException if either cannot be started; the message has the last log lines
     */
    static BrowserServer start(Path executable, List<String> switches) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("spinneret-browser-");
        Path config = dir.resolve("launch.json");
        Path out = dir.resolve("server.out");
        Path log = dir.resolve("server.log");
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("executablePath", executable.toString());
        options.put("headless", true);
        List<String> args = new ArrayList<>(FLAGS);
        args.addAll(switches);
        options.put("args", args);
        options.put("host", "127.0.0.1");
        options.put("port", 0);
        options.put("handleSIGINT", false);
        options.put("timeout", START_TIMEOUT.toMillis());
        new ObjectMapper().writeValue(config.toFile(), options);

        // The driver (node + Playwright's package), extracted by playwright-java or kept from an earlier run.
        ProcessBuilder driver = DriverCache.driver(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1"))
                .createProcessBuilder();
        List<String> cmd = new ArrayList<>();
        if (Files.isExecutable(SETSID)) cmd.add(SETSID.toString());
        cmd.addAll(List.of(
                SH.toString(), "-c", "\"$@\" </dev/null & c=$!; read _; kill -TERM $c 2>/dev/null; wait $c", "sh"));
        cmd.addAll(driver.command());
        cmd.addAll(List.of("launch-server", "--browser", "chromium", "--config", config.toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(log.toFile());
        pb.environment().putAll(driver.environment());
        pb.environment().put("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1");
        // Chromium's profile and temp files go into our directory, which kill() deletes: the
        // server removes the profile when it closes Chromium itself, not when Chromium crashes
        pb.environment().put("TMPDIR", dir.toString());
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            deleteTree(dir);
            throw new IOException("cannot start the browser server: " + e.getMessage(), e);
        }
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        try {
            while (true) {
                Optional<String> ws = Files.readAllLines(out, StandardCharsets.UTF_8).stream()
                        .filter(l -> l.startsWith("ws://"))
                        .findFirst();
                if (ws.isPresent()) {
                    ProcessHandle chromium = p.descendants()
                            .filter(h -> !isShellOrNode(h))
                            .min(Comparator.comparingLong(ProcessHandle::pid))
                            .orElseThrow(() -> new IOException("the browser server runs, but no Chromium under it"));
                    LOG.info(
                            "started Chromium {} (pid {}) behind a Playwright browser server",
                            executable,
                            chromium.pid());
                    return new BrowserServer(p, dir, ws.get().trim(), chromium);
                }
                if (!p.isAlive()) {
                    throw new IOException("the browser could not be started: " + tail(log));
                }
                if (System.nanoTime() > deadline) {
                    throw new IOException(
                            "the browser did not start within " + START_TIMEOUT.toSeconds() + " s: " + tail(log));
                }
                Thread.sleep(20);
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            stop(p, p.descendants().toList());
            deleteTree(dir);
            throw e;
        }
    }

    private static boolean isShellOrNode(ProcessHandle h) {
        String c = h.info().command().orElse("");
        return c.endsWith("/node") || c.endsWith("/sh") || c.endsWith("/dash") || c.endsWith("/bash");
    }

    /** The Playwright WebSocket URL, for {@code BrowserType.connect}. */
    String wsEndpoint() {
        return wsEndpoint;
    }

    /** The pid of the Chromium browser process. */
    long pid() {
        return browser.pid();
    }

    boolean isAlive() {
        return running(browser) && wrapper.isAlive();
    }

    /** What is known about a browser that died, for error messages. */
    String deathNote() {
        return "Chromium pid " + browser.pid() + (running(browser) ? " still running" : " exited") + "; log: "
                + tail(dir.resolve("server.log"));
    }

    /** Stops the server, Chromium and all their children, then deletes the temp files. Idempotent. */
    void kill() {
        stop(wrapper, Stream.concat(Stream.of(browser), wrapper.descendants()).toList());
        deleteTree(dir);
    }

    private static void stop(Process p, List<ProcessHandle> tree) {
        try {
            p.getOutputStream().close(); // EOF: the shell stops the server, which closes Chromium
        } catch (IOException e) {
            // already closed
        }
        try {
            if (!p.waitFor(5, TimeUnit.SECONDS)) p.destroyForcibly();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
            while (System.nanoTime() < deadline && tree.stream().anyMatch(BrowserServer::running)) Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (ProcessHandle h : tree) {
            if (running(h)) h.destroyForcibly();
        }
    }

    /**
     * Alive and not a zombie. Chromium's helpers outlive the server by a moment and are then
     * reparented to PID 1, which in a container may reap them late or never; to
     * {@link ProcessHandle#isAlive} a zombie is alive, and waiting for those cost every browser
     * crawl about 1.1 s here (3 s, the whole deadline, where PID 1 never reaps).
     */
    static boolean running(ProcessHandle h) {
        if (!h.isAlive()) return false;
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(h.pid()), "stat"), StandardCharsets.US_ASCII);
            int end = stat.lastIndexOf(')'); // the command name in parentheses may contain anything
            return end < 0 || end + 2 >= stat.length() || stat.charAt(end + 2) != 'Z';
        } catch (IOException | RuntimeException e) {
            return h.isAlive(); // no /proc (not Linux), or it has just gone
        }
    }

    private static String tail(Path log) {
        try {
            // Chromium complains about D-Bus on every start in a container; that is never the story.
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                    .filter(l -> !l.isBlank() && !l.contains("dbus"))
                    .toList();
            String t = String.join(" | ", lines.subList(Math.max(0, lines.size() - 6), lines.size()))
                    .strip();
            return t.isEmpty() ? "(nothing logged)" : t;
        } catch (IOException e) {
            return "(no log)";
        }
    }

    /** Deletes a directory tree, as far as it can. */
    static void deleteTree(Path dir) {
        if (!Files.exists(dir)) return;
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(f -> {
                try {
                    Files.deleteIfExists(f);
                } catch (IOException e) {
                    // a leftover temp file is harmless
                }
            });
        } catch (IOException e) {
            LOG.debug("could not delete {}: {}", dir, e.toString());
        }
    }
}
