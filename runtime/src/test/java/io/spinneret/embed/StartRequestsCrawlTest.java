package io.spinneret.embed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.Crawl;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.api.SpinneretException;
import io.spinneret.api.UnknownCallbackException;
import io.spinneret.internal.Dispatcher;
import io.spinneret.internal.Emit;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.testing.Book;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A spider's {@code @Start} method makes the start requests, over real TCP. */
class StartRequestsCrawlTest {
    @TempDir
    Path dir;

    /** A stand-in for a generated dispatcher: {@code start} is what the spider's {@code @Start} method does. */
    private record StartSpider(List<String> startUrls, Start start, Renderer renderer) implements SpiderDefinition {
        interface Start {
            void run(List<String> startUrls, Crawl crawl) throws Exception;
        }

        StartSpider(List<String> startUrls, Start start) {
            this(startUrls, start, Renderer.HTTP);
        }

        @Override
        public String name() {
            return "starts";
        }

        @Override
        public String className() {
            return "test.StartSpider";
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
            return new Dispatcher() {
                @Override
                public void dispatch(String callback, Response response, Crawl crawl) {
                    switch (callback) {
                        case "parse" -> {}
                        case "book" ->
                            Emit.value(new Book(response.url(), response.textOf("h1"), 0, response.url()), crawl);
                        default -> throw new UnknownCallbackException(name(), callback, callbacks());
                    }
                }

                @Override
                public boolean start(List<String> startUrls, Crawl crawl) throws Exception {
                    start.run(startUrls, crawl);
                    return true;
                }
            };
        }
    }

    @Test
    void theStartRequestsAreCrawledAsTheStartMethodMadeThem() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            List<String> seen = new CopyOnWriteArrayList<>();
            site.route("/search", ex -> {
                seen.add(ex.getRequestMethod() + " "
                        + new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8) + " "
                        + ex.getRequestHeaders().getFirst("X-Token"));
                TestSite.send(ex, 200, "<h1>results</h1>");
            });
            Path out = dir.resolve("items.jsonl");
            StartSpider spider = new StartSpider(List.of(site.url("/book/1")), (urls, crawl) -> {
                for (String u : urls) crawl.request(Request.of(u, "book"));
                crawl.request(Request.builder(site.url("/search"))
                        .method("POST")
                        .body("q=java")
                        .header("X-Token", "t1")
                        .callback("book")
                        .build());
            });
            CrawlResult r = Crawler.builder(spider)
                    .settings(TestSettings.fast(out, "start_urls=" + site.url("/book/2") + "," + site.url("/book/3")))
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build()
                    .run();

            assertEquals(0, r.failures(), r.stats().toString());
            assertEquals(3, r.items(), "book/2 and book/3 (start_urls replaces the spider's) and the search");
            assertEquals(List.of("POST q=java t1"), seen);
            assertEquals(0, site.hits("/book/1"));
            assertEquals(0, site.hits("/"), "nothing went to the parse callback");
        }
    }

    @Test
    void theStartRequestsGetTheSpidersRendererUnlessTheyChoseOne() {
        StartSpider spider = new StartSpider(
                List.of("http://127.0.0.1:9/a"),
                (urls, crawl) -> {
                    crawl.request(Request.of(urls.get(0), "book"));
                    crawl.request(Request.builder("http://127.0.0.1:9/sitemap.xml")
                            .renderer(Renderer.HTTP)
                            .build());
                },
                Renderer.BROWSER);
        List<Request> start = Crawler.builder(spider)
                .settings(TestSettings.fast(dir.resolve("x.jsonl")))
                .build()
                .startRequests(spider.newDispatcher());
        assertEquals(
                List.of(Renderer.BROWSER, Renderer.HTTP),
                start.stream().map(Request::renderer).toList());
        assertEquals(
                List.of("http://127.0.0.1:9/a", "http://127.0.0.1:9/sitemap.xml"),
                start.stream().map(Request::url).toList());
    }

    @Test
    void aFailingStartMethodEndsTheCrawlBeforeAnythingOpensAndSaysWhy() {
        Path out = dir.resolve("items.jsonl");
        StartSpider spider = new StartSpider(List.of("http://127.0.0.1:9/"), (urls, crawl) -> {
            throw new IOException("seed file not found");
        });
        var e = assertThrows(
                SpinneretException.class,
                () -> Crawler.builder(spider)
                        .settings(TestSettings.fast(out))
                        .items(List.of(BookSchema.INSTANCE))
                        .progress(null)
                        .build()
                        .run());
        assertEquals("the @Start method of spider 'starts' failed: IOException: seed file not found", e.getMessage());
        assertFalse(Files.exists(out), "no output was opened");
    }

    @Test
    void aCrawlThatStartsWithNothingSaysSoInsteadOfEndingSilently() throws Exception {
        StartSpider spider = new StartSpider(List.of(), (urls, crawl) -> {});
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream realErr = System.err;
        System.setErr(
                new PrintStream(err, true, StandardCharsets.UTF_8)); // slf4j-simple logs to whatever System.err is
        CrawlResult r;
        try {
            r = Crawler.builder(spider)
                    .settings(TestSettings.fast(dir.resolve("x.jsonl")))
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build()
                    .run();
        } finally {
            System.setErr(realErr);
        }
        assertEquals(0, r.requests());
        assertTrue(
                err.toString(StandardCharsets.UTF_8)
                        .contains("nothing to crawl: spider 'starts' starts with no requests"),
                err.toString());
        assertEquals(CrawlResult.NOTHING_CRAWLED, r.exitCode(), "a crawl of nothing is no success");
    }

    @Test
    void itemsFromTheStartMethodAreRefused() {
        StartSpider spider = new StartSpider(List.of(), (urls, crawl) -> crawl.emit(new Book("u", "t", 0, "k")));
        var e = assertThrows(
                SpinneretException.class,
                () -> Crawler.builder(spider)
                        .settings(TestSettings.fast(dir.resolve("x.jsonl")))
                        .items(List.of(BookSchema.INSTANCE))
                        .progress(null)
                        .build()
                        .run());
        assertEquals("the @Start method of spider 'starts' emitted Book items; it makes requests only", e.getMessage());
    }
}
