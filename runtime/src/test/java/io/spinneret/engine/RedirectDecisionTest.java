package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.spinneret.api.FetchException;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.devtools.PageFetcher;
import io.spinneret.embed.Crawler;
import io.spinneret.settings.Settings;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One redirect decision ({@link Redirects}) for the crawl and for the fetches outside it
 * ({@code fetch}, {@code parse}, the shell and their inline fetches, through {@link FetchLoop}):
 * a meta refresh is followed by both, and a loop of meta refreshes fails with the same reason.
 */
class RedirectDecisionTest {
    @TempDir
    Path dir;

    private static String refreshTo(String target) {
        return "<html><head><meta http-equiv=\"refresh\" content=\"0; url=" + target
                + "\"></head><body>wait</body></html>";
    }

    private static TestSite site() throws Exception {
        TestSite site = TestSite.books(1);
        site.route("/refresh", ex -> TestSite.send(ex, 200, refreshTo("/book/2")));
        site.route("/ra", ex -> TestSite.send(ex, 200, refreshTo("/rb")));
        site.route("/rb", ex -> TestSite.send(ex, 200, refreshTo("/ra")));
        return site;
    }

    @Test
    void aFetchFollowsAMetaRefreshAsACrawlDoes() throws Exception {
        try (TestSite site = site();
                PageFetcher pages = pages()) {
            Response r = pages.fetch(Request.of(site.url("/refresh")));
            assertEquals(site.url("/book/2"), r.url());
            assertEquals(List.of(site.url("/refresh")), PageFetcher.redirectedFrom(r));
            assertEquals(
                    "Book 2",
                    pages.inline().fetch(Request.of(site.url("/refresh"))).textOf("h1"),
                    "an inline fetch follows it too");
            assertEquals(2, pages.stats().get("redirects"));
        }
    }

    @Test
    void aMetaRefreshLoopFailsWithTheSameReasonInACrawlAFetchAndAnInlineFetch() throws Exception {
        try (TestSite site = site()) {
            String loop = "redirect loop: " + site.url("/ra") + " -> " + site.url("/rb") + " -> " + site.url("/ra");
            Path out = dir.resolve("items.jsonl");
            Crawler.builder(new ErrbackSpider(site.root(), Map.of(site.url("/ra"), "record")))
                    .settings(TestSettings.fast(out, "concurrency=2"))
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build()
                    .run();
            var failure = new ObjectMapper().readTree(Files.readAllLines(out).get(0));
            assertEquals(site.url("/rb"), failure.get("url").asText(), "the hop that closes the loop fails");
            assertEquals(loop, failure.get("title").asText());

            try (PageFetcher pages = pages()) {
                var fetch = assertThrows(
                        PageFetcher.FetchFailedException.class, () -> pages.fetch(Request.of(site.url("/ra"))));
                assertEquals(loop, fetch.reason());
                var inline =
                        assertThrows(FetchException.class, () -> pages.inline().fetch(Request.of(site.url("/ra"))));
                assertEquals(loop, inline.reason());
                assertEquals(2, pages.stats().get("redirects/failed"));
            }
        }
    }

    private PageFetcher pages() {
        Settings settings = TestSettings.fast(dir.resolve("unused.jsonl"));
        return PageFetcher.open("redirects", settings, getClass().getClassLoader());
    }
}
