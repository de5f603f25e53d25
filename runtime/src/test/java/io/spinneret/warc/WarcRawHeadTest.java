package io.spinneret.warc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spinneret.annotations.Renderer;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import io.spinneret.testing.TestSettings;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;

/**
 * A response record keeps the status line and header lines byte for byte as the server sent them:
 * names in their case and order, values with their spaces, repeated headers apart, the reason
 * phrase as given. The server here writes its heads by hand, as no HTTP library would.
 */
class WarcRawHeadTest {
    private static final byte[] PAGE =
            "<html><head><title>t</title></head><body>as sent</body></html>".getBytes(StandardCharsets.UTF_8);
    /** Another body: the same one twice would make the second capture a revisit record. */
    private static final byte[] CHUNKED_PAGE =
            "<html><head><title>c</title></head><body>in two chunks</body></html>".getBytes(StandardCharsets.UTF_8);
    /** Mixed-case names, not sorted, a repeated header, spaces where a normaliser would drop them. */
    private static final String PLAIN_HEAD = "HTTP/1.1 200 Fine,  Thanks\r\n"
            + "X-Zeta:   first-sent   \r\n"
            + "Content-Type: text/html; charset=utf-8\r\n"
            + "set-COOKIE: a=1; Path=/\r\n"
            + "Content-length: " + PAGE.length + "\r\n"
            + "x-alpha:no-space\r\n"
            + "Set-Cookie: b=2\r\n"
            + "\r\n";

    private static final String CHUNKED_HEAD = "HTTP/1.1 200 OK\r\n"
            + "Transfer-Encoding: chunked\r\n"
            + "content-type: text/html;   charset=UTF-8\r\n"
            + "\r\n";

    @TempDir
    Path dir;

    @Test
    void theResponseRecordHoldsTheHeadAsTheServerSentIt() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread.ofVirtual().start(() -> serve(server));
            String base = "http://127.0.0.1:" + server.getLocalPort();
            Path warc = dir.resolve("raw.warc");
            var spider = new BooksFixture("raw", List.of(base + "/plain", base + "/chunked"), List.of(), url -> false) {
                @Override
                public Renderer renderer() {
                    return Renderer.HTTP;
                }
            };
            CrawlResult result = Crawler.builder(spider)
                    .settings(TestSettings.fast(
                            dir.resolve("items.jsonl"), "warc_output=" + warc, "respect_robots=false"))
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build()
                    .run();

            Map<String, byte[]> recorded = new HashMap<>();
            try (WarcReader reader = new WarcReader(warc)) {
                for (WarcRecord r : reader) {
                    if (r instanceof WarcResponse resp)
                        recorded.put(
                                resp.target().substring(base.length()),
                                resp.body().stream().readAllBytes());
                }
            }
            assertEquals(Set.of("/plain", "/chunked"), recorded.keySet(), result.summaryLine());
            assertArrayEquals(
                    concat(PLAIN_HEAD.getBytes(StandardCharsets.ISO_8859_1), PAGE),
                    recorded.get("/plain"),
                    "status line, header block and body as sent:\n"
                            + new String(recorded.get("/plain"), StandardCharsets.ISO_8859_1));
            byte[] chunked = recorded.get("/chunked");
            byte[] head = CHUNKED_HEAD.getBytes(StandardCharsets.ISO_8859_1);
            assertEquals(CHUNKED_HEAD, new String(Arrays.copyOf(chunked, head.length), StandardCharsets.ISO_8859_1));
            // the body, de-chunked by the downloader, is chunked again so that the head still describes it
            assertEquals(
                    Integer.toHexString(CHUNKED_PAGE.length) + "\r\n" + new String(CHUNKED_PAGE, StandardCharsets.UTF_8)
                            + "\r\n0\r\n\r\n",
                    new String(chunked, head.length, chunked.length - head.length, StandardCharsets.UTF_8));
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static void serve(ServerSocket server) {
        while (!server.isClosed()) {
            Socket s;
            try {
                s = server.accept();
            } catch (IOException closed) {
                return;
            }
            Thread.ofVirtual().start(() -> {
                try (s) {
                    InputStream in = new BufferedInputStream(s.getInputStream());
                    OutputStream out = s.getOutputStream();
                    for (int i = 0; i < 100; i++) { // bounded: a connection carries a few requests
                        String path = requestPath(in);
                        if (path == null) return;
                        if (path.equals("/chunked")) {
                            out.write(CHUNKED_HEAD.getBytes(StandardCharsets.ISO_8859_1));
                            // the page in two chunks, as the server chose to split it
                            int half = CHUNKED_PAGE.length / 2;
                            out.write((Integer.toHexString(half) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                            out.write(CHUNKED_PAGE, 0, half);
                            out.write(("\r\n" + Integer.toHexString(CHUNKED_PAGE.length - half) + "\r\n")
                                    .getBytes(StandardCharsets.US_ASCII));
                            out.write(CHUNKED_PAGE, half, CHUNKED_PAGE.length - half);
                            out.write("\r\n0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                        } else {
                            out.write(PLAIN_HEAD.getBytes(StandardCharsets.ISO_8859_1));
                            out.write(PAGE);
                        }
                        out.flush();
                    }
                } catch (IOException hungUp) {
                    // the crawl is over
                }
            });
        }
    }

    /** The path of the next request on the connection (its head read to the empty line), or null at its end. */
    private static String requestPath(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        for (int c; (c = in.read()) >= 0; ) {
            head.append((char) c);
            if (head.length() >= 4 && head.substring(head.length() - 4).equals("\r\n\r\n")) {
                return head.toString().split(" ", 3)[1];
            }
        }
        return null;
    }
}
