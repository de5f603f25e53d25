package io.spinneret.items.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.StoredFile;
import io.spinneret.download.http.HttpDownloader;
import io.spinneret.internal.ItemSchema;
import io.spinneret.middleware.RetryPolicy;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Stats;
import io.spinneret.testing.TestSite;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The files pipeline over real TCP: statuses, retries, max_body_size, content dedup, the index. */
class FileDownloadsTest {
    @TempDir
    Path dir;

    private static void serve(TestSite site, String path, int status, byte[] body, String type) {
        site.route(path, ex -> {
            ex.getResponseHeaders().set("Content-Type", type);
            ex.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
            if (body.length > 0) ex.getResponseBody().write(body);
        });
    }

    private record Run(List<Doc> docs, Stats stats) {}

    private Run download(Settings settings, List<Doc> docs) throws Exception {
        Stats stats = new Stats();
        try (HttpDownloader http = new HttpDownloader(settings);
                FileDownloads files = new FileDownloads(
                        new FileStore(dir.resolve("files")), http::download, RetryPolicy.from(settings), stats)) {
            List<ItemSchema<?>> schemas =
                    docs.stream().<ItemSchema<?>>map(d -> Doc.SCHEMA).toList();
            List<Object> out = files.download(List.copyOf(docs), schemas);
            return new Run(out.stream().map(Doc.class::cast).toList(), stats);
        }
    }

    private static Settings settings(String... kv) {
        Settings s = Settings.defaults().with("retry_backoff", "0.01", "test");
        for (int i = 0; i < kv.length; i += 2) s = s.with(kv[i], kv[i + 1], "test");
        return s;
    }

    @Test
    void filesAreKeptByContentHashWithTheirExtensionAndEachStatusSaysWhatHappened() throws Exception {
        byte[] png = "not really a png, but bytes".getBytes(StandardCharsets.UTF_8);
        try (TestSite site = TestSite.books(1)) {
            serve(site, "/a/cover.PNG", 200, png, "image/png");
            serve(site, "/b/same-bytes", 200, png, "image/png");
            serve(site, "/report", 200, "%PDF-1.7".getBytes(StandardCharsets.UTF_8), "application/pdf");
            serve(site, "/gone.jpg", 404, new byte[0], "text/html");
            Run run = download(
                    settings(),
                    List.of(
                            Doc.of("1", site.url("/a/cover.PNG"), site.url("/report")),
                            Doc.of("2", site.url("/b/same-bytes"), site.url("/gone.jpg"), site.url("/a/cover.PNG"))));

            List<StoredFile> one = run.docs().get(0).files();
            List<StoredFile> two = run.docs().get(1).files();
            String sha = FileStore.sha256(png);
            assertEquals(
                    new StoredFile(site.url("/a/cover.PNG"), sha + ".png", sha, StoredFile.DOWNLOADED), one.get(0));
            assertTrue(
                    one.get(1).path().endsWith(".pdf"), "no extension in the URL: the Content-Type's: " + one.get(1));
            assertEquals(
                    new StoredFile(site.url("/b/same-bytes"), sha + ".png", sha, StoredFile.DUPLICATE), two.get(0));
            assertEquals(StoredFile.FAILED + ": HTTP 404", two.get(1).status());
            assertNull(two.get(1).path());
            assertEquals(
                    StoredFile.UPTODATE,
                    two.get(2).status(),
                    "a URL already stored in this crawl is not fetched again");
            assertEquals(1, site.hits("/a/cover.PNG"));
            try (Stream<Path> files = Files.list(dir.resolve("files"))) {
                assertEquals(3, files.count(), "the image once, the PDF and the index: " + dir.resolve("files"));
            }
            assertEquals(2, run.stats().get("files/downloaded"));
            assertEquals(1, run.stats().get("files/duplicate"));
            assertEquals(1, run.stats().get("files/uptodate"));
            assertEquals(1, run.stats().get("files/failed"));
        }
    }

    @Test
    void aFileOverMaxBodySizeFailsAtOnceAndLeavesNothingBehind() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            serve(site, "/big.bin", 200, new byte[5000], "application/octet-stream");
            Run run = download(
                    settings("max_body_size", "1000", "retry_times", "3"), List.of(Doc.of("1", site.url("/big.bin"))));
            StoredFile f = run.docs().get(0).files().get(0);
            assertTrue(f.status().startsWith(StoredFile.FAILED) && f.status().contains("max_body_size"), f.status());
            assertEquals(1, site.hits("/big.bin"), "a body over the limit is not retried");
            assertFalse(Files.exists(dir.resolve("files")), "nothing was written");
        }
    }

    @Test
    void aFailingServerIsRetriedAsRetryTimesSays() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        try (TestSite site = TestSite.books(1)) {
            byte[] ok = "third time lucky".getBytes(StandardCharsets.UTF_8);
            site.route("/flaky.txt", ex -> {
                boolean fail = calls.incrementAndGet() < 3;
                ex.sendResponseHeaders(fail ? 503 : 200, fail ? -1 : ok.length);
                if (!fail) ex.getResponseBody().write(ok);
            });
            Run run = download(settings("retry_times", "2"), List.of(Doc.of("1", site.url("/flaky.txt"))));
            assertEquals(StoredFile.DOWNLOADED, run.docs().get(0).files().get(0).status());
            assertEquals(3, calls.get());

            calls.set(0);
            Run giveUp = download(settings("retry_times", "1"), List.of(Doc.of("2", site.url("/flaky.txt?again"))));
            assertEquals(
                    StoredFile.FAILED + ": HTTP 503",
                    giveUp.docs().get(0).files().get(0).status());
            assertEquals(2, calls.get(), "one try and one retry");
        }
    }

    @Test
    void aLaterCrawlFindsStoredUrlsInTheIndexWithoutFetching() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            serve(site, "/kept.gif", 200, "GIF89a".getBytes(StandardCharsets.UTF_8), "image/gif");
            download(settings(), List.of(Doc.of("1", site.url("/kept.gif"))));
            Run again = download(settings(), List.of(Doc.of("1", site.url("/kept.gif"))));
            assertEquals(StoredFile.UPTODATE, again.docs().get(0).files().get(0).status());
            assertEquals(1, site.hits("/kept.gif"));

            Files.delete(dir.resolve("files")
                    .resolve(again.docs().get(0).files().get(0).path()));
            Run refetched = download(settings(), List.of(Doc.of("1", site.url("/kept.gif"))));
            assertEquals(
                    StoredFile.DOWNLOADED,
                    refetched.docs().get(0).files().get(0).status(),
                    "a file deleted since is fetched again");
            assertEquals(2, site.hits("/kept.gif"));
        }
    }
}
