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
 * tell which URLs a crawl fetched more than once. Each response waits {@code latencyMillis}, and
 * {@link #holdAfter} stops a crawl at a given point until the test lets it go on, so a test can
 * interrupt it mid-way whatever the machine's speed.
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
    private volatile long holdAfter = Long.MAX_VALUE;
    private volatile CountDownLatch hold = new CountDownLatch(0);

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
            long n = total.incrementAndGet();
            if (gated && !gate.await(60, TimeUnit.SECONDS)) throw new IOException("the gate never opened");
            if (n > holdAfter && !hold.await(60, TimeUnit.SECONDS))
                throw new IOException("the hold was never released");
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

    /**
     * Holds every response to a request after the {@code n}-th (counted from the server's start)
     * until {@link #release()}: the crawl cannot get past that point, however late the test's
     * signal or kill lands.
     */
    void holdAfter(long n) {
        hold = new CountDownLatch(1);
        holdAfter = n;
    }

    /** Lets the held responses, and all later ones, through. */
    void release() {
        holdAfter = Long.MAX_VALUE;
        hold.countDown();
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
