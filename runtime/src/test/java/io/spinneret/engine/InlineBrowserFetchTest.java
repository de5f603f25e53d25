package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.Request;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.testing.Book;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An inline fetch whose request asks for the browser is rendered in it, from a callback of a page
 * fetched over HTTP (needs {@code SPINNERET_TEST_CHROMIUM}); one pool page is enough, since the
 * callback holds none.
 */
@Timeout(120)
class InlineBrowserFetchTest {
    private static final String CHROMIUM = System.getenv("SPINNERET_TEST_CHROMIUM");

    @TempDir
    Path dir;

    @Test
    void aFetchWithTheBrowserRendererSeesWhatTheScriptsBuilt() throws Exception {
        assumeTrue(CHROMIUM != null && !CHROMIUM.isBlank(), "SPINNERET_TEST_CHROMIUM is not set");
        try (TestSite site = TestSite.books(1)) {
            site.route(
                    "/js",
                    ex -> TestSite.send(
                            ex,
                            200,
                            "<html><body><div id=x></div>"
                                    + "<script>document.getElementById('x').innerHTML = '<h1>rendered</h1>';</script></body></html>"));
            Map<String, String> seen = new ConcurrentHashMap<>();
            CrawlResult r = Crawler.builder(new InlineSpider(site.root(), (page, crawl) -> {
                        String url = page.urlJoin("/js").orElseThrow();
                        seen.put("http", crawl.fetch(url).textOf("h1"));
                        seen.put(
                                "browser",
                                crawl.fetch(Request.builder(url)
                                                .renderer(Renderer.BROWSER)
                                                .build())
                                        .textOf("h1"));
                        crawl.emit(new Book(page.url(), "start", 0, "u0"));
                    }))
                    .settings(TestSettings.fast(
                            dir.resolve("items.jsonl"),
                            "browser_path=" + CHROMIUM,
                            "browser_pool_size=1",
                            "concurrency=1"))
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build()
                    .run();
            assertEquals(
                    Map.of("http", "", "browser", "rendered"), seen, r.stats().toString());
            assertEquals(2, r.get(InlineFetcher.STAT));
            assertEquals(3, r.requests());
        }
    }
}
