package io.spinneret.download.browser;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One headless Chromium process that we start and own, reachable over the DevTools protocol on a
 * loopback port. Owning the process (rather than letting a Playwright driver launch it) is what
 * lets several Playwright connections share one browser, and lets {@link #kill()} reap it and its
 * children even when a driver is wedged. Its life is also tied to the JVM's: see {@link #start}.
 *
 * <p>Thread-safe: {@link #kill()} may race with anything.
 */
final class ChromiumProcess {
    private static final Logger LOG = LoggerFactory.getLogger(ChromiumProcess.class);
    private static final Duration START_TIMEOUT = Duration.ofSeconds(30);
    private static final Path SH = Path.of("/bin/sh");

    /**
     * Flags for a headless crawler: no GPU, no sandbox (Playwright's default too: root and most
     * containers cannot use it), no background traffic of Chromium's own (update checks, sync,
     * field trials), no throttling of pages that are not in front, small /dev/shm tolerated.
     * RenderDocument and the back/forward cache are off: a crawler never goes back, and both make
     * each navigation cost more CPU in the browser process.
     */
    static final List<String> FLAGS = List.of(
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--no-default-browser-check", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--disable-default-apps", "--disable-extensions", "--disable-breakpad",
            "--disable-domain-reliability", "--disable-client-side-phishing-detection", "--metrics-recording-only",
            "--disable-field-trial-config", "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
            "--disable-backgrounding-occluded-windows", "--disable-hang-monitor", "--disable-ipc-flooding-protection",
            "--disable-dev-shm-usage", "--password-store=basic", "--use-mock-keychain", "--mute-audio", "--hide-scrollbars",
            "--disable-features=RenderDocument,BackForwardCache,Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider",
            "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0");

    private final Process process;
    private final Path userDataDir;
    private final String wsEndpoint;

    private ChromiumProcess(Process process, Path userDataDir, String wsEndpoint) {
        this.process = process;
        this.userDataDir = userDataDir;
        this.wsEndpoint = wsEndpoint;
    }

    /**
     * Starts Chromium and waits until its DevTools endpoint is up.
     *
     * @throws IOException if it cannot be started or exits at once; the message has its last log lines
     */
    static ChromiumProcess start(Path executable) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("spinneret-chromium-");
        Path log = dir.resolve("chromium.log");
        Path profile = dir.resolve("profile");
        List<String> cmd = new ArrayList<>();
        if (Files.isExecutable(SH)) {
            // Chromium reads DevTools commands from fd 3 when given --remote-debugging-pipe and quits
            // when that pipe reaches EOF. Pointing fd 3 at our stdin pipe ties its life to this JVM's:
            // even after kill -9 of the JVM no Chromium is left behind. We never write to it.
            cmd.addAll(List.of(SH.toString(), "-c", "exec 3<&0 4>/dev/null 0</dev/null; exec \"$0\" \"$@\""));
            cmd.add(executable.toString());
            cmd.add("--remote-debugging-pipe");
        } else {
            cmd.add(executable.toString());
        }
        cmd.addAll(FLAGS);
        cmd.add("--user-data-dir=" + profile);
        cmd.add("about:blank");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            deleteTree(dir);
            throw new IOException("cannot start Chromium " + executable + ": " + e.getMessage(), e);
        }
        // Chromium writes the port it picked (and the browser target's path) to DevToolsActivePort.
        Path portFile = profile.resolve("DevToolsActivePort");
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        try {
            while (true) {
                if (Files.exists(portFile)) {
                    List<String> lines = Files.readAllLines(portFile, StandardCharsets.UTF_8);
                    if (lines.size() >= 2 && !lines.get(1).isBlank()) {
                        String ws = "ws://127.0.0.1:" + lines.get(0).trim() + lines.get(1).trim();
                        LOG.info("started Chromium {} (pid {})", executable, p.pid());
                        return new ChromiumProcess(p, dir, ws);
                    }
                }
                if (!p.isAlive()) {
                    throw new IOException("Chromium " + executable + " exited at start with code " + p.exitValue()
                            + ": " + tail(log));
                }
                if (System.nanoTime() > deadline) {
                    throw new IOException("Chromium " + executable + " did not open its DevTools port within "
                            + START_TIMEOUT.toSeconds() + " s: " + tail(log));
                }
                Thread.sleep(10);
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            killTree(p);
            deleteTree(dir);
            throw e;
        }
    }

    /** The DevTools WebSocket URL of the browser, for {@code connectOverCDP}. */
    String wsEndpoint() { return wsEndpoint; }

    long pid() { return process.pid(); }

    boolean isAlive() { return process.isAlive(); }

    /** Exit code and last log lines of a process that has died, for error messages. */
    String deathNote() {
        if (process.isAlive()) return "still running";
        int code = process.exitValue();
        return (code > 128 ? "killed by signal " + (code - 128) : "exit code " + code)
                + ", log: " + tail(userDataDir.resolve("chromium.log"));
    }

    /** Stops Chromium and all its children (politely, then by force) and deletes its profile. Idempotent. */
    void kill() {
        killTree(process);
        deleteTree(userDataDir);
    }

    private static void killTree(Process p) {
        List<ProcessHandle> children = p.descendants().toList();
        try {
            p.getOutputStream().close(); // EOF on the DevTools pipe: Chromium closes itself cleanly
        } catch (IOException e) {
            // already closed
        }
        try {
            if (!p.waitFor(3, TimeUnit.SECONDS)) p.destroy();
            if (!p.waitFor(2, TimeUnit.SECONDS)) p.destroyForcibly().waitFor(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        // Chromium normally takes its zygote and renderers with it; make sure of it.
        for (ProcessHandle c : children) {
            if (c.isAlive()) c.destroyForcibly();
        }
    }

    private static String tail(Path log) {
        try {
            // Chromium complains about D-Bus on every start in a container; that is never the story.
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                    .filter(l -> !l.isBlank() && !l.contains("dbus")).toList();
            String t = String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size())).strip();
            return t.isEmpty() ? "(nothing logged)" : t;
        } catch (IOException e) {
            return "(no log)";
        }
    }

    private static void deleteTree(Path dir) {
        if (!Files.exists(dir)) return;
        try (Stream<Path> all = Files.walk(dir)) {
            all.sorted(Comparator.reverseOrder()).forEach(f -> {
                try {
                    Files.deleteIfExists(f);
                } catch (IOException e) {
                    // Chromium may still be writing while it dies; a leftover temp file is harmless
                }
            });
        } catch (IOException e) {
            LOG.debug("could not delete {}: {}", dir, e.toString());
        }
    }
}
