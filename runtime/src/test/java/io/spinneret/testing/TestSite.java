package io.spinneret.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small books-like site on 127.0.0.1 for engine tests: {@code /} and {@code /page/<n>} are
 * listing pages with {@code perPage} detail links ({@code /book/<i>}) and an {@code li.next} link;
 * detail pages carry a title, a price and a UPC. Extra routes can be added per test. Counts hits.
 */
public final class TestSite implements AutoCloseable {
    private final HttpServer server;
    private final int pages;
    private final int perPage;
    private final Map<String, HttpHandler> routes = new ConcurrentHashMap<>();
    public final Map<String, AtomicInteger> hits = new ConcurrentHashMap<>();
    public final AtomicInteger totalHits = new AtomicInteger();
    private volatile long bookDelayMillis;

    public TestSite(int pages, int perPage) throws IOException {
        this.pages = pages;
        this.perPage = perPage;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 512);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::handle);
        server.start();
    }

    /** A site with the given listing pages of 20 books each. */
    public static TestSite books(int pages) throws IOException {
        return new TestSite(pages, 20);
    }

    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    public String root() {
        return url("/");
    }

    public int books() {
        return pages * perPage;
    }

    /** Adds or replaces a route (exact path, without query). */
    public TestSite route(String path, HttpHandler handler) {
        routes.put(path, handler);
        return this;
    }

    /** Book pages answer after {@code delay}, so that several are in flight at once. */
    public TestSite booksAnswerAfter(Duration delay) {
        bookDelayMillis = delay.toMillis();
        return this;
    }

    public int hits(String path) {
        AtomicInteger n = hits.get(path);
        return n == null ? 0 : n.get();
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getPath();
            totalHits.incrementAndGet();
            hits.computeIfAbsent(path, k -> new AtomicInteger()).incrementAndGet();
            HttpHandler custom = routes.get(path);
            if (custom != null) {
                custom.handle(ex);
                return;
            }
            if (path.equals("/")) {
                send(ex, 200, listing(1));
            } else if (path.startsWith("/page/")) {
                int n = parse(path.substring(6));
                if (n < 1 || n > pages) send(ex, 404, "<html><body>no such page</body></html>");
                else send(ex, 200, listing(n));
            } else if (path.startsWith("/book/")) {
                int i = parse(path.substring(6));
                if (i < 0 || i >= books()) send(ex, 404, "<html><body>no such book</body></html>");
                else {
                    sleep(bookDelayMillis);
                    send(ex, 200, detail(i));
                }
            } else {
                send(ex, 404, "<html><body>not found</body></html>");
            }
        }
    }

    private static void sleep(long millis) {
        if (millis <= 0) return;
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The number in a path segment, or -1. */
    public static int parse(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private String listing(int n) {
        StringBuilder b = new StringBuilder("<!DOCTYPE html><html><head><title>Page ")
                .append(n)
                .append("</title></head><body><ol class=\"row\">");
        for (int i = (n - 1) * perPage; i < n * perPage; i++) {
            b.append("<li><article class=\"product_pod\"><h3><a href=\"../book/")
                    .append(i)
                    .append("\">Book ")
                    .append(i)
                    .append("</a></h3></article></li>");
        }
        b.append("</ol><ul class=\"pager\">");
        if (n < pages)
            b.append("<li class=\"next\"><a href=\"/page/").append(n + 1).append("\">next</a></li>");
        b.append(
                "</ul><a href=\"mailto:someone@example.com\">mail</a><a href=\"javascript:void(0)\">js</a></body></html>");
        return b.toString();
    }

    private static String detail(int i) {
        return "<!DOCTYPE html><html><head><title>Book " + i
                + "</title></head><body><div class=\"product_main\"><h1>Book "
                + i + "</h1><p class=\"price_color\">£" + (10 + i % 50) + "." + String.format("%02d", i % 100)
                + "</p></div><table><tr><th>UPC</th><td>upc" + String.format("%06d", i)
                + "</td></tr></table></body></html>";
    }

    public static void send(HttpExchange ex, int status, String html) throws IOException {
        byte[] body = html.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
        ex.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
