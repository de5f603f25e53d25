package io.spinneret.observe.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import io.spinneret.api.SpinneretException;
import io.spinneret.settings.InvalidSettingException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A small HTTP server for what a crawl shows about itself (metrics, the live page), on the JDK's
 * {@code com.sun.net.httpserver} with a virtual thread per exchange. Bound to loopback unless told
 * otherwise; bound to any other address it asks every request for the token, as
 * {@code ?token=...} or {@code Authorization: Bearer ...}, and refuses to start without one.
 */
public final class Endpoint implements AutoCloseable {
    private final HttpServer server;
    private final String token;

    private Endpoint(HttpServer server, String token) {
        this.server = server;
        this.token = token;
    }

    /**
     * Binds {@code address} ({@code host:port}, {@code :port} for loopback; port 0 picks a free one).
     *
     * @param what what it serves, for error messages ("the metrics endpoint")
     * @param setting the setting the address came from, for error messages
     * @throws SpinneretException for a bad address, a missing token off loopback, or a port in use
     */
    public static Endpoint bind(String address, String token, String what, String setting) {
        InetSocketAddress at = parse(address, setting);
        boolean loopback = at.getAddress().isLoopbackAddress();
        if (!loopback && token.isBlank()) {
            throw new InvalidSettingException(
                    what + " would listen on " + address + ", beyond loopback: set ui_token to a secret"
                            + " that every request must present, or bind it to 127.0.0.1");
        }
        try {
            HttpServer server = HttpServer.create(at, 16);
            server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
            return new Endpoint(server, loopback ? "" : token);
        } catch (IOException e) {
            throw new SpinneretException("cannot serve " + what + " on " + address + ": " + e.getMessage(), e);
        }
    }

    private static InetSocketAddress parse(String address, String setting) {
        int colon = address.lastIndexOf(':');
        String host = colon <= 0
                ? "127.0.0.1"
                : address.substring(0, colon).replace("[", "").replace("]", "");
        int port;
        try {
            port = Integer.parseInt(address.substring(colon + 1).trim());
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < 0 || port > 65535) {
            throw new InvalidSettingException(
                    setting + " expects host:port, e.g. 127.0.0.1:9464, got \"" + address + "\"");
        }
        try {
            return new InetSocketAddress(InetAddress.getByName(host), port);
        } catch (UnknownHostException e) {
            throw new InvalidSettingException(setting + ": unknown host \"" + host + "\"");
        }
    }

    /** Serves {@code path} with {@code handler}, after the token check. */
    public void route(String path, HttpHandler handler) {
        server.createContext(path, exchange -> {
            try (exchange) {
                if (!authorized(exchange)) {
                    send(
                            exchange,
                            401,
                            "text/plain; charset=utf-8",
                            "a token is required: ?token=... or Authorization: Bearer ...\n");
                    return;
                }
                handler.handle(exchange);
            }
        });
    }

    public void start() {
        server.start();
    }

    /** The URL of this endpoint's root, e.g. {@code http://127.0.0.1:9464/}. */
    public URI url() {
        InetSocketAddress a = server.getAddress();
        String host = a.getAddress().isAnyLocalAddress()
                ? "127.0.0.1"
                : a.getAddress().getHostAddress();
        if (host.contains(":")) host = "[" + host + "]";
        return URI.create("http://" + host + ":" + a.getPort() + "/");
    }

    private boolean authorized(HttpExchange exchange) {
        if (token.isEmpty()) return true;
        String given = "";
        String auth = exchange.getRequestHeaders().getFirst("Authorization");
        if (auth != null && auth.startsWith("Bearer "))
            given = auth.substring(7).trim();
        String query = exchange.getRequestURI().getRawQuery();
        if (given.isEmpty() && query != null) {
            for (String part : query.split("&")) {
                if (part.startsWith("token=")) given = URLDecoder.decode(part.substring(6), StandardCharsets.UTF_8);
            }
        }
        return MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8), token.getBytes(StandardCharsets.UTF_8));
    }

    /** Sends a whole response. */
    public static void send(HttpExchange exchange, int status, String contentType, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) exchange.getResponseBody().write(bytes);
    }

    /** Stops at once; open event streams are cut. */
    @Override
    public void close() {
        server.stop(0);
        if (server.getExecutor() instanceof ExecutorService ex) ex.shutdownNow();
    }
}
