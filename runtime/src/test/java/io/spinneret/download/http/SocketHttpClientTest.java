package io.spinneret.download.http;

import static io.spinneret.download.http.RawServer.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.settings.Settings;
import io.spinneret.testing.TestSite;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.CookieManager;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Wire-level cases of the socket path ({@code http_client = auto}, plain http), on a raw server. */
class SocketHttpClientTest {
    private final HttpDownloader downloader = with();

    @AfterEach
    void stop() {
        downloader.close();
    }

    private static HttpDownloader with(String... kv) {
        Settings s = Settings.defaults();
        for (int i = 0; i < kv.length; i += 2) s = s.with(kv[i], kv[i + 1], "test");
        return new HttpDownloader(s);
    }

    private static byte[] gzip(String s) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(b)) {
            g.write(s.getBytes(StandardCharsets.UTF_8));
        }
        return b.toByteArray();
    }

    @Test
    void readsContentLengthChunkedWithExtensionsAndTrailersAndReadToCloseBodies() throws Exception {
        try (RawServer server = serve((in, out, n) -> {
            RawServer.Req r;
            while ((r = readRequest(in)) != null) {
                switch (r.path()) {
                    case "/length" -> write(out, "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello");
                    case "/chunked" ->
                        write(
                                out,
                                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                                        + "4;name=value\r\nchun\r\n7\r\nked bod\r\n1\r\ny\r\n0\r\nX-Trailer: t\r\nX-Other: u\r\n\r\n");
                    default -> {
                        write(out, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the end");
                        return;
                    }
                }
            }
        })) {
            assertEquals(
                    "hello",
                    downloader.download(Request.of(server.url("/length"))).text());
            assertEquals(
                    "chunked body",
                    downloader.download(Request.of(server.url("/chunked"))).text());
            assertEquals(
                    "until the end",
                    downloader.download(Request.of(server.url("/close"))).text());
            assertEquals(
                    "hello",
                    downloader.download(Request.of(server.url("/length"))).text());
            assertEquals(2, server.connections.get(), "one keep-alive connection until the read-to-close body");
        }
    }

    private static RawServer.Req readRequest(InputStream in) throws IOException {
        return current.get().readRequest(in);
    }

    /** The server whose handler is running (handlers need it to parse requests). */
    private static final InheritableThreadLocal<RawServer> current = new InheritableThreadLocal<>();

    private static RawServer serve(RawServer.Handler h) throws IOException {
        RawServer[] box = new RawServer[1];
        box[0] = new RawServer((in, out, n) -> {
            current.set(box[0]);
            h.serve(in, out, n);
        });
        return box[0];
    }

    @Test
    void sequentialRequestsShareOneKeepAliveConnection() throws Exception {
        try (RawServer server = serve((in, out, n) -> {
            for (RawServer.Req r; (r = readRequest(in)) != null; ) {
                String body = r.path() + " on connection " + n;
                write(out, "HTTP/1.1 200 OK\r\nContent-Length: " + body.length() + "\r\n\r\n" + body);
            }
        })) {
            for (int i = 0; i < 20; i++) {
                assertEquals(
                        "/p" + i + " on connection 1",
                        downloader.download(Request.of(server.url("/p" + i))).text());
            }
            assertEquals(1, server.connections.get());
            String head = server.requests.get(0).head().toLowerCase();
            assertTrue(
                    head.contains("host: 127.0.0.1:")
                            && head.contains("accept-encoding: gzip, deflate, br, zstd")
                            && head.contains("user-agent: spinneret/"),
                    head);
        }
    }

    @Test
    void aStalePooledConnectionIsRetriedOnceForGetButNeverForPost() throws Exception {
        // every connection answers one request, then closes without saying so
        try (RawServer server = serve((in, out, n) -> {
            RawServer.Req r = readRequest(in);
            if (r != null) write(out, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok");
        })) {
            assertEquals("ok", downloader.download(Request.of(server.url("/a"))).text());
            Thread.sleep(100); // let the server's FIN arrive
            assertEquals(
                    "ok",
                    downloader.download(Request.of(server.url("/b"))).text(),
                    "GET went again on a fresh connection");
            assertEquals(2, server.connections.get());
            assertEquals(2, server.requests.size());

            Thread.sleep(100);
            Request post =
                    Request.builder(server.url("/c")).method("POST").body("x=1").build();
            IOException e = assertThrows(IOException.class, () -> downloader.download(post));
            assertTrue(e.getMessage().contains(server.url("/c")), e.getMessage());
            assertEquals(2, server.connections.get(), "the POST was not sent again");
            assertEquals("ok", downloader.download(post).text(), "the broken connection left the pool");
            assertEquals("x=1", new String(server.requests.get(2).body(), StandardCharsets.UTF_8));
        }
    }

    @Test
    void aPooledConnectionOnWhichTheServerSpokeUnaskedIsNotReused() throws Exception {
        // the first connection's server sends a 408 while it sits idle, and keeps it open
        try (RawServer server = serve((in, out, n) -> {
            for (RawServer.Req r; (r = readRequest(in)) != null; ) {
                write(out, "HTTP/1.1 200 OK\r\nContent-Length: " + (5 + ("" + n).length()) + "\r\n\r\nfresh" + n);
                if (n == 1) write(out, "HTTP/1.1 408 Request Timeout\r\nContent-Length: 0\r\n\r\n");
            }
        })) {
            assertEquals(
                    "fresh1", downloader.download(Request.of(server.url("/a"))).text());
            // past the idle time after which the pool asks the socket before reusing it
            Thread.sleep(ConnectionPool.CHECK_AFTER_NANOS / 1_000_000 + 200);
            Response second = downloader.download(Request.of(server.url("/b")));
            assertEquals(200, second.status(), "the 408 sent unasked was not taken for the answer");
            assertEquals("fresh2", second.text());
            assertEquals(2, server.connections.get());
        }
    }

    @Test
    void headNoContentAndNotModifiedHaveNoBodyAndKeepTheConnection() throws Exception {
        try (RawServer server = serve((in, out, n) -> {
            for (RawServer.Req r; (r = readRequest(in)) != null; ) {
                switch (r.path()) {
                    case "/head" -> write(out, "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n");
                    case "/204" -> write(out, "HTTP/1.1 204 No Content\r\n\r\n");
                    case "/304" -> write(out, "HTTP/1.1 304 Not Modified\r\nContent-Length: 1000\r\n\r\n");
                    default ->
                        write(out, "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nbody");
                }
            }
        })) {
            Response head = downloader.download(
                    Request.builder(server.url("/head")).method("HEAD").build());
            assertEquals(200, head.status());
            assertEquals(0, head.body().length);
            assertEquals("1000", head.header("Content-Length").orElseThrow());
            assertEquals(
                    204, downloader.download(Request.of(server.url("/204"))).status());
            assertEquals(
                    304, downloader.download(Request.of(server.url("/304"))).status());
            assertEquals(
                    "body", downloader.download(Request.of(server.url("/x"))).text(), "interim 100 skipped");
            assertEquals(1, server.connections.get());
        }
    }

    @Test
    void connectionsTheServerMeansToCloseAreNotPooled() throws Exception {
        try (RawServer server = serve((in, out, n) -> {
            RawServer.Req r = readRequest(in);
            String body = "connection " + n;
            String head = switch (r.path()) {
                case "/http10" -> "HTTP/1.0 200 OK\r\nContent-Length: ";
                case "/close" -> "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: ";
                default -> "HTTP/1.1 200 OK\r\nConnection: keep-alive, Upgrade\r\nContent-Length: ";
            };
            write(out, head + body.length() + "\r\n\r\n" + body);
            // no further requests served: a pooled connection would fail the next request
        })) {
            assertEquals(
                    "connection 1",
                    downloader.download(Request.of(server.url("/http10"))).text());
            assertEquals(
                    "connection 2",
                    downloader.download(Request.of(server.url("/close"))).text());
            assertEquals(
                    "connection 3",
                    downloader.download(Request.of(server.url("/x"))).text());
            assertEquals(3, server.connections.get());
            assertEquals(3, server.requests.size(), "nothing was sent twice");
        }
    }

    @Test
    void headersAreMultiValuedLowerCasedAndLookedUpInAnyCase() throws Exception {
        try (RawServer server = serve((in, out, n) -> {
            readRequest(in);
            write(
                    out,
                    "HTTP/1.1 200 OK\r\nX-Multi: a\r\nx-multi: b\r\nContent-Type: text/plain\r\nConnection: close\r\n"
                            + "Content-Length: 0\r\n\r\n");
        })) {
            Response r = downloader.download(Request.of(server.url("/")));
            assertEquals(List.of("a", "b"), r.headers().get("X-MULTI"));
            assertTrue(
                    r.headers().keySet().stream().allMatch(k -> k.equals(k.toLowerCase())),
                    "names as java.net.http gives them");
            assertEquals("text/plain", r.header("content-TYPE").orElseThrow());
        }
    }

    @Test
    void chunkedGzipIsDecodedAndMalformedChunksFailNamingTheUrl() throws Exception {
        byte[] gz = gzip("<p>compressed</p>");
        try (RawServer server = serve((in, out, n) -> {
            for (RawServer.Req r; (r = readRequest(in)) != null; ) {
                if (r.path().equals("/notgzip")) {
                    write(out, "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 9\r\n\r\nnot gzip!");
                } else if (r.path().equals("/gz")) {
                    write(
                            out,
                            "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n"
                                    + Integer.toHexString(gz.length) + "\r\n");
                    out.write(gz);
                    write(out, "\r\n0\r\n\r\n");
                } else {
                    write(out, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nbad\r\n0\r\n\r\n");
                }
            }
        })) {
            assertEquals(
                    "<p>compressed</p>",
                    downloader.download(Request.of(server.url("/gz"))).text());
            IOException undecodable =
                    assertThrows(IOException.class, () -> downloader.download(Request.of(server.url("/notgzip"))));
            assertTrue(undecodable.getMessage() != null, "a decoding error");
            assertEquals(
                    "<p>compressed</p>",
                    downloader.download(Request.of(server.url("/gz"))).text());
            assertEquals(1, server.connections.get(), "a body that fails to decode does not cost the connection");
            IOException e = assertThrows(IOException.class, () -> downloader.download(Request.of(server.url("/bad"))));
            assertTrue(
                    e.getMessage().contains("malformed chunk size")
                            && e.getMessage().contains(server.url("/bad")),
                    e.getMessage());
        }
    }

    @Test
    void aBodyThatStallsTimesOutAndReadToCloseRespectsTheLimit() throws Exception {
        // the body stalls for a minute: a call that ends within half of it was ended by the 0.3 s timeout
        try (RawServer server = serve((in, out, n) -> {
                    RawServer.Req r = readRequest(in);
                    if (r.path().equals("/stall")) {
                        write(out, "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\npartial");
                        Thread.sleep(60_000);
                    } else {
                        write(out, "HTTP/1.1 200 OK\r\n\r\n");
                        for (int i = 0; i < 30; i++) out.write(new byte[10_000]);
                    }
                });
                HttpDownloader d = with("download_timeout", "0.3", "max_body_size", "100000")) {
            long t0 = System.nanoTime();
            HttpTimeoutException e =
                    assertThrows(HttpTimeoutException.class, () -> d.download(Request.of(server.url("/stall"))));
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertTrue(
                    seconds >= 0.3 && seconds < 30,
                    "gave up after the 0.3 s timeout, well before the 60 s stall: " + seconds + " s");
            assertEquals("download of " + server.url("/stall") + " timed out after 0.3s", e.getMessage());
            IOException big = assertThrows(IOException.class, () -> d.download(Request.of(server.url("/big"))));
            assertEquals(
                    "body of " + server.url("/big") + " is larger than max_body_size (100000 bytes)", big.getMessage());
        }
    }

    @Test
    void aRequestBodyTheServerNeverReadsTimesOut() throws Exception {
        // the server takes the connection and reads nothing: once the socket buffers are full the
        // client's write blocks, and only the deadline can end it
        // it holds the connection for a minute: ending within half of that proves the 0.3 s deadline did it
        try (RawServer server = serve((in, out, n) -> Thread.sleep(60_000));
                HttpDownloader d = with("download_timeout", "0.3")) {
            Request post = Request.builder(server.url("/upload"))
                    .method("POST")
                    .body(new byte[32 << 20])
                    .build();
            long t0 = System.nanoTime();
            HttpTimeoutException e = assertThrows(HttpTimeoutException.class, () -> d.download(post));
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertTrue(
                    seconds >= 0.3 && seconds < 30,
                    "gave up after the 0.3 s timeout, well before the 60 s hold: " + seconds + " s");
            assertEquals("download of " + server.url("/upload") + " timed out after 0.3s", e.getMessage());
        }
    }

    @Test
    void cookiesGoToTheSameJarAsJavaNetHttp() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            site.route("/set", ex -> {
                ex.getResponseHeaders().add("Set-Cookie", "a=1; Path=/");
                ex.getResponseHeaders().add("Set-Cookie", "b=2; Path=/");
                TestSite.send(ex, 200, "set");
            });
            site.route(
                    "/check",
                    ex -> TestSite.send(
                            ex, 200, String.valueOf(ex.getRequestHeaders().get("Cookie"))));
            downloader.download(Request.of(site.url("/set")));
            assertEquals(
                    2,
                    ((CookieManager) downloader.cookies())
                            .getCookieStore()
                            .getCookies()
                            .size());
            String sent = downloader
                    .download(Request.builder(site.url("/check"))
                            .header("Cookie", "mine=0")
                            .build())
                    .text();
            assertEquals("[mine=0; a=1; b=2]", sent, "one Cookie header: the request's own, then the jar's");
        }
    }

    @Test
    void hundredConcurrentVirtualThreadsGetTheirOwnPages() throws Exception {
        try (TestSite site = TestSite.books(1);
                ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Response>> futures = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                String url = site.url("/book/" + (i % 20));
                futures.add(pool.submit(() -> downloader.download(Request.of(url))));
            }
            for (int i = 0; i < 100; i++) {
                Response r = futures.get(i).get();
                assertEquals(200, r.status());
                assertEquals("Book " + (i % 20), r.textOf("h1"));
            }
            assertEquals(100, site.totalHits.get());
        }
    }
}
