package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.spi.Stats;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Failed requests reach their errback over real TCP; what it emits is stored and crawled. */
class ErrbackCrawlTest {
    @TempDir
    Path dir;

    private static int closedPort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void failuresGoToTheirErrbacksWhoseItemsAreStoredAndWhoseRequestsAreCrawled() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            site.route("/r1", ex -> {
                ex.getResponseHeaders().set("Location", "/r2");
                TestSite.send(ex, 302, "");
            });
            site.route("/r2", ex -> {
                ex.getResponseHeaders().set("Location", "/r3");
                TestSite.send(ex, 302, "");
            });
            site.route("/unavailable", ex -> TestSite.send(ex, 503, "busy"));
            String dead = "http://127.0.0.1:" + closedPort() + "/x";
            Map<String, String> targets = new TreeMap<>();
            targets.put(site.url("/missing"), "record"); // 404: the errback gets the error page
            targets.put(dead, "record"); // connection refused after 1 retry
            targets.put(site.url("/unavailable"), "record"); // 503 after 1 retry
            targets.put(site.url("/r1"), "record"); // more redirects than max_redirects
            targets.put(site.url("/book/1"), "record"); // fetched fine: no errback
            targets.put(site.url("/gone"), "boom"); // 404 to an errback that throws
            targets.put(site.url("/lost"), null); // 404, no errback: only counted

            Path out = dir.resolve("items.jsonl");
            CrawlResult r = Crawler.builder(new ErrbackSpider(site.root(), targets))
                    .settings(TestSettings.fast(
                            out, "retry_times=1", "retry_backoff=0.01", "max_redirects=1", "concurrency=4"))
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build()
                    .run();

            Map<String, String> stored = new TreeMap<>();
            for (String line : Files.readAllLines(out)) {
                var item = new ObjectMapper().readTree(line);
                stored.put(
                        item.get("url").asText(),
                        item.get("title").asText() + " / " + item.get("price").asInt());
            }
            String refused = stored.remove(dead);
            assertTrue(
                    refused != null
                            && refused.toLowerCase(Locale.ROOT).contains("refused")
                            && refused.endsWith("(after 1 retry) / 0"),
                    "the dead host's item: " + refused);
            assertEquals(
                    Map.of(
                            site.url("/missing"), "HTTP 404 / 404",
                            site.url("/unavailable"), "HTTP 503 (after 1 retry) / 503",
                            site.url("/r2"), "too many redirects (1); last Location: /r3 / 302",
                            site.url("/book/1"), "Book 1 / 0",
                            site.url("/book/7"), "Book 7 / 0"),
                    stored);
            assertEquals(1, site.hits("/book/7"), "the errback's follow-up, resolved against the 404 page");
            assertEquals(5, r.get(Stats.ERRBACKS), "missing, dead, unavailable, r2 and gone");
            assertEquals(3, r.get("failures/download"), "dead, unavailable and r2");
            assertEquals(1, r.get("failures/errback"), "the errback that threw");
            assertEquals(4, r.failures());
            assertEquals(Map.of("404", 3L), r.ignored(), "missing, gone and lost");
        }
    }
}
