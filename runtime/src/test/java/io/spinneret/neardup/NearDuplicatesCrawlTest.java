package io.spinneret.neardup;

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
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code near_duplicates} in a crawl, one request at a time: a listing links products a, b, c
 * (first) and a second listing; b is a's article with another date and advert, the second listing
 * the first's likewise and the only page that links product d. On the in-process and the SQLite
 * scheduler (the Redis one keeps the groups through the same contract: SchedulerContractTest).
 */
class NearDuplicatesCrawlTest {
    @TempDir
    Path dir;

    private static TestSite site() throws Exception {
        TestSite site = new TestSite(0, 0);
        String listing = Articles.text(1, 300);
        String products = "<article class='product_pod'><h3><a href='/p/a'>a</a></h3></article>"
                + "<article class='product_pod'><h3><a href='/p/b'>b</a></h3></article>"
                + "<article class='product_pod'><h3><a href='/p/c'>c</a></h3></article>";
        site.route(
                "/",
                ex -> TestSite.send(
                        ex,
                        200,
                        Articles.page(
                                "4 December 2026",
                                listing,
                                "Shoe Mart",
                                products + "<ul><li class='next'><a href='/sorted'>sorted</a></li></ul>")));
        site.route(
                "/sorted",
                ex -> TestSite.send(
                        ex,
                        200,
                        Articles.page(
                                "5 December 2026",
                                listing,
                                "Bean Co",
                                "<article class='product_pod'><h3><a href='/p/d'>d</a></h3></article>")));
        String a = Articles.text(10, 300);
        product(site, "/p/a", "Friday 4 December 2026", a, "Buy cheap shoes now at Shoe Mart");
        product(site, "/p/b", "Saturday 5 December 2026", a, "Fresh coffee beans delivered weekly from Bean Co");
        product(site, "/p/c", "Friday 4 December 2026", Articles.text(11, 300), "Buy cheap shoes now at Shoe Mart");
        product(site, "/p/d", "Friday 4 December 2026", Articles.text(12, 300), "Buy cheap shoes now at Shoe Mart");
        return site;
    }

    /** A page BooksFixture's detail callback reads as a Book: title, price, UPC, then the article. */
    private static void product(TestSite site, String path, String date, String article, String advert) {
        String book = "<div class='product_main'><h1>" + path + "</h1><p class='price_color'>£1.00</p></div>"
                + "<table><tr><td>u</td></tr></table>";
        site.route(
                path,
                ex -> TestSite.send(
                        ex, 200, Articles.page(date, article, advert, "").replace("<main>", "<main>" + book)));
    }

    private CrawlResult crawl(TestSite site, String scheduler, String... settings) throws InterruptedException {
        List<String> kv =
                new ArrayList<>(List.of("scheduler=" + scheduler, "job_dir=" + dir.resolve("jobs"), "concurrency=1"));
        kv.addAll(List.of(settings));
        return Crawler.builder(new BooksFixture(site.url("/")))
                .settings(TestSettings.fast(dir.resolve("out.jsonl"), kv.toArray(String[]::new)))
                .items(List.of(BookSchema.INSTANCE))
                .progress(null)
                .build()
                .run();
    }

    @ParameterizedTest
    @ValueSource(strings = {"memory", "sqlite"})
    void dropDropsTheItemsOfANearDuplicateAndCanLeaveItsLinks(String scheduler) throws Exception {
        try (TestSite site = site()) {
            CrawlResult r = crawl(site, scheduler, "near_duplicates=drop", "near_duplicates_follow=false");
            assertEquals(2, r.items(), "a and c; b is a near duplicate of a: " + r.stats());
            assertEquals(1, r.get("items_dropped/near_duplicate"), r.stats().toString());
            assertEquals(2, r.get(NearDuplicates.PAGES), "b, and the second listing: " + r.stats());
            assertEquals(1, r.get(NearDuplicates.LINKS_NOT_FOLLOWED), "d, linked from the second listing only");
            assertEquals(0, site.hits("/p/d"));
            assertTrue(r.summaryLine().contains("1 items dropped (near_duplicate: 1)"), r.summaryLine());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"memory", "sqlite"})
    void markCountsNearDuplicatesAndKeepsTheirItemsAndLinks(String scheduler) throws Exception {
        try (TestSite site = site()) {
            CrawlResult r = crawl(site, scheduler, "near_duplicates=mark");
            assertEquals(4, r.items(), r.stats().toString());
            assertEquals(2, r.get(NearDuplicates.PAGES), r.stats().toString());
            assertEquals(1, site.hits("/p/d"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"memory"})
    void offLooksAtNothing(String scheduler) throws Exception {
        try (TestSite site = site()) {
            CrawlResult r = crawl(site, scheduler);
            assertEquals(4, r.items());
            assertEquals(0, r.get(NearDuplicates.PAGES));
        }
    }
}
