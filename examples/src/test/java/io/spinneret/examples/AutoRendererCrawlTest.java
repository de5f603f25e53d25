package io.spinneret.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.spinneret.embed.CrawlResult;
import io.spinneret.examples.replica.BooksSite;
import io.spinneret.examples.replica.QuotesCatalogue;
import io.spinneret.examples.replica.QuotesSite;
import io.spinneret.examples.replica.ReplicaServer;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code renderer = AUTO} on the replicas, in a real Chromium: the static books site is fetched
 * over HTTP with no page rendered (its pages pass the check of the selectors read at compile time),
 * the script-built quotes are all rendered, on a crawl of both halves of the quotes site the
 * browser renders just the {@code /js/} pages, and a resumed crawl keeps its decisions. The counts are
 * asserted, not the times (those are in docs/browser.md).
 */
@Timeout(180)
class AutoRendererCrawlTest {
    private static final String CHROMIUM = System.getenv("SPINNERET_TEST_CHROMIUM");

    @TempDir
    Path dir;

    private static void needsChromium() {
        assumeTrue(CHROMIUM != null && !CHROMIUM.isBlank(), "SPINNERET_TEST_CHROMIUM is not set");
    }

    @Test
    void staticBooksAreJudgedOverHttpAndNeverRendered() throws Exception {
        needsChromium();
        CrawlResult r = ReplicaCrawl.run(
                        "books", BooksSite.standard(), "", dir, "renderer=auto", "browser_path=" + CHROMIUM)
                .result();

        assertEquals(1000, r.items(), r.stats().toString());
        assertEquals(0, r.failures(), r.stats().toString());
        assertEquals(1050, r.get("auto/http"), "every callback ran on the HTTP response: " + r.stats());
        assertEquals(0, r.get("auto/rendered"), "no page rendered, so the browser never started: " + r.stats());
        assertEquals(0, r.get("auto/check_failed"), r.stats().toString());
        assertEquals(0, r.get("auto/samples"), "the selectors read at compile time need no sample: " + r.stats());
        assertEquals(3, r.get("auto/decisions/http"), "the start, listing and detail patterns: " + r.stats());
        assertEquals(0, r.get("auto/decisions/browser"), r.stats().toString());
    }

    @Test
    void scriptBuiltQuotesFailTheCheckAndOnlyTheirPagesAreRendered() throws Exception {
        needsChromium();
        QuotesSite site = QuotesSite.standard();
        ReplicaCrawl.Outcome o =
                ReplicaCrawl.run("quotes_js", site, "js/", dir, "renderer=auto", "browser_path=" + CHROMIUM);
        CrawlResult r = o.result();

        assertEquals(100, r.items(), r.stats().toString());
        Set<String> expected = site.catalogue().quotes().stream()
                .map(QuotesCatalogue.Quote::text)
                .collect(Collectors.toSet());
        assertEquals(
                expected, o.items().stream().map(i -> i.get("text").asText()).collect(Collectors.toSet()));
        assertEquals(100, o.items().size(), "no quote twice");
        assertEquals(10, r.get("auto/browser"), "each page's callback ran once on the rendered page: " + r.stats());
        assertEquals(10, r.get("auto/rendered"), "the ten pages, nothing else: " + r.stats());
        // /js/ and /js/page/N/ are two patterns: the first page of each is fetched over HTTP, yields no
        // quote (its pager is static, its quotes written by a script), fails and decides the pattern for the
        // browser; the later pages are rendered without an HTTP fetch first
        assertEquals(2, r.get("auto/check_failed"), r.stats().toString());
        assertEquals(2, r.get("auto/http"), r.stats().toString());
        assertEquals(2, r.get("auto/decisions/browser"), r.stats().toString());
        assertEquals(0, r.get("auto/samples"), r.stats().toString());
        assertEquals(0, r.get("auto/corrections"), r.stats().toString());
    }

    @Test
    void aMixedSiteRendersOnlyThePagesThatLackTheRequiredElement() throws Exception {
        needsChromium();
        ReplicaCrawl.Outcome o =
                ReplicaCrawl.run("quotes_mixed", QuotesSite.standard(), "", dir, "browser_path=" + CHROMIUM);
        CrawlResult r = o.result();

        assertEquals(200, r.items(), r.stats().toString());
        assertEquals(0, r.failures(), r.stats().toString());
        assertEquals(10, r.get("auto/browser"), r.stats().toString());
        assertEquals(10, r.get("auto/rendered"), r.stats().toString());
        assertEquals(10, r.get("auto/http"), r.stats().toString());
        // the first /js/ page of each pattern lacks div.quote over HTTP and decides the pattern for the browser
        assertEquals(2, r.get("auto/required_missing"), r.stats().toString());
        assertEquals(2, r.get("auto/decisions/browser"), r.stats().toString());
        assertEquals(2, r.get("auto/decisions/http"), "/ and /page/N/: " + r.stats());
        assertEquals(0, r.get("auto/samples"), "a stated check needs no sampling: " + r.stats());
        long fromJs = o.items().stream()
                .map(i -> i.get("id").asText())
                .filter(id -> id.contains("/js/"))
                .count();
        assertEquals(100, fromJs, "each script-built quote once");
    }

