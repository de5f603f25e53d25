package io.spinneret.scheduler.redis;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A {@code redis-server} process of a test's own, to restart, pause or secure: on a port of
 * {@code SPINNERET_TEST_REDIS_PORTS} ({@code from-to}; default 7410-7499), in a directory of the
 * test. Skips the test when there is no {@code redis-server}.
 */
final class OwnRedisServer implements AutoCloseable {
    private final Path dir;
    private final int port;
    private final List<String> extra;
    private Process process;

    private OwnRedisServer(Path dir, int port, List<String> extra) throws IOException {
        this.dir = dir;
        this.port = port;
        this.extra = extra;
        start();
    }

    /** Starts a server with these extra arguments (e.g. {@code --appendonly yes}) on a free port of the range. */
    static OwnRedisServer start(Path dir, String... args) throws IOException {
        assumeTrue(
                Files.isExecutable(Path.of("/usr/bin/redis-server"))
                        || Files.isExecutable(Path.of("/usr/local/bin/redis-server")),
                "skipped: no redis-server to start");
        return new OwnRedisServer(dir, freePort(), List.of(args));
    }

    /** Starts a server that speaks TLS only, on a free port, with these certificate files and extra arguments. */
    static OwnRedisServer startTls(Path dir, Path cert, Path key, Path ca, String... args) throws IOException {
        assumeTrue(
                Files.isExecutable(Path.of("/usr/bin/redis-server"))
                        || Files.isExecutable(Path.of("/usr/local/bin/redis-server")),
                "skipped: no redis-server to start");
        int port = freePort();
        List<String> all = new ArrayList<>(List.of(
                "--port",
                "0",
                "--tls-port",
                Integer.toString(port),
                "--tls-cert-file",
                cert.toString(),
                "--tls-key-file",
                key.toString(),
                "--tls-ca-cert-file",
                ca.toString(),
                "--tls-auth-clients",
                "no"));
        all.addAll(List.of(args));
        return new OwnRedisServer(dir, port, all);
    }

    static int freePort() {
        String range = System.getenv().getOrDefault("SPINNERET_TEST_REDIS_PORTS", "7410-7499");
        int from = Integer.parseInt(range.split("-")[0]), to = Integer.parseInt(range.split("-")[1]);
        for (int p = from; p <= to; p++) {
            try (ServerSocket s = new ServerSocket(p, 1, InetAddress.getLoopbackAddress())) {
                return p;
            } catch (IOException busy) {
                // next
            }
        }
        throw new IllegalStateException("no free port in " + range);
    }

    int port() {
        return port;
    }

    Path dir() {
        return dir;
    }

    /** Starts the process again (after {@link #kill}), with the same data directory. */
    void start() throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                "redis-server",
                "--bind",
                "127.0.0.1",
                "--dir",
                dir.toString(),
                "--save",
                "",
                "--logfile",
                dir.resolve("redis-" + port + ".log").toString()));
        if (!extra.contains("--port")) cmd.addAll(List.of("--port", Integer.toString(port)));
        cmd.addAll(extra);
        process = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("redis-" + port + ".out").toFile())
                .start();
        for (int i = 0; i < 100; i++) { // bounded: 10 s
            if (!process.isAlive())
                throw new IllegalStateException(
                        "redis-server exited: " + Files.readString(dir.resolve("redis-" + port + ".out")));
            try (Socket s = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException notYet) {
                sleep(100);
            }
        }
        throw new IllegalStateException("redis-server did not listen on " + port);
    }

    /** Stops the server: SIGTERM (it writes its append-only file and exits), or SIGKILL if {@code hard}. */
    void kill(boolean hard) throws InterruptedException {
        if (hard) process.destroyForcibly();
        else process.destroy();
        process.waitFor(20, TimeUnit.SECONDS);
    }

    /** Sends SIGSTOP or SIGCONT: the server stops answering without closing its connections. */
    void signal(String signal) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid()))
                .inheritIO()
                .start()
                .waitFor(10, TimeUnit.SECONDS);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() throws Exception {
        signal("CONT");
        kill(true);
    }
}
