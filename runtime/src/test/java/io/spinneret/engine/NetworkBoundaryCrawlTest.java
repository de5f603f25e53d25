package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A page cannot steer the crawler into its own network under {@code network_boundary}: every
 * redirect hop and every followed link is a new connection, checked again after DNS
 * ({@code metadata.test} resolves to 169.254.169.254 through the test resolver).
 */
class NetworkBoundaryCrawlTest {
    @TempDir
    Path dir;

    @Test
    void aRedirectOrALinkToAnInternalAddressFailsAndTheRestOfTheCrawlGoesOn() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            String local = site.url("/").replace("127.0.0.1", "loopback.test");
            site.route("/start", ex -> {
                ex.getResponseHeaders().set("Location", "http://metadata.test/latest/meta-data/");
                ex.sendResponseHeaders(302, -1);
            });
            site.route(
                    "/",
                    ex -> TestSite.send(
                            ex,
                            200,
                            "<html><body>"
                                    + "<article class=product_pod><h3><a href='/book/1'>b</a></h3></article>"
                                    + "<article class=product_pod><h3><a href='http://0xa9fea9fe/'>m</a></h3></article>"
                                    + "<article class=product_pod><h3><a href='http://private.test/'>p</a></h3></article>"
                                    + "</body></html>"));
            CrawlResult r = Crawler.builder(
                            new BooksFixture("books", List.of(local + "start", local), List.of(), u -> false))
                    .settings(TestSettings.fast(dir.resolve("out.jsonl"), "network_boundary=public+loopback"))
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build()
                    .run();
            assertEquals(1, site.hits("/book/1"), "the allowed link was followed");
            assertEquals(1, r.items());
            assertEquals(3, r.failures(), "the redirect hop, the hex-spelled metadata address and private.test");
        }
    }
}
