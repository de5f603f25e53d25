package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.middleware.RetryMiddleware;
import io.spinneret.spi.Stats;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every request that cannot succeed is one counted failure with a reason, handed to its errback:
 * redirect loops and self-redirects (which the duplicate filter used to drop silently), redirects
 * without a usable Location, and failures no retry can mend, which are tried once only.
 */
class FailureRecordingTest {
    @TempDir
    Path dir;

    private static void redirect(HttpExchange ex, int status, String location) throws IOException {
        if (location != null) ex.getResponseHeaders().set("Location", location);
        ex.sendResponseHeaders(status, -1);
        ex.close();
    }

    /** Crawls {@code targets} (each with the errback "record") and returns the reason stored per URL. */
    private Map<String, String> crawl(
            TestSite site, Map<String, String> targets, CrawlResult[] result, String... settings) throws Exception {
        Path out = dir.resolve("items.jsonl");
        String[] all = new String[settings.length + 2];
        all[0] = "concurrency=4";
        all[1] = "retry_backoff=0.01";
        System.arraycopy(settings, 0, all, 2, settings.length);
        result[0] = Crawler.builder(new ErrbackSpider(site.root(), targets))
                .settings(TestSettings.fast(out, all))
                .items(List.of(BookSchema.INSTANCE))
                .progress(null)
                .build()
                .run();
        Map<String, String> stored = new TreeMap<>();
        for (String line : Files.readAllLines(out)) {
            var item = new ObjectMapper().readTree(line);
            stored.put(item.get("url").asText(), item.get("title").asText());
        }
        return stored;
    }

    @Test
    void redirectLoopsSelfRedirectsAndMissingOrUnusableLocationsAreFailuresWithTheirReasons() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            site.route("/self", ex -> redirect(ex, 302, "/self"));
            site.route("/a", ex -> redirect(ex, 301, "/b"));
            site.route("/b", ex -> redirect(ex, 307, site.url("/a")));
            site.route("/none", ex -> redirect(ex, 302, null));
            site.route("/bad", ex -> redirect(ex, 302, "http://[::1"));
            site.route("/fine", ex -> redirect(ex, 302, "/book/3"));
            Map<String, String> targets = new TreeMap<>();
            for (String p : List.of("/self", "/a", "/none", "/bad", "/fine")) targets.put(site.url(p), "record");
            CrawlResult[] r = new CrawlResult[1];
            Map<String, String> stored = crawl(site, targets, r);

            assertEquals(
                    "redirect loop: " + site.url("/self") + " -> " + site.url("/self"), stored.get(site.url("/self")));
            assertEquals(
                    "redirect loop: " + site.url("/a") + " -> " + site.url("/b") + " -> " + site.url("/a"),
                    stored.get(site.url("/b")),
                    "the failure is the hop that closes the loop");
            assertEquals("302 redirect with no Location", stored.get(site.url("/none")));
            assertEquals("302 redirect with an unusable Location: http://[::1", stored.get(site.url("/bad")));
            assertEquals("Book 3", stored.get(site.url("/book/3")), "a plain redirect is followed");
            assertEquals(4, r[0].get("failures/download"), stored.toString());
            assertEquals(4, r[0].get("redirects/failed"));
            assertEquals(4, r[0].failures());
            assertEquals(Map.of(), r[0].ignored(), "no redirect is merely ignored");
            assertEquals(1, site.hits("/self"), "the self-redirect is not fetched again");
            assertEquals(1, r[0].exitCode());
        }
    }

    @Test
    void failuresNoRetryCanMendAreTriedOnce() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            byte[] big = new byte[50000];
            site.route("/announced", ex -> {
                ex.sendResponseHeaders(200, big.length); // refused from its Content-Length
                try (var out = ex.getResponseBody()) {
                    out.write(big);
                } catch (IOException ignored) {
                    // the crawler hung up, as it should
                }
            });
            site.route("/streamed", ex -> {
                ex.sendResponseHeaders(200, 0); // chunked: over the limit while it streams in
                try (var out = ex.getResponseBody()) {
                    out.write(big);
                } catch (IOException ignored) {
                    // the crawler hung up
                }
            });
            site.route("/busy", ex -> TestSite.send(ex, 503, "busy")); // transient: retried
            String badPort = "http://127.0.0.1:99999/x";
            Map<String, String> targets = new TreeMap<>();
            targets.put(site.url("/announced"), "record");
            targets.put(site.url("/streamed"), "record");
            targets.put(site.url("/busy"), "record");
            targets.put(badPort, "record");
            CrawlResult[] r = new CrawlResult[1];
            Map<String, String> stored = crawl(site, targets, r, "retry_times=2", "max_body_size=20000");

            assertEquals(1, site.hits("/announced"));
            assertEquals(1, site.hits("/streamed"));
            assertEquals(3, site.hits("/busy"), "a 503 is tried 1 + retry_times times");
            assertTrue(
                    stored.get(site.url("/announced"))
                            .contains("larger than max_body_size (20000 bytes) (Content-Length 50000)"),
                    stored.toString());
            assertTrue(
                    stored.get(site.url("/streamed")).contains("larger than max_body_size (20000 bytes)"),
                    stored.toString());
            assertTrue(stored.get(badPort).contains("its port is above 65535"), stored.toString());
            assertEquals(3, r[0].get(RetryMiddleware.STAT_NOT_RETRYABLE));
            assertEquals(2, r[0].get(RetryMiddleware.STAT_COUNT), "only the 503 was retried");
            assertEquals(4, r[0].get("failures/download"));
            assertEquals(4, r[0].get(Stats.ERRBACKS));
        }
    }
}
