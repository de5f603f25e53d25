package io.spinneret.engine;

import io.spinneret.embed.Crawler;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** The books test crawl the observe tests share: two listing pages, {@code /book/3} a 404 and {@code /book/4} a 500. */
final class ObservedCrawls {
    private ObservedCrawls() {}

    static TestSite site() throws IOException {
        TestSite site = TestSite.books(2);
        site.route("/book/3", ex -> TestSite.send(ex, 404, "<html><body>gone</body></html>"));
        site.route("/book/4", ex -> TestSite.send(ex, 500, "<html><body>broken</body></html>"));
        return site;
    }

    static Crawler.Builder books(TestSite site, Path dir, String... settings) {
        return Crawler.builder(new BooksFixture(site.root()))
                .settings(TestSettings.fast(dir.resolve("out.jsonl"), settings))
                .items(List.of(BookSchema.INSTANCE))
                .progress(null);
    }
}
