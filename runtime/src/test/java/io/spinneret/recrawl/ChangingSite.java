package io.spinneret.recrawl;

import com.sun.net.httpserver.HttpExchange;
import io.spinneret.testing.TestSite;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * A books site on 127.0.0.1 whose pages can change or go, served as a static server serves files:
 * each page has a strong {@code ETag} (its version) and a {@code Last-Modified}, and a request whose
 * {@code If-None-Match} names the current ETag gets a 304 with no body. Listing pages ({@code /},
 * {@code /page/N}) link to their books ({@code /book/I}) and to the next listing page; a deleted
 * book is a 404 and its link leaves its listing page.
 */
final class ChangingSite implements AutoCloseable {
    private static final String LAST_MODIFIED = "Wed, 02 Dec 2026 10:00:00 GMT";

    private final TestSite server;
    private final int pages;
    private final int perPage;
    private final Map<Integer, Integer> versions = new ConcurrentHashMap<>();
    private final Set<Integer> deleted = ConcurrentHashMap.newKeySet();
    private final Set<Integer> unlinked = ConcurrentHashMap.newKeySet();
    private final Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
    private final AtomicInteger extraBooks = new AtomicInteger();

    ChangingSite(int pages, int perPage) throws IOException {
        this.pages = pages;
        this.perPage = perPage;
        server = new TestSite(0, perPage); // serves 404 but on the routes of this site's pages
        server.route("/", this::handle);
        for (int n = 2; n <= pages; n++) server.route("/page/" + n, this::handle);
        for (int i = 0; i < books(); i++) server.route("/book/" + i, this::handle);
    }

    String root() {
        return server.root();
    }

    String bookUrl(int i) {
        return root() + "book/" + i;
    }

    int books() {
        return pages * perPage;
    }

    /** A new version of book {@code i}: another title, another ETag. */
    void change(int i) {
        versions.merge(i, 1, Integer::sum);
    }

    /** Book {@code i} is gone: a 404, and no longer linked. */
    void delete(int i) {
        deleted.add(i);
    }

    /** Book {@code i}, deleted, is back: served and linked as before. */
    void restore(int i) {
        deleted.remove(i);
    }

    /** Book {@code i} is no longer linked from its listing page, but still served as it was. */
    void unlink(int i) {
        unlinked.add(i);
    }

    /** Adds a book linked from the last listing page; returns its number. */
    int add() {
        int i = books() + extraBooks.get();
        server.route("/book/" + i, this::handle);
        extraBooks.incrementAndGet();
        return i;
    }

    /** Responses sent since the last call, by status; then starts counting again. */
    Map<Integer, Integer> takeStatuses() {
        Map<Integer, Integer> out = new TreeMap<>();
        statuses.forEach((s, n) -> out.put(s, n.getAndSet(0)));
        out.values().removeIf(n -> n == 0);
        return out;
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getPath();
            String body = null;
            String version = "";
            if (path.equals("/")) {
                body = listing(1);
                version = "l1-" + deleted.hashCode() + "-" + unlinked.hashCode() + "-" + extraBooks.get();
            } else if (path.startsWith("/page/")) {
                int n = TestSite.parse(path.substring(6));
                if (n >= 1 && n <= pages) {
                    body = listing(n);
                    version = "l" + n + "-" + deleted.hashCode() + "-" + unlinked.hashCode() + "-" + extraBooks.get();
                }
            } else if (path.startsWith("/book/")) {
                int i = TestSite.parse(path.substring(6));
                if (i >= 0 && i < books() + extraBooks.get() && !deleted.contains(i)) {
                    int v = versions.getOrDefault(i, 0);
                    body = detail(i, v);
                    version = "b" + i + "-" + v;
                }
            }
            if (body == null) {
                send(ex, 404, null, "<html><body>not found</body></html>");
                return;
            }
            String etag = "\"" + version + "\"";
            if (etag.equals(ex.getRequestHeaders().getFirst("If-None-Match"))) {
                send(ex, 304, etag, "");
                return;
            }
            send(ex, 200, etag, body);
        }
    }

    private void send(HttpExchange ex, int status, @Nullable String etag, String html) throws IOException {
        statuses.computeIfAbsent(status, k -> new AtomicInteger()).incrementAndGet();
        if (etag != null) {
            ex.getResponseHeaders().set("ETag", etag);
            ex.getResponseHeaders().set("Last-Modified", LAST_MODIFIED);
        }
        TestSite.send(ex, status, html);
    }

    private String listing(int n) {
        StringBuilder b = new StringBuilder("<!DOCTYPE html><html><body><ol>");
        int to = n == pages ? books() + extraBooks.get() : n * perPage;
        for (int i = (n - 1) * perPage; i < to; i++) {
            if (deleted.contains(i) || unlinked.contains(i)) continue;
            b.append("<li><article class=\"product_pod\"><h3><a href=\"/book/")
                    .append(i)
                    .append("\">Book ")
                    .append(i)
                    .append("</a></h3></article></li>");
        }
        b.append("</ol><ul class=\"pager\">");
        if (n < pages)
            b.append("<li class=\"next\"><a href=\"/page/").append(n + 1).append("\">next</a></li>");
        return b.append("</ul></body></html>").toString();
    }

    private static String detail(int i, int version) {
        String title = version == 0 ? "Book " + i : "Book " + i + " (edition " + (version + 1) + ")";
        return "<!DOCTYPE html><html><body><div class=\"product_main\"><h1>" + title + "</h1><p class=\"price_color\">£"
                + (10 + i % 50) + ".00</p></div><table><tr><th>UPC</th><td>upc" + i
                + "</td></tr></table></body></html>";
    }

    @Override
    public void close() {
        server.close();
    }
}
