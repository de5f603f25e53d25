package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.middleware.RetryMiddleware;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import io.spinneret.testing.TestSettings;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A host that answers 429 is paused, and its requests wait outside the engine's concurrency slots:
 * the requests to another host go out at once. Two loopback hosts, 127.0.0.2 and 127.0.0.1 (the
 * throttle and the pauses key on the host name, not the port).
 */
class DomainBackoffTest {
    private static final int RETRY_AFTER_SECONDS = 2;

    @TempDir
    Path dir;

    /** A server on {@code address}: every path's first hit answers {@code firstStatus}, later ones 200. */
    private static final class Host implements AutoCloseable {
        final HttpServer server;
        final Map<String, AtomicInteger> hits = new ConcurrentHashMap<>();
        final List<Long> sent = new CopyOnWriteArrayList<>();
        final List<Long> received = new CopyOnWriteArrayList<>();

        Host(String address, int firstStatus) throws IOException {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getByName(address), 0), 64);
            server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
            server.createContext("/", ex -> handle(ex, firstStatus));
            server.start();
        }

        private void handle(HttpExchange ex, int firstStatus) throws IOException {
            try (ex) {
                received.add(System.nanoTime());
                int n = hits.computeIfAbsent(ex.getRequestURI().getPath(), k -> new AtomicInteger())
                        .getAndIncrement();
                int status = n == 0 ? firstStatus : 200;
                byte[] body = "<html><body>ok</body></html>".getBytes(StandardCharsets.UTF_8);
                if (status == 429) ex.getResponseHeaders().set("Retry-After", Integer.toString(RETRY_AFTER_SECONDS));
                ex.sendResponseHeaders(status, body.length);
                ex.getResponseBody().write(body);
                sent.add(System.nanoTime());
            }
        }

        String url(String path) {
            return "http://" + server.getAddress().getHostString() + ":"
                    + server.getAddress().getPort() + path;
        }

        @Override
        public void close() {
            server.stop(0);
        }
    }

    @Test
    void fourTooManyRequestsFromOneHostHoldBackNoRequestToAnother() throws Exception {
        try (Host a = new Host("127.0.0.2", 429);
                Host b = new Host("127.0.0.1", 200)) {
            List<String> start = new ArrayList<>();
            for (int i = 0; i < 4; i++) start.add(a.url("/a/" + i));
            start.add(b.url("/b/0"));
            start.add(b.url("/b/1"));
            Predicate<String> never = u -> false;
            // a slot for each start request: hosts take turns in the frontier (A, B, A, B, A, A), so with
            // fewer slots A's last requests would only leave after its pause, as they should
            CrawlResult r = Crawler.builder(new BooksFixture("pauses", start, List.of(), never))
                    .settings(TestSettings.fast(
                            dir.resolve("out.jsonl"), "concurrency=6", "retry_times=1", "retry_backoff_max=10"))
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build()
                    .run();

            assertEquals(0, r.failures(), r.stats().toString());
            assertEquals(4, r.get(RetryMiddleware.STAT_COUNT));
            assertEquals(4, r.get(RetryMiddleware.STAT_HOST_PAUSED));
            List<Long> aHits = a.received.stream().sorted().toList();
            assertEquals(8, aHits.size(), "four 429s, then four retries");
            long lastTooMany = a.sent.stream().sorted().toList().get(3);
            long bFirst = b.received.stream().min(Long::compare).orElseThrow();
            long gapMs = (bFirst - lastTooMany) / 1_000_000;
            System.out.println("host B's first request came " + gapMs + " ms after host A's fourth 429");
            assertTrue(gapMs < 100, "host B waited " + gapMs + " ms behind host A's pause");
            assertTrue(
                    b.received.size() == 2 && b.received.stream().allMatch(t -> t < aHits.get(4)),
                    "both of host B's requests went out before host A's pause ended");
            long pauseMs = (aHits.get(4) - lastTooMany) / 1_000_000;
            assertTrue(
                    pauseMs >= RETRY_AFTER_SECONDS * 1000 - 50,
                    "host A's retries waited out Retry-After (" + RETRY_AFTER_SECONDS + " s), not " + pauseMs + " ms");
        }
    }
}
