package io.spinneret.examples.jobs;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.spinneret.examples.replica.Site;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Serves a replica {@link Site} on 127.0.0.1 and counts the downloads of every path, so a test can
 * tell which URLs a crawl fetched more than once. Each response waits {@code latencyMillis}, so a
 * crawl lasts long enough to be interrupted mid-way.
 */
final class CountingReplica implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final Site site;
    private final long latencyMillis;
    private final ConcurrentHashMap<String, AtomicLong> downloads = new ConcurrentHashMap<>();
    private final AtomicLong total = new AtomicLong();
    private final CountDownLatch gate = new CountDownLatch(1);
    private volatile boolean gated;

    CountingReplica(Site site, long latencyMillis) {
        this.site = site;
        this.latencyMillis = latencyMillis;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getRawPath().substring(1);
            downloads.computeIfAbsent(path, p -> new AtomicLong()).incrementAndGet();
            total.incrementAndGet();
            if (gated && !gate.await(60, TimeUnit.SECONDS)) throw new IOException("the gate never opened");
            if (latencyMillis > 0) Thread.sleep(latencyMillis);
            Site.Page page = site.page(path);
            if (page == null) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            exchange.getResponseHeaders().set("Content-Type", page.contentType());
            exchange.sendResponseHeaders(200, page.body().length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(page.body());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Holds every response until {@link #open()}: lets several crawlers start before any work exists. */
    CountingReplica closeGate() {
        gated = true;
        return this;
    }

    /** Lets held and future responses through. */
    void open() {
        gate.countDown();
    }

    /** The start URL, e.g. {@code http://127.0.0.1:41234/}. */
    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/" + site.startPath();
    }

    /** Requests answered so far. */
    long total() {
        return total.get();
    }

    /** Downloads per path so far. */
    Map<String, Long> downloads() {
        Map<String, Long> m = new TreeMap<>();
        downloads.forEach((k, v) -> m.put(k, v.get()));
        return m;
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
