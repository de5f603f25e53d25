package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.download.cache.HttpCache;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** http_cache over real TCP: a second crawl of the same site is answered from disk. */
class HttpCacheCrawlTest {
    @TempDir
    Path dir;

    private CrawlResult crawl(TestSite site, String out, String delay) throws Exception {
        return Crawler.builder(new BooksFixture(site.root()))
                .settings(TestSettings.fast(
                        dir.resolve(out),
                        "http_cache=true",
                        "http_cache_dir=" + dir.resolve("cache"),
                        "download_delay=" + delay))
                .items(List.of(BookSchema.INSTANCE))
                .progress(null)
                .build()
                .run();
    }

    @Test
    void aSecondCrawlIsAnsweredFromTheCacheWithTheSameItems() throws Exception {
        try (TestSite site = TestSite.books(2)) {
            CrawlResult first = crawl(site, "first.jsonl", "0");
            assertEquals(42, first.requests());
            assertEquals(42, first.get(HttpCache.STAT_STORED));
            assertEquals(42, site.totalHits.get());

            long t0 = System.nanoTime();
            // a replayed page waits for no download_delay: with 5 s per page this crawl would take minutes otherwise
            CrawlResult second = crawl(site, "second.jsonl", "5");
            assertEquals(42, site.totalHits.get(), "the site saw nothing of the second crawl");
            assertEquals(42, second.get(HttpCache.STAT_HIT));
            assertEquals(42, second.requests(), "replayed responses are counted like downloaded ones");
            assertEquals(42, second.responses());
            assertEquals(40, second.items());
            assertEquals(0, second.failures());
            assertEquals(
                    Files.readAllLines(dir.resolve("first.jsonl")).stream()
                            .sorted()
                            .toList(),
                    Files.readAllLines(dir.resolve("second.jsonl")).stream()
                            .sorted()
                            .toList());
            // delayed, the 42 requests to one host would be 41 x 5 s = 205 s apart: half of that, at most
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertTrue(seconds < 41 * 5 / 2.0, "no download_delay for replayed pages: " + seconds + " s");
        }
    }
}
