package io.spinneret.warc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.spinneret.annotations.Renderer;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import io.spinneret.testing.TestSettings;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.netpreserve.jwarc.HttpResponse;
import org.netpreserve.jwarc.MessageHeaders;
import org.netpreserve.jwarc.WarcCaptureRecord;
import org.netpreserve.jwarc.WarcDigest;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcRequest;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;
import org.netpreserve.jwarc.Warcinfo;

/** {@code warc_output} over real TCP, read back with jwarc and checked against what the server sent. */
class WarcOutputTest {
    private static final List<String> PATHS =
            List.of("/page/1", "/page/2", "/page/3", "/chunked", "/gzip", "/dup-a", "/dup-b", "/missing");

    @TempDir
    Path dir;

    /** Every record of the given files, in order, with the file each came from. */
    record Read(Path file, WarcRecord record, int status, MessageHeaders http, byte[] httpBody, String method) {}

    static List<Read> readAll(List<Path> files) throws IOException {
        List<Read> out = new ArrayList<>();
        for (Path f : files) {
            try (WarcReader reader = new WarcReader(f)) {
                for (WarcRecord r : reader) {
                    // a record is read once, as the reader passes it
                    switch (r) {
                        case WarcResponse resp -> {
                            HttpResponse http = resp.http();
                            // recorded with its head as received, a chunked response is chunked in the record too
                            boolean chunked = http.headers()
                                    .first("Transfer-Encoding")
                                    .orElse("")
                                    .equalsIgnoreCase("chunked");
                            byte[] body = (chunked ? http.bodyDecoded() : http.body())
                                    .stream().readAllBytes();
                            out.add(new Read(f, r, http.status(), http.headers(), body, ""));
                        }
                        case WarcRevisit rev ->
                            out.add(new Read(
                                    f, r, rev.http().status(), rev.http().headers(), new byte[0], ""));
                        case WarcRequest req ->
                            out.add(new Read(
                                    f,
                                    r,
                                    0,
                                    req.http().headers(),
                                    new byte[0],
                                    req.http().method()));
                        default -> out.add(new Read(f, r, 0, MessageHeaders.of(), new byte[0], ""));
                    }
                }
            }
        }
        return out;
    }

    private CrawlResult crawl(ExchangeSite site, BooksFixture spider, String... settings) throws Exception {
        return Crawler.builder(spider)
                .settings(TestSettings.fast(dir.resolve("items.jsonl"), settings))
                .items(List.of(BookSchema.INSTANCE))
                .progress(null)
                .build()
                .run();
    }

    private static BooksFixture spider(ExchangeSite site, List<String> paths, Renderer renderer) {
        return new BooksFixture("warc", paths.stream().map(site::url).toList(), List.of(), url -> false) {
            @Override
            public Renderer renderer() {
                return renderer;
            }
        };
    }

    private static String sha1(byte[] b) throws Exception {
        return new WarcDigest("sha1", MessageDigest.getInstance("SHA-1").digest(b)).base32();
    }

    @ParameterizedTest
    @ValueSource(strings = {"auto", "jdk"})
    void everyExchangeIsRecordedAsTheServerSentIt(String client) throws Exception {
        try (ExchangeSite site = new ExchangeSite()) {
            Path warc = dir.resolve("crawl.warc.gz");
            CrawlResult result = crawl(
                    site,
                    spider(site, PATHS, Renderer.HTTP),
                    "warc_output=" + warc,
                    "http_client=" + client,
                    "respect_robots=true");
            assertEquals(PATHS.size(), result.requests());
            List<Read> records = readAll(List.of(warc));
            assertInstanceOf(Warcinfo.class, records.get(0).record(), "a file opens with warcinfo");
            assertEquals("WARC/1.1", records.get(0).record().version().toString());

            Map<URI, WarcRecord> captures = new HashMap<>();
            List<String> capturedPaths = new ArrayList<>();
            int revisits = 0;
            for (Read r : records) {
                if (r.record() instanceof WarcResponse resp) {
                    captures.put(resp.id(), resp);
                    String path = resp.target().substring(resp.target().indexOf('/', 8));
                    capturedPaths.add(path);
                    ExchangeSite.Sent sent = site.sent.stream()
                            .filter(s -> s.path().equals(path))
                            .findFirst()
                            .orElseThrow();
                    assertEquals(sent.status(), r.status(), path);
                    assertArrayEquals(sent.body(), r.httpBody(), "the body as sent, content encoding kept: " + path);
                    assertEquals(path, r.http().first("X-Served-Path").orElse(""));
                    assertEquals(
                            sha1(sent.body()),
                            resp.payloadDigest().orElseThrow().base32(),
                            path);
                    if (!sent.contentEncoding().isEmpty()) {
                        assertEquals(
                                sent.contentEncoding(),
                                r.http().first("Content-Encoding").orElse(""));
                    }
                } else if (r.record() instanceof WarcRevisit rev) {
                    revisits++;
                    captures.put(rev.id(), rev);
                    capturedPaths.add(rev.target().substring(rev.target().indexOf('/', 8)));
                    assertEquals(WarcRevisit.IDENTICAL_PAYLOAD_DIGEST_1_1, rev.profile());
                    WarcRecord first = captures.get(rev.refersTo().orElseThrow());
                    assertInstanceOf(WarcResponse.class, first, "a revisit refers to an earlier response record");
                    assertEquals(((WarcResponse) first).payloadDigest(), rev.payloadDigest());
                    assertTrue(Stream.of("/dup-a", "/dup-b").anyMatch(rev.target()::endsWith), rev.target());
                }
            }
            assertEquals(1, revisits, "the second of the two identical bodies is a revisit");
            // every response the server sent, robots.txt included, is captured once
            List<String> served =
                    site.sent.stream().map(ExchangeSite.Sent::path).sorted().toList();
            assertEquals(served, capturedPaths.stream().sorted().toList());
            assertTrue(served.contains("/robots.txt"), served.toString());

            int requests = 0;
            for (Read r : records) {
                if (!(r.record() instanceof WarcRequest req)) continue;
                requests++;
                URI concurrent = req.headers()
                        .first("WARC-Concurrent-To")
                        .map(s -> URI.create(s.substring(1, s.length() - 1)))
                        .orElseThrow();
                WarcRecord capture = captures.get(concurrent);
                assertTrue(capture != null, "request record " + req.target() + " points at its response");
                assertEquals(req.target(), ((WarcCaptureRecord) capture).target());
                assertEquals("GET", r.method());
                assertTrue(
                        r.http().first("User-Agent").orElse("").startsWith("Spinneret"),
                        r.http().toString());
            }
            assertEquals(served.size(), requests);
        }
    }

