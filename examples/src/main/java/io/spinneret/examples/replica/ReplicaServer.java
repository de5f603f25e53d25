package io.spinneret.examples.replica;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.LongAdder;

/**
 * Serves a {@link Site} over HTTP/1.1 on 127.0.0.1 with the JDK's built-in server, one virtual
 * thread per exchange. Keep-alive is on and Nagle's algorithm off, so a crawler sees per-request
 * latencies in the tens of microseconds.
 *
 * <pre>{@code
 * try (ReplicaServer server = ReplicaServer.start(BooksSite.standard(), 0)) {
 *     String start = server.url();          // e.g. http://127.0.0.1:41234/
 *     ...
 * }
 * }</pre>
 *
 * <p>Thread-safe. {@link #close()} stops the server at once.
 */
public final class ReplicaServer implements AutoCloseable {
    static {
        // Read once by the JDK server's configuration class: small responses written as two
        // segments (headers, body) must not wait for a delayed ACK.
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    private static final byte[] NOT_FOUND =
            "<!DOCTYPE html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>\n"
                    .getBytes(StandardCharsets.UTF_8);

    private final HttpServer server;
    private final ExecutorService executor;
    private final Site site;
    private final LongAdder requests = new LongAdder();
    private final LongAdder notFound = new LongAdder();

    private ReplicaServer(HttpServer server, ExecutorService executor, Site site) {
        this.server = server;
        this.executor = executor;
        this.site = site;
    }

    /**
     * Starts serving {@code site} on 127.0.0.1.
     *
     * @param port the port, or 0 for any free one
     * @throws UncheckedIOException if the port cannot be bound
     */
    public static ReplicaServer start(Site site, int port) {
        return start(site, InetAddress.getLoopbackAddress(), port);
    }

    /** Starts serving {@code site} on the given address; see {@link #start(Site, int)}. */
    public static ReplicaServer start(Site site, InetAddress address, int port) {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(address, port), 1024);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot listen on " + address.getHostAddress() + ":" + port + ": " + e.getMessage(), e);
        }
        ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
        ReplicaServer replica = new ReplicaServer(server, executor, site);
        server.createContext("/", replica::handle);
        server.setExecutor(executor);
        server.start();
        return replica;
    }

    private void handle(HttpExchange exchange) throws IOException {
        requests.increment();
        try (exchange) {
            String method = exchange.getRequestMethod();
            String path = exchange.getRequestURI().getRawPath();
            Site.Page page = path == null || !path.startsWith("/") ? null : site.page(path.substring(1));
            boolean head = method.equals("HEAD");
            if (!head && !method.equals("GET")) {
                exchange.getResponseHeaders().set("Allow", "GET, HEAD");
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            byte[] body;
            if (page == null) {
                notFound.increment();
                exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
                body = NOT_FOUND;
            } else {
                exchange.getResponseHeaders().set("Content-Type", page.contentType());
                body = page.body();
            }
            int status = page == null ? 404 : 200;
            if (head) {
                exchange.getResponseHeaders().set("Content-Length", Integer.toString(body.length));
                exchange.sendResponseHeaders(status, -1);
                return;
            }
            exchange.sendResponseHeaders(status, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    /** The base URL with a trailing slash, e.g. {@code http://127.0.0.1:41234/}. */
    public String url() {
        InetSocketAddress a = server.getAddress();
        String host = a.getAddress().getHostAddress();
        if (host.contains(":")) host = "[" + host + "]";
        return "http://" + host + ":" + a.getPort() + "/";
    }

    /** The URL of the site's start page. */
    public String startUrl() {
        return url() + site.startPath();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public Site site() {
        return site;
    }

    /** Requests answered so far, any status. */
    public long requests() {
        return requests.sum();
    }

    /** Requests answered with 404 so far. */
    public long notFound() {
        return notFound.sum();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
