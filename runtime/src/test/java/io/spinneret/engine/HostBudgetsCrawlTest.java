package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code max_pages_per_host} and {@code max_pages_per_domain} in a crawl of the test site (63
 * pages) reached under two host names, {@code 127.0.0.1} and {@code localhost}, on the in-process
 * and the SQLite scheduler (the Redis one: {@code PolitenessAcrossNodesTest}, three nodes).
 */
class HostBudgetsCrawlTest {
    @TempDir
    Path dir;

    private CrawlResult crawl(TestSite site, String scheduler, String... settings) throws InterruptedException {
        String viaLocalhost = site.root().replace("127.0.0.1", "localhost");
        List<String> kv =
                new ArrayList<>(List.of("scheduler=" + scheduler, "job_dir=" + dir.resolve("jobs"), "concurrency=4"));
        kv.addAll(List.of(settings));
        return Crawler.builder(new BooksFixture("books", List.of(site.root(), viaLocalhost), List.of(), url -> false))
                .settings(TestSettings.fast(dir.resolve("out.jsonl"), kv.toArray(String[]::new)))
                .items(List.of(BookSchema.INSTANCE))
                .progress(null)
                .build()
                .run();
    }

    @ParameterizedTest
    @ValueSource(strings = {"memory", "sqlite"})
    void eachHostGetsItsBudgetAndTheSummaryNamesTheHostsItStopped(String scheduler) throws Exception {
        try (TestSite site = TestSite.books(3)) {
            CrawlResult r = crawl(site, scheduler, "max_pages_per_host=7");
            assertEquals(14, r.responses(), r.stats().toString());
            assertEquals(14, site.totalHits.get(), "the budget holds before the download");
            // per host: the first listing, then 6 of its 20 books (priority 1); 14 books and the next listing are
            // dropped
            assertEquals(2 * 15, r.get("dropped/max_pages_per_host"), r.stats().toString());
            assertEquals(
                    Map.of("127.0.0.1", "max_pages_per_host=7", "localhost", "max_pages_per_host=7"), r.stoppedHosts());
            assertTrue(
                    r.summaryLine().contains("| 2 hosts stopped (max_pages_per_host=7: 127.0.0.1, localhost) |"),
                    r.summaryLine());
            assertEquals(CrawlResult.Outcome.FINISHED, r.outcome(), "a budget stops a host, not the crawl");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"memory", "sqlite"})
    void aDomainBudgetIsOneForAllItsHosts(String scheduler) throws Exception {
        try (TestSite site = TestSite.books(3)) {
            // 127.0.0.1 and localhost are two registrable "domains" (an IP address and a single label):
            // the budget holds for each, the host budget that is larger does not matter
            CrawlResult r = crawl(site, scheduler, "max_pages_per_domain=5", "max_pages_per_host=50");
            assertEquals(10, r.responses(), r.stats().toString());
            assertEquals(
                    Map.of("127.0.0.1", "max_pages_per_domain=5", "localhost", "max_pages_per_domain=5"),
                    r.stoppedHosts());
        }
    }
}