    @Test
    void theOutputIsRotatedBySizeAndEveryFileReadsBackOnItsOwn() throws Exception {
        try (ExchangeSite site = new ExchangeSite()) {
            Path warc = dir.resolve("rotated.warc.gz");
            crawl(
                    site,
                    spider(site, PATHS, Renderer.HTTP),
                    "warc_output=" + warc,
                    "warc_max_size=1500",
                    "concurrency=1");
            List<Path> files;
            try (Stream<Path> s = Files.list(dir)) {
                // the recorder's order: the name given, then -00001, -00002, ...
                files = s.filter(p -> p.getFileName().toString().startsWith("rotated"))
                        .sorted(Comparator.comparing((Path p) -> !p.equals(warc))
                                .thenComparing(Path::toString))
                        .toList();
            }
            assertTrue(files.size() >= 3, "several files: " + files);
            assertEquals(warc, files.get(0), "the first file has the name given");
            int responses = 0;
            for (Path f : files) {
                List<Read> records = readAll(List.of(f));
                assertInstanceOf(Warcinfo.class, records.get(0).record(), f + " opens with warcinfo");
                assertEquals(
                        f.getFileName().toString(),
                        ((Warcinfo) records.get(0).record()).filename().orElse(""));
                responses += (int) records.stream()
                        .filter(r -> r.record() instanceof WarcResponse || r.record() instanceof WarcRevisit)
                        .count();
            }
            assertEquals(site.sent.size(), responses);
        }
    }

    @Test
    void anExistingFileIsNeverOverwritten() throws Exception {
        try (ExchangeSite site = new ExchangeSite()) {
            Path warc = dir.resolve("again.warc");
            Files.writeString(warc, "an earlier crawl's file");
            crawl(site, spider(site, List.of("/page/1"), Renderer.HTTP), "warc_output=" + warc);
            assertEquals("an earlier crawl's file", Files.readString(warc));
            List<Read> records = readAll(List.of(dir.resolve("again-00001.warc")));
            assertTrue(
                    records.stream().anyMatch(r -> r.record() instanceof WarcResponse),
                    "the crawl went into the next name");
        }
    }

    @Test
    void aBrowserRenderedPageIsRecordedAsTheServerSentItNotAsTheDom() throws Exception {
        String chromium = System.getenv("SPINNERET_TEST_CHROMIUM");
        assumeTrue(chromium != null && !chromium.isBlank(), "SPINNERET_TEST_CHROMIUM is not set");
        try (ExchangeSite site = new ExchangeSite()) {
            Path warc = dir.resolve("browser.warc.gz");
            CrawlResult result = crawl(
                    site,
                    spider(site, List.of("/script"), Renderer.BROWSER),
                    "warc_output=" + warc,
                    "browser_path=" + chromium);
            assertEquals(1, result.responses());
            List<Read> responses = readAll(List.of(warc)).stream()
                    .filter(r -> r.record() instanceof WarcResponse)
                    .toList();
            Read page = responses.stream()
                    .filter(r -> ((WarcResponse) r.record()).target().endsWith("/script"))
                    .findFirst()
                    .orElseThrow();
            String recorded = new String(page.httpBody(), StandardCharsets.UTF_8);
            assertEquals(ExchangeSite.SCRIPT_PAGE, recorded, "the HTTP response, not the rendered DOM");
            assertFalse(recorded.contains("rewritten by the script <"), recorded);
            assertEquals(200, page.status());
        }
    }
}
