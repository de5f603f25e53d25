package io.spinneret.examples.replica;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ReplicaServerTest {
    private static final BooksSite BOOKS = BooksSite.standard();
    private static ReplicaServer server;
    private static HttpClient client;

    @BeforeAll
    static void start() {
        server = ReplicaServer.start(BOOKS, 0);
        client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    }

    @AfterAll
    static void stop() {
        client.close();
        server.close();
    }

    private static HttpResponse<byte[]> get(String path) throws Exception {
        return client.send(
                HttpRequest.newBuilder(URI.create(server.url() + path)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    @Test
    void servesPagesOnLoopbackWithTheirMediaType() throws Exception {
        assertTrue(server.url().startsWith("http://127.0.0.1:"), server.url());
        HttpResponse<byte[]> r = get("");
        assertEquals(200, r.statusCode());
        assertEquals(
                "text/html; charset=utf-8",
                r.headers().firstValue("content-type").orElseThrow());
        assertArrayEquals(BOOKS.page("").body(), r.body());
        HttpResponse<byte[]> robots = get("robots.txt");
        assertEquals(
                "text/plain; charset=utf-8",
                robots.headers().firstValue("content-type").orElseThrow());
    }

    @Test
    void unknownPathsAre404AndCounted() throws Exception {
        long before = server.notFound();
        assertEquals(404, get("catalogue/page-51.html").statusCode());
        assertEquals(200, get("catalogue/page-2.html?ignored=query").statusCode());
        assertEquals(before + 1, server.notFound());
    }

    @Test
    void headAnswersWithoutABody() throws Exception {
        HttpResponse<byte[]> r = client.send(
                HttpRequest.newBuilder(URI.create(server.url() + "index.html"))
                        .method("HEAD", HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, r.statusCode());
        assertEquals(0, r.body().length);
        assertEquals(
                BOOKS.page("").body().length,
                Integer.parseInt(r.headers().firstValue("content-length").orElseThrow()));
    }

    @Test
    void servesTheWholeCrawlSetCorrectlyTo64ConcurrentClients() throws Exception {
        long before = server.requests();
        Semaphore inFlight = new Semaphore(64);
        List<Future<Boolean>> results = new ArrayList<>();
        try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (String path : BOOKS.crawlSet()) {
                results.add(pool.submit(() -> {
                    inFlight.acquire();
                    try {
                        HttpResponse<byte[]> r = get(path);
                        return r.statusCode() == 200
                                && Arrays.equals(BOOKS.page(path).body(), r.body());
                    } finally {
                        inFlight.release();
                    }
                }));
            }
            for (Future<Boolean> f : results) assertTrue(f.get());
        }
        assertEquals(before + 1050, server.requests());
    }
}
