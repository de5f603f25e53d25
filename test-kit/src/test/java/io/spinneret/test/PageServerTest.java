package io.spinneret.test;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.devtools.PageFetcher;
import io.spinneret.embed.CrawlOutput;
import io.spinneret.embed.Crawler;
import io.spinneret.settings.Settings;
import io.spinneret.test.site.ShelfSpider;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** A folder of pages served over real TCP: a whole crawl of it, and a page kept by the HTTP cache read back with {@link Pages#cached}. */
class PageServerTest {
    @RegisterExtension
    static PageServer site = PageServer.of(SpiderTesterTest.SITE);

    @TempDir
    Path cache;

    @Test
    void aCrawlOfTheServedFolderGetsEveryBookAndTheMissingPageIsA404() throws Exception {
        int before = site.requests();
        CrawlOutput out = Crawler.of(ShelfSpider.class)
                .setting("start_urls", site.url("/"))
                .run();
        List<ShelfSpider.Book> books = out.items(ShelfSpider.Book.class).stream()
                .sorted(Comparator.comparing(ShelfSpider.Book::title))
                .toList();
        assertEquals(
                List.of(
                        new ShelfSpider.Book(site.url("/shelf/dune.html"), "Dune", 9.5),
                        new ShelfSpider.Book(site.url("/shelf/emma.html"), "Emma", 4.25)),
                books);
        assertEquals(5, site.requests() - before, "robots.txt (a 404), the shelf, three book pages (one a 404)");
    }

    @Test
    void aPageTheHttpCacheKeptIsReadBackWithoutTheServer() throws Exception {
        Settings settings = Settings.defaults()
                .with("http_cache", "true", "test")
                .with("http_cache_dir", cache.toString(), "test")
                .with("respect_robots", "false", "test");
        String url = site.url("/shelf/dune.html");
        try (PageFetcher pages = PageFetcher.open("shelf", settings, getClass().getClassLoader())) {
            assertEquals(200, pages.fetch(Request.of(url)).status());
        }
        Response kept = Pages.cached(cache, "shelf", url);
        assertEquals(
                new ShelfSpider.Book(url, "Dune", 9.5),
                SpiderTester.of(ShelfSpider.class).run("book", kept).item(ShelfSpider.Book.class));
    }
}
