package io.spinneret.test;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Serves a folder of pages on 127.0.0.1 (a free port) for end-to-end spider tests: {@code /a/b.html}
 * is {@code <root>/a/b.html}, a path ending in {@code /} is that folder's {@code index.html}, a
 * query string is ignored, anything else is a 404. No {@code robots.txt} unless the folder has one.
 * Each page has an {@code ETag} (from its bytes) and a {@code Last-Modified} (its file's time), and a
 * request whose {@code If-None-Match} names the page's ETag gets a 304, as from a static web server:
 * edit or delete files between two crawls to test a re-crawl ({@code --recrawl}), and assert what
 * it found with {@link ChangeStatuses}.
 * As a JUnit extension it starts before the class's tests and stops after them:
 *
 * <pre>{@code
 * @RegisterExtension
 * static PageServer site = PageServer.of(Path.of("src/test/resources/site"));
 *
 * @Test
 * void crawlsTheSite() throws Exception {
 *     CrawlOutput out = Crawler.of(BooksSpider.class).setting("start_urls", site.url("/")).setting("download_delay", "0").run();
 * }
 * }</pre>
 *
 * Also usable on its own with {@link #start()} and {@link #close()}. Thread-safe.
 */
public final class PageServer implements BeforeAllCallback, AfterAllCallback, AutoCloseable {
    private final Path root;
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger notModified = new AtomicInteger();
    private @Nullable HttpServer server;
    private @Nullable ExecutorService executor;

    private PageServer(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    /** A server (not started yet) for the pages under {@code root}. */
    public static PageServer of(Path root) {
        return new PageServer(root);
    }

    /**
     * Starts serving; idempotent.
     *
     * @throws UncheckedIOException if the folder does not exist or no port can be bound
     */
    public synchronized PageServer start() {
        if (server != null) return this;
        if (!Files.isDirectory(root)) throw new UncheckedIOException(new IOException("no folder of pages at " + root));
        try {
            HttpServer s = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 128);
            executor = Executors.newVirtualThreadPerTaskExecutor();
            s.setExecutor(executor);
            s.createContext("/", this::serve);
            s.start();
            server = s;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    /** The absolute URL of {@code path} (e.g. {@code "/"} or {@code "/catalogue/page-2.html"}) on this server. */
    public String url(String path) {
        HttpServer s = server;
        if (s == null) throw new IllegalStateException("the page server is not started");
        return "http://127.0.0.1:" + s.getAddress().getPort() + (path.startsWith("/") ? path : "/" + path);
    }

    /** Requests served so far, 404s included. */
    public int requests() {
        return requests.get();
    }

    /** Requests answered 304 Not Modified so far (their {@code If-None-Match} named the page's ETag). */
    public int notModified() {
        return notModified.get();
    }

    private void serve(HttpExchange ex) throws IOException {
        try (ex) {
            requests.incrementAndGet();
            String path = ex.getRequestURI().getPath();
            Path file = root.resolve((path.endsWith("/") ? path + "index.html" : path).substring(1))
                    .normalize();
            if (!file.startsWith(root)
                    || !Files.isRegularFile(file)
                    || !ex.getRequestMethod().matches("GET|HEAD")) {
                ex.sendResponseHeaders(404, -1);
                return;
            }
            byte[] body = Files.readAllBytes(file);
            CRC32 crc = new CRC32();
            crc.update(body);
            String etag = "\"" + Long.toHexString(crc.getValue()) + "-" + Integer.toHexString(body.length) + "\"";
            ex.getResponseHeaders().set("ETag", etag);
            ex.getResponseHeaders()
                    .set(
                            "Last-Modified",
                            DateTimeFormatter.RFC_1123_DATE_TIME.format(
                                    Files.getLastModifiedTime(file).toInstant().atOffset(ZoneOffset.UTC)));
            if (etag.equals(ex.getRequestHeaders().getFirst("If-None-Match"))) {
                notModified.incrementAndGet();
                ex.sendResponseHeaders(304, -1);
                return;
            }
            ex.getResponseHeaders()
                    .set("Content-Type", Pages.contentType(file.getFileName().toString()));
            boolean head = ex.getRequestMethod().equals("HEAD");
            ex.sendResponseHeaders(200, head || body.length == 0 ? -1 : body.length);
            if (!head && body.length > 0) {
                try (OutputStream out = ex.getResponseBody()) {
                    out.write(body);
                }
            }
        }
    }

    @Override
    public synchronized void close() {
        if (server != null) server.stop(0);
        if (executor != null) executor.close();
        server = null;
        executor = null;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        start();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        close();
    }
}
