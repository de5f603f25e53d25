package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.net.httpserver.HttpExchange;
import io.spinneret.annotations.Renderer;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;
import io.spinneret.api.Sitemap;
import io.spinneret.api.UnknownCallbackException;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.internal.Dispatcher;
import io.spinneret.internal.Emit;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.spi.Stats;
import io.spinneret.testing.Book;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A crawl driven by sitemaps, over real TCP: robots.txt, a sitemap index, a plain and a gzipped sitemap, the pages. */
class SitemapCrawlTest {
    @TempDir
    Path dir;

    /** parse reads whatever it gets as a sitemap; book turns a detail page into an item. */
    private record SitemapSpider(String start) implements SpiderDefinition {
        @Override
        public String name() {
            return "sitemap";
        }

        @Override
        public String className() {
            return "test.SitemapSpider";
        }

        @Override
        public List<String> startUrls() {
            return List.of(start);
        }

        @Override
        public Renderer renderer() {
            return Renderer.HTTP;
        }

        @Override
        public List<String> settings() {
            return List.of();
        }

        @Override
        public List<String> callbacks() {
            return List.of("book", "parse");
        }

        @Override
        public Dispatcher newDispatcher() {
            return (callback, response, crawl) -> {
                switch (callback) {
                    case "parse" -> parse(response, crawl);
                    case "book" -> Emit.value(book(response), crawl);
                    default -> throw new UnknownCallbackException(name(), callback, callbacks());
                }
            };
        }

        private static void parse(Response page, Crawl crawl) {
            Sitemap map = page.sitemap();
            for (String s : map.sitemapUrls()) crawl.follow(s);
            for (String p : map.pageUrls()) crawl.follow(p, "book");
        }

        private static Book book(Response page) {
            return new Book(page.url(), page.textOf("h1"), 0, page.textOf("table td"));
        }
    }

    private static String urlset(TestSite site, int from, int to) {
        StringBuilder b = new StringBuilder(
                "<?xml version=\"1.0\"?><urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">");
        for (int i = from; i < to; i++)
            b.append("<url><loc>").append(site.url("/book/" + i)).append("</loc></url>");
        return b.append("</urlset>").toString();
    }

    private static void sendGzip(HttpExchange ex, String xml) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(b)) {
            g.write(xml.getBytes(StandardCharsets.UTF_8));
        }
        ex.getResponseHeaders().set("Content-Type", "application/gzip"); // a .xml.gz file, not a Content-Encoding
        ex.sendResponseHeaders(200, b.size());
        try (OutputStream out = ex.getResponseBody()) {
            b.writeTo(out);
        }
    }

    @Test
    void robotsTxtToIndexToSitemapsToEveryListedPage() throws Exception {
        try (TestSite site = TestSite.books(2)) {
            site.route(
                    "/robots.txt",
                    ex -> TestSite.send(ex, 200, "User-agent: *\nSitemap: " + site.url("/sitemap_index.xml") + "\n"));
            site.route(
                    "/sitemap_index.xml",
                    ex -> TestSite.send(
                            ex,
                            200,
                            "<?xml version=\"1.0\"?>"
                                    + "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"
                                    + "<sitemap><loc>" + site.url("/sitemap-1.xml") + "</loc></sitemap>"
                                    + "<sitemap><loc>" + site.url("/sitemap-2.xml.gz")
                                    + "</loc></sitemap></sitemapindex>"));
            site.route("/sitemap-1.xml", ex -> TestSite.send(ex, 200, urlset(site, 0, 25)));
            site.route(
                    "/sitemap-2.xml.gz", ex -> sendGzip(ex, urlset(site, 20, 40))); // 20-24 listed twice: fetched once

            Path out = dir.resolve("books.jsonl");
            CrawlResult r = Crawler.builder(new SitemapSpider(site.url("/robots.txt")))
                    .settings(TestSettings.fast(out, "concurrency=8"))
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build()
                    .run();

            assertEquals(0, r.failures(), r.stats().toString());
            assertEquals(40, r.items());
            assertEquals(1 + 1 + 2 + 40, r.requests(), "robots.txt, the index, two sitemaps, 40 pages");
            assertEquals(5, r.get(Stats.DUPLICATES), "the pages both sitemaps list");
            assertEquals(40, Files.readAllLines(out).size());
            assertEquals(0, site.hits("/page/1"), "nothing but the sitemaps led to the pages");
        }
    }
}
