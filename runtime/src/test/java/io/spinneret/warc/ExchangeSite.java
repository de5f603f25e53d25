package io.spinneret.warc;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.zip.GZIPOutputStream;

/**
 * A site on 127.0.0.1 that remembers every response it sent (status, body bytes as written to the
 * wire before chunking, a header naming the path), so a WARC file can be checked against it:
 * {@code /page/<n>} pages with a fixed length, {@code /chunked} sent chunked, {@code /gzip} with
 * {@code Content-Encoding: gzip}, {@code /dup-a} and {@code /dup-b} with the same body,
 * {@code /missing} a 404, and {@code /script} a page whose script rewrites its DOM.
 */
final class ExchangeSite implements AutoCloseable {
    record Sent(String path, int status, byte[] body, String contentEncoding) {}

    static final String SCRIPT_PAGE = "<html><head><title>s</title></head><body><p id=\"x\">as served</p>"
            + "<script>document.getElementById('x').textContent = 'rewritten by the script';</script></body></html>";

    private final HttpServer server;
    final List<Sent> sent = new CopyOnWriteArrayList<>();
    final Map<String, Integer> hits = new ConcurrentHashMap<>();

    ExchangeSite() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::handle);
        server.start();
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getPath();
            hits.merge(path, 1, Integer::sum);
            ex.getResponseHeaders().set("X-Served-Path", path);
            ex.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            if (path.equals("/chunked")) {
                send(ex, path, 200, html("chunked " + "x".repeat(3000)), true, false);
            } else if (path.equals("/gzip")) {
                send(ex, path, 200, html("gzipped " + "y".repeat(3000)), false, true);
            } else if (path.equals("/dup-a") || path.equals("/dup-b")) {
                send(ex, path, 200, html("the same body at two addresses"), false, false);
            } else if (path.equals("/script")) {
                send(ex, path, 200, SCRIPT_PAGE.getBytes(StandardCharsets.UTF_8), false, false);
            } else if (path.startsWith("/page/")) {
                send(ex, path, 200, html("page " + path.substring(6) + " " + "z".repeat(500)), false, false);
            } else {
                send(ex, path, 404, html("no such page: " + path), false, false);
            }
        }
    }

    private static byte[] html(String text) {
        return ("<!DOCTYPE html><html><head><title>t</title></head><body><p>" + text + "</p></body></html>")
                .getBytes(StandardCharsets.UTF_8);
    }

    private void send(HttpExchange ex, String path, int status, byte[] body, boolean chunked, boolean gzip)
            throws IOException {
        byte[] wire = body;
        if (gzip) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            try (GZIPOutputStream z = new GZIPOutputStream(b)) {
                z.write(body);
            }
            wire = b.toByteArray();
            ex.getResponseHeaders().set("Content-Encoding", "gzip");
        }
        sent.add(new Sent(path, status, wire, gzip ? "gzip" : ""));
        ex.sendResponseHeaders(status, chunked ? 0 : wire.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(wire);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
