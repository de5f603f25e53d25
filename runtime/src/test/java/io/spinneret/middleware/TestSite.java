package io.spinneret.middleware;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback HTTP server for tests: routes by exact path, logs every request it receives with a
 * server-side timestamp. Unknown paths answer 404 (so robots.txt is "not there" unless routed).
 */
final class TestSite implements AutoCloseable {
    /** One received request. {@code nanos} is System.nanoTime() when the server got it. */
    record Hit(String host, String path, long nanos, Map<String, List<String>> headers) {
        String header(String name) {
            for (var e : headers.entrySet()) {
                if (e.getKey().equalsIgnoreCase(name) && !e.getValue().isEmpty())
                    return e.getValue().get(0);
            }
            return null;
        }
    }

    /** What a route answers. */
    record Reply(int status, Map<String, String> headers, String body, long delayMillis) {
        static Reply ok(String body) {
            return new Reply(200, Map.of("Content-Type", "text/html; charset=utf-8"), body, 0);
        }

        /** This reply with another body, if it is a 200 (an error keeps its own). */
        Reply withBody(String other) {
            return status == 200 ? new Reply(status, headers, other, delayMillis) : this;
        }

        static Reply status(int status) {
            return new Reply(status, Map.of(), "status " + status, 0);
        }

        Reply header(String name, String value) {
            var h = new LinkedHashMap<>(headers);
            h.put(name, value);
            return new Reply(status, h, body, delayMillis);
        }

        Reply delayed(long millis) {
            return new Reply(status, headers, body, millis);
        }
    }

    @FunctionalInterface
    interface Route {
        /** @param hit the request; @param n how many times this path was hit before (0 the first time) */
        Reply reply(Hit hit, int n);
    }

    private final HttpServer server;
    private final Map<String, Route> routes = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    final List<Hit> log = new CopyOnWriteArrayList<>();

    TestSite() throws IOException {
        this("127.0.0.1");
    }

    TestSite(String address) throws IOException {
        server = HttpServer.create(new InetSocketAddress(address, 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::handle);
        server.start();
    }

    TestSite route(String path, Route route) {
        routes.put(path, route);
        return this;
    }

    TestSite page(String path, String body) {
        return route(path, (h, n) -> Reply.ok(body));
    }

    /** {@code http://<address>:<port><path>} */
    String url(String path) {
        return "http://" + server.getAddress().getHostString() + ":"
                + server.getAddress().getPort() + path;
    }

    /** The same port under another host name, e.g. "localhost". */
    String url(String host, String path) {
        return "http://" + host + ":" + server.getAddress().getPort() + path;
    }

    int port() {
        return server.getAddress().getPort();
    }

    List<Hit> hits(String path) {
        return log.stream().filter(h -> h.path().equals(path)).toList();
    }

    int count(String path) {
        return hits(path).size();
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getRawPath();
            if (ex.getRequestURI().getRawQuery() != null)
                path += "?" + ex.getRequestURI().getRawQuery();
            String host = ex.getRequestHeaders().getFirst("Host");
            Hit hit = new Hit(host == null ? "" : host, path, System.nanoTime(), Map.copyOf(ex.getRequestHeaders()));
            log.add(hit);
            int n = counts.computeIfAbsent(path, p -> new AtomicInteger()).getAndIncrement();
            Route route = routes.get(path);
            Reply reply = route == null ? Reply.status(404) : route.reply(hit, n);
            if (reply.delayMillis() > 0) Thread.sleep(reply.delayMillis());
            reply.headers().forEach((k, v) -> ex.getResponseHeaders().add(k, v));
            byte[] body = reply.body().getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(reply.status(), body.length == 0 ? -1 : body.length);
            if (body.length > 0) {
                try (OutputStream out = ex.getResponseBody()) {
                    out.write(body);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
