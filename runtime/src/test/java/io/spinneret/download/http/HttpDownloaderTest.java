package io.spinneret.download.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.settings.Settings;
import io.spinneret.testing.TestSite;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Runs on the default client ({@code http_client = auto}: the socket path for plain http). */
class HttpDownloaderTest {
    private TestSite site;
    private HttpDownloader downloader;

    /** The settings every downloader of this test starts from. */
    Settings base() {
        return Settings.defaults();
    }

    @BeforeEach
    void start() throws IOException {
        site = TestSite.books(1);
        downloader = new HttpDownloader(base());
    }

    @AfterEach
    void stop() {
        downloader.close();
        site.close();
    }

    private HttpDownloader with(String... kv) {
        Settings s = base();
        for (int i = 0; i < kv.length; i += 2) s = s.with(kv[i], kv[i + 1], "test");
        return new HttpDownloader(s);
    }

    private static void sendBytes(HttpExchange ex, int status, byte[] body, String... headers) throws IOException {
        for (int i = 0; i < headers.length; i += 2) ex.getResponseHeaders().add(headers[i], headers[i + 1]);
        ex.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0)
            try (OutputStream o = ex.getResponseBody()) {
                o.write(body);
            }
    }

    private static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(b)) {
            g.write(data);
        }
        return b.toByteArray();
    }

    private static byte[] deflate(byte[] data, boolean raw) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (DeflaterOutputStream d = new DeflaterOutputStream(b, new Deflater(Deflater.DEFAULT_COMPRESSION, raw))) {
            d.write(data);
        }
        return b.toByteArray();
    }

    @Test
    void downloadsStatusHeadersAndBody() throws Exception {
        Response r = downloader.download(Request.of(site.url("/book/3")));
        assertEquals(200, r.status());
        assertEquals(site.url("/book/3"), r.url());
        assertTrue(r.header("content-type").orElseThrow().startsWith("text/html"));
        assertEquals("Book 3", r.textOf("h1"));
    }

    /** {@code brotli -q 11} of the {@code squeezed} page below, and of 5,000,000 zero bytes (a bomb: 14 bytes). */
    private static final byte[] SQUEEZED_BR =
            Base64.getDecoder().decode("wShDwG+kXK3rkfRkMZr+vSVvBEMRaEmLUoalDp8AA7aScwPn9EmvgDnz+gE=");

    private static final byte[] ZEROS_BR = Base64.getDecoder().decode("nz9LTPgnAOKxQCBfiAk=");
    /** {@code zstd -19} (the reference command-line tool) of the same two inputs. */
    private static final byte[] SQUEEZED_ZST = Base64.getDecoder()
            .decode("KLUv/WRmB3UBAAQCPGh0bWw+PGJvZHk+PGgxPnNxdWVlemVkPC9oMT48Ly8DADhwygNS4r7DdAISKtxW");

    private static final byte[] ZEROS_ZST = Base64.getDecoder()
            .decode(
                    "KLUv/aRAS0wATAAACAABAPz/ORACAgAQAAIAEAACABAAAgAQAAIAEAACABAAAgAQAAIAEAACABAAAgAQAAIAEAACABAAAgAQAAIAEAACABAAAgAQAAIAEAACABAAAgAQAAIAEAACABAAAgAQAAIAEAACABAAAgAQAAIAEAACABAAAgAQAAIAEAACABAAAgAQAAIAEAACABAAAgAQAAIAEAACABAAAgAQAANaAgC2wdU/");

    @Test
    void decodesGzipBothDeflateFlavoursBrotliAndZstd() throws Exception {
        byte[] html = "<html><body><h1>squeezed</h1></body></html>".repeat(50).getBytes(StandardCharsets.UTF_8);
        List<String> accepted = new ArrayList<>();
        site.route("/gz", ex -> {
            accepted.add(ex.getRequestHeaders().getFirst("Accept-Encoding"));
            sendBytes(ex, 200, gzip(html), "Content-Encoding", "gzip");
        });
        site.route("/zlib", ex -> sendBytes(ex, 200, deflate(html, false), "Content-Encoding", "deflate"));
        site.route("/raw", ex -> sendBytes(ex, 200, deflate(html, true), "Content-Encoding", "deflate"));
        site.route("/br", ex -> sendBytes(ex, 200, SQUEEZED_BR, "Content-Encoding", "br"));
        site.route("/zst", ex -> sendBytes(ex, 200, SQUEEZED_ZST, "Content-Encoding", "zstd"));
        for (String p : new String[] {"/gz", "/zlib", "/raw", "/br", "/zst"}) {
            Response r = downloader.download(Request.of(site.url(p)));
            assertEquals(new String(html, StandardCharsets.UTF_8), r.text(), p);
        }
        assertEquals("gzip, deflate, br, zstd", accepted.get(0));
    }

    @Test
    void malformedBrotliFailsWithAClearReason() throws Exception {
        site.route(
                "/notbr",
                ex -> sendBytes(
                        ex, 200, "not brotli at all".getBytes(StandardCharsets.UTF_8), "Content-Encoding", "br"));
        IOException e = assertThrows(IOException.class, () -> downloader.download(Request.of(site.url("/notbr"))));
        assertTrue(e.getMessage().startsWith("malformed brotli body from " + site.url("/notbr")), e.getMessage());
    }

    @Test
    void malformedZstdFailsWithAClearReason() throws Exception {
        byte[] truncated = Arrays.copyOf(SQUEEZED_ZST, 20);
        site.route(
                "/notzst",
                ex -> sendBytes(
                        ex, 200, "not zstd at all".getBytes(StandardCharsets.UTF_8), "Content-Encoding", "zstd"));
        site.route("/cut", ex -> sendBytes(ex, 200, truncated, "Content-Encoding", "zstd"));
        for (String p : new String[] {"/notzst", "/cut"}) {
            IOException e = assertThrows(IOException.class, () -> downloader.download(Request.of(site.url(p))), p);
            assertTrue(e.getMessage().startsWith("malformed zstd body from " + site.url(p)), e.getMessage());
        }
    }

    @Test
    void bodyOverTheLimitFailsWithAClearReason() throws Exception {
        byte[] big = new byte[300_000];
        site.route("/announced", ex -> sendBytes(ex, 200, big));
        site.route("/chunked", ex -> {
            ex.sendResponseHeaders(200, 0); // chunked: the size is unknown up front
            try (OutputStream o = ex.getResponseBody()) {
                for (int i = 0; i < 30; i++) o.write(new byte[10_000]);
            } catch (IOException clientHungUp) {
                // expected once the downloader gives up
            }
        });
        site.route("/bomb", ex -> sendBytes(ex, 200, gzip(new byte[5_000_000]), "Content-Encoding", "gzip"));
        site.route("/brbomb", ex -> sendBytes(ex, 200, ZEROS_BR, "Content-Encoding", "br"));
        site.route("/zstbomb", ex -> sendBytes(ex, 200, ZEROS_ZST, "Content-Encoding", "zstd"));
        try (HttpDownloader d = with("max_body_size", "100000")) {
            for (String p : new String[] {"/announced", "/chunked", "/bomb", "/brbomb", "/zstbomb"}) {
                IOException e = assertThrows(IOException.class, () -> d.download(Request.of(site.url(p))), p);
                assertTrue(e.getMessage().contains("larger than max_body_size (100000 bytes)"), e.getMessage());
                assertTrue(e.getMessage().contains(site.url(p)), e.getMessage());
            }
            assertEquals(200, d.download(Request.of(site.url("/book/1"))).status(), "small bodies still pass");
        }
    }

    @Test
    void slowResponsesTimeOut() throws Exception {
        // the server stalls for a minute (or until the test ends): a call that ends within half of
        // that was ended by the 0.3 s timeout, however slow the machine
        CountDownLatch testDone = new CountDownLatch(1);
        site.route("/slow", ex -> {
            try {
                testDone.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException ignored) {
            }
            TestSite.send(ex, 200, "late");
        });
        try (HttpDownloader d = with("download_timeout", "0.3")) {
            assertEquals(200, d.download(Request.of(site.url("/book/1"))).status(), "warm-up, not timed");
            long t0 = System.nanoTime();
            HttpTimeoutException e =
                    assertThrows(HttpTimeoutException.class, () -> d.download(Request.of(site.url("/slow"))));
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertTrue(
                    seconds >= 0.3 && seconds < 30,
                    "gave up after the 0.3 s timeout, well before the 60 s stall: " + seconds + " s");
            assertTrue(e.getMessage().contains("timed out after 0.3s"), e.getMessage());
        } finally {
            testDone.countDown();
        }
    }

    @Test
    void connectTimesOutWhenTheServerNeverAccepts() throws Exception {
        // a listening socket whose accept backlog is full: further SYNs go unanswered
        try (ServerSocket full = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            List<Socket> fillers = new ArrayList<>();
            try {
                for (int i = 0; i < 8; i++) {
                    Socket s = new Socket();
                    try {
                        s.connect(full.getLocalSocketAddress(), 200);
                        fillers.add(s);
                    } catch (IOException backlogFull) {
                        s.close();
                        break;
                    }
                }
                // the download timeout (60 s) is the alternative: ending within half of it means the
                // 0.3 s connect timeout ended the call
                try (HttpDownloader d = with("connect_timeout", "0.3", "download_timeout", "60")) {
                    long t0 = System.nanoTime();
                    IOException e = assertThrows(
                            IOException.class,
                            () -> d.download(Request.of("http://127.0.0.1:" + full.getLocalPort() + "/")));
                    double seconds = (System.nanoTime() - t0) / 1e9;
                    assertTrue(
                            seconds < 30, "connect gave up well before the 60 s download timeout: " + seconds + " s");
                    assertTrue(e.getMessage().contains("timed out"), e.getMessage());
                }
            } finally {
                for (Socket s : fillers) s.close();
            }
        }
    }

    @Test
    void redirectsAreReturnedNotFollowed() throws Exception {
        site.route("/moved", ex -> sendBytes(ex, 301, new byte[0], "Location", "/book/2"));
        Response r = downloader.download(Request.of(site.url("/moved")));
        assertEquals(301, r.status());
        assertEquals("/book/2", r.header("Location").orElseThrow());
        assertEquals(0, site.hits("/book/2"));
    }

    @Test
    void cookiesAreKeptPerCrawlUnlessDisabled() throws Exception {
        site.route("/set", ex -> sendBytes(ex, 200, "ok".getBytes(), "Set-Cookie", "session=abc; Path=/"));
        site.route("/check", ex -> {
            String c = ex.getRequestHeaders().getFirst("Cookie");
            TestSite.send(ex, 200, c == null ? "none" : c);
        });
        downloader.download(Request.of(site.url("/set")));
        assertEquals(
                "session=abc",
                downloader.download(Request.of(site.url("/check"))).text());
        try (HttpDownloader other = new HttpDownloader(base())) {
            assertEquals(
                    "none", other.download(Request.of(site.url("/check"))).text(), "another crawl has its own jar");
        }
        try (HttpDownloader off = with("cookies_enabled", "false")) {
            off.download(Request.of(site.url("/set")));
            assertEquals("none", off.download(Request.of(site.url("/check"))).text());
        }
    }

    @Test
    void sendsMethodHeadersAndBody() throws Exception {
        site.route("/echo", ex -> {
            String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            TestSite.send(
                    ex,
                    200,
                    ex.getRequestMethod() + "|" + ex.getRequestHeaders().getFirst("X-Test") + "|"
                            + ex.getRequestHeaders().getFirst("User-Agent") + "|" + body);
        });
        Request post = Request.builder(site.url("/echo"))
                .method("POST")
                .header("X-Test", "yes")
                .header("Host", "ignored")
                .header("User-Agent", "MyBot/1")
                .body("a=1&b=2")
                .build();
        assertEquals("POST|yes|MyBot/1|a=1&b=2", downloader.download(post).text());
        assertTrue(
                downloader.download(Request.of(site.url("/echo"))).text().startsWith("GET|null|Spinneret/"),
                "default user agent from user_agents");
    }

    @Test
    void proxyFromRequestMeta() throws Exception {
        try (TestSite proxy = TestSite.books(1)) {
            List<String> seen = new ArrayList<>();
            proxy.route("/via", ex -> {
                seen.add(ex.getRequestURI().toString());
                TestSite.send(ex, 200, "proxied");
            });
            String target = "http://example.invalid/via";
            Request r = Request.builder(target)
                    .meta("proxy", proxy.root().replaceAll("/$", ""))
                    .build();
            Response resp = downloader.download(r);
            assertEquals("proxied", resp.text());
            assertEquals(List.of(target), seen, "the proxy got the absolute URI");
            IOException bad = assertThrows(
                    IOException.class,
                    () -> downloader.download(
                            Request.builder(target).meta("proxy", "not a proxy").build()));
            assertTrue(bad.getMessage().contains("bad proxy"), bad.getMessage());
        }
    }

    @Test
    void connectionErrorsNameTheUrl() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        IOException e = assertThrows(
                IOException.class, () -> downloader.download(Request.of("http://127.0.0.1:" + port + "/x")));
        assertTrue(e.getMessage().contains("connection refused"), e.getMessage());
        assertTrue(
                e.getCause() instanceof ConnectException, "RetryMiddleware classifies by the cause: " + e.getCause());
        assertTrue(e.getMessage().contains("http://127.0.0.1:" + port + "/x"), e.getMessage());
    }
}