    /** The decisions are kept with the frontier: the resumed crawl renders the script-built pages at once, judging nothing again. */
    @Test
    void aResumedCrawlKeepsItsDecisions() throws Exception {
        needsChromium();
        QuotesSite site = QuotesSite.standard();
        try (ReplicaServer server = ReplicaServer.start(site, 0)) {
            String[] settings = {
                "renderer=auto",
                "browser_path=" + CHROMIUM,
                "scheduler=sqlite",
                "job_dir=" + dir.resolve("jobs"),
                "concurrency=1"
            };
            CrawlResult first = ReplicaCrawl.run("quotes_js", server, "js/", dir, with(settings, "max_items=30"))
                    .result();
            assertEquals(2, first.get("auto/decisions/browser"), first.stats().toString());
            assertTrue(first.items() < 100, "stopped early: " + first.stats());

            CrawlResult resumed = ReplicaCrawl.resume("quotes_js", server, "js/", dir, settings)
                    .result();
            assertTrue(
                    resumed.items() > 0 && first.items() + resumed.items() >= 100,
                    resumed.stats().toString());
            assertEquals(0, resumed.get("auto/check_failed"), "no page judged again: " + resumed.stats());
            assertEquals(0, resumed.get("auto/http"), "no HTTP fetch before a render: " + resumed.stats());
            assertEquals(0, resumed.get("auto/samples"), resumed.stats().toString());
            assertEquals(0, resumed.get("auto/decisions/browser"), "decided before: " + resumed.stats());
            assertEquals(
                    resumed.get("auto/browser"),
                    resumed.get("auto/rendered"),
                    resumed.stats().toString());
        }
    }

    /** A sampled spider's decisions are kept too: the resumed crawl renders no sample again. */
    @Test
    void aResumedCrawlOfASampledSpiderSamplesNoMore() throws Exception {
        needsChromium();
        try (ReplicaServer server = ReplicaServer.start(BooksSite.standard(), 0)) {
            String[] settings = {
                "renderer=auto", "browser_path=" + CHROMIUM, "scheduler=sqlite", "job_dir=" + dir.resolve("jobs")
            };
            CrawlResult first = ReplicaCrawl.run("sampled_books", server, "", dir, with(settings, "max_items=300"))
                    .result();
            assertTrue(first.get("auto/samples") > 0, "its selectors are not read: sampled; " + first.stats());
            assertTrue(first.get("auto/decisions/http") >= 2, first.stats().toString());
            assertTrue(first.items() < 1000, "stopped early: " + first.stats());

            CrawlResult resumed = ReplicaCrawl.resume("sampled_books", server, "", dir, settings)
                    .result();
            assertTrue(
                    resumed.items() > 0 && first.items() + resumed.items() >= 1000,
                    resumed.stats().toString());
            assertEquals(0, resumed.get("auto/rendered"), "no sample, no re-check: " + resumed.stats());
            assertEquals(0, resumed.get("auto/decisions/http"), "decided before: " + resumed.stats());
        }
    }

    private static String[] with(String[] settings, String more) {
        String[] out = java.util.Arrays.copyOf(settings, settings.length + 1);
        out[settings.length] = more;
        return out;
    }

    /** Without a browser AUTO degrades to HTTP: the static half is crawled, the script-built pages give what HTTP gives. */
    @Test
    void withoutABrowserEveryPageIsFetchedOverHttp() throws Exception {
        ReplicaCrawl.Outcome o = ReplicaCrawl.run(
                "quotes_mixed", QuotesSite.standard(), "", dir, "browser_path=" + dir.resolve("no-chromium"));
        CrawlResult r = o.result();

        assertEquals(100, r.items(), r.stats().toString());
        assertEquals(0, r.failures(), r.stats().toString());
        assertEquals(0, r.get("auto/browser"), r.stats().toString());
        assertEquals(20, r.get("auto/http"), r.stats().toString());
        assertTrue(r.get("auto/browser_unavailable") >= 1, r.stats().toString());
        for (JsonNode item : o.items()) assertTrue(!item.get("id").asText().contains("/js/"), item.toString());
    }
}
