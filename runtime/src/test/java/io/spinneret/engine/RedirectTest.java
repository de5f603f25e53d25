package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.net.httpserver.HttpExchange;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.middleware.Middleware;
import io.spinneret.spi.Stats;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RedirectTest {
    @TempDir
    Path dir;

    private static void redirect(HttpExchange ex, int status, String location) throws IOException {
        ex.getResponseHeaders().set("Location", location);
        ex.sendResponseHeaders(status, -1);
    }

    private CrawlResult crawl(TestSite site, String start, String... settings) throws InterruptedException {
        return Crawler.builder(new BooksFixture(start))
                .settings(TestSettings.fast(dir.resolve("out.jsonl"), settings))
                .items(List.of(BookSchema.INSTANCE))
                .progress(null)
                .build()
                .run();
    }

    @Test
    void redirectsAreFollowedByTheEngineWithTheSameCallback() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            site.route("/start", ex -> redirect(ex, 301, "/hop"));
            site.route("/hop", ex -> redirect(ex, 302, site.url("/")));
            CrawlResult r = crawl(site, site.url("/start"));
            assertEquals(2, r.get("redirects"));
            assertEquals(23, r.requests(), "2 hops + 21 pages");
            assertEquals(20, r.items(), "the final page went to 'parse' like the start URL");
            assertEquals(1, site.hits("/"));
        }
    }

    @Test
    void redirectTargetsAreDeduplicated() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            // every book is reached directly and through an alias that redirects to it
            site.route("/", ex -> {
                StringBuilder b = new StringBuilder("<html><body>");
                for (int i = 0; i < 20; i++) {
                    b.append("<article class=product_pod><h3><a href='/book/")
                            .append(i)
                            .append("'>b</a></h3></article>");
                    b.append("<article class=product_pod><h3><a href='/alias/")
                            .append(i)
                            .append("'>a</a></h3></article>");
                }
                TestSite.send(ex, 200, b.append("</body></html>").toString());
            });
            for (int i = 0; i < 20; i++) {
                int n = i;
                site.route("/alias/" + i, ex -> redirect(ex, 307, "/book/" + n));
            }
            CrawlResult r = crawl(site, site.root(), "concurrency=1");
            for (int i = 0; i < 20; i++) assertEquals(1, site.hits("/book/" + i), "book " + i);
            assertEquals(20, r.items());
            assertEquals(20, r.get(Stats.DUPLICATES));
        }
    }

    @Test
    void redirectLoopsStopAtMaxRedirects() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            for (int i = 0; i < 20; i++) {
                int n = i;
                site.route("/loop/" + i, ex -> redirect(ex, 302, "/loop/" + (n + 1)));
            }
            CrawlResult r = crawl(site, site.url("/loop/0"), "max_redirects=3");
            assertEquals(4, r.requests(), "the start plus 3 hops");
            assertEquals(1, r.failures());
            assertEquals(0, site.hits("/loop/4"));
        }
    }

    @Test
    void seeOtherAfterPostBecomesGetWithoutBody() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            List<String> seen = new CopyOnWriteArrayList<>();
            site.route("/form", ex -> {
                seen.add(ex.getRequestMethod() + " /form " + ex.getRequestBody().readAllBytes().length);
                redirect(ex, 303, "/done");
            });
            site.route("/done", ex -> {
                seen.add(ex.getRequestMethod() + " /done " + ex.getRequestBody().readAllBytes().length);
                TestSite.send(ex, 200, "<html></html>");
            });
            // the start request leaves as a POST with a body
            Middleware post = chain -> chain.proceed(
                    chain.request().url().endsWith("/form")
                            ? chain.request().toBuilder()
                                    .method("POST")
                                    .body("q=1")
                                    .header("Content-Type", "text/plain")
                                    .build()
                            : chain.request());
            CrawlResult r = Crawler.builder(new BooksFixture(site.url("/form")))
                    .settings(TestSettings.fast(dir.resolve("o.jsonl")))
                    .middlewares(List.of(post))
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build()
                    .run();
            assertEquals(List.of("POST /form 3", "GET /done 0"), seen);
            assertEquals(2, r.requests());
            assertEquals(0, r.failures());
        }
    }
}
