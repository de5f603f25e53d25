package io.spinneret.middleware;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A tiny HTTP forward proxy for tests: takes absolute-form requests ({@code GET http://host/path}),
 * fetches them directly and relays the answer with a {@code Via} header. Plain http only (no CONNECT).
 */
final class ForwardProxy implements AutoCloseable {
    private static final Set<String> HOP = Set.of(
            "host",
            "connection",
            "content-length",
            "expect",
            "upgrade",
            "proxy-connection",
            "proxy-authorization",
            "keep-alive",
            "transfer-encoding",
            "te",
            "trailer");

    private final HttpServer server;
    private final HttpClient direct = HttpClient.newBuilder()
            .followRedirects(HttpClient.Redirect.NEVER)
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2))
            .build();
    final AtomicInteger forwarded = new AtomicInteger();

    ForwardProxy() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::handle);
        server.start();
    }

    /** {@code http://127.0.0.1:<port>} */
    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** A proxy URL where nothing listens: connections are refused. */
    static String dead() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return "http://127.0.0.1:" + s.getLocalPort();
        }
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            URI target = ex.getRequestURI();
            if (target.getScheme() == null) {
                ex.sendResponseHeaders(400, -1);
                return;
            }
            forwarded.incrementAndGet();
            HttpRequest.Builder b = HttpRequest.newBuilder(target)
                    .method(
                            ex.getRequestMethod(),
                            HttpRequest.BodyPublishers.ofByteArray(
                                    ex.getRequestBody().readAllBytes()));
            ex.getRequestHeaders().forEach((k, vs) -> {
                if (!HOP.contains(k.toLowerCase())) vs.forEach(v -> b.header(k, v));
            });
            HttpResponse<byte[]> r;
            try {
                r = direct.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
            } catch (IOException e) {
                ex.sendResponseHeaders(502, -1);
                return;
            }
            r.headers().map().forEach((k, vs) -> {
                if (!HOP.contains(k.toLowerCase()) && !k.startsWith(":"))
                    vs.forEach(v -> ex.getResponseHeaders().add(k, v));
            });
            ex.getResponseHeaders().add("Via", "1.1 test-proxy");
            ex.sendResponseHeaders(r.statusCode(), r.body().length == 0 ? -1 : r.body().length);
            if (r.body().length > 0) {
                try (OutputStream out = ex.getResponseBody()) {
                    out.write(r.body());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        server.stop(0);
        direct.close();
    }
}
