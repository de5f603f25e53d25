package io.spinneret.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.spinneret.embed.CrawlResult;
import io.spinneret.examples.replica.BooksSite;
import io.spinneret.examples.replica.QuotesCatalogue;
import io.spinneret.examples.replica.QuotesSite;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code renderer = AUTO} on the replicas, in a real Chromium: the static books site is fetched
 * over HTTP but for a few samples, the script-built quotes are all rendered, and on a crawl of both
 * halves of the quotes site the browser renders just the {@code /js/} pages. The counts are
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
    void staticBooksAreFetchedOverHttpButForAFewSamples() throws Exception {
        needsChromium();
        CrawlResult r = ReplicaCrawl.run(
                        "books", BooksSite.standard(), "", dir, "renderer=auto", "browser_path=" + CHROMIUM)
                .result();

        assertEquals(1000, r.items(), r.stats().toString());
        assertEquals(0, r.failures(), r.stats().toString());
        assertEquals(1050, r.get("auto/http"), "every callback ran on the HTTP response: " + r.stats());
        assertEquals(0, r.get("auto/browser"), r.stats().toString());
        long rendered = r.get("auto/rendered");
        assertTrue(rendered <= 1050 * 5 / 100, "at most 5 % rendered: " + r.stats());
        assertTrue(rendered >= 10, "the listing and detail patterns were sampled: " + r.stats());
        assertEquals(rendered, r.get("auto/samples"), "only samples were rendered: " + r.stats());
        assertEquals(2, r.get("auto/decisions/http"), "listing and detail pages decided for HTTP: " + r.stats());
        assertEquals(0, r.get("auto/decisions/browser"), r.stats().toString());
    }

    @Test
    void scriptBuiltQuotesAreLearnedToNeedTheBrowser() throws Exception {
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
        // /js/ and /js/page/N/ are two patterns; the first sample of each differs (0 quotes over HTTP, but
        // the pager is static, so the HTTP chain runs ahead): every page was handled over HTTP first, then
        // corrected; of /js/page/N/ up to auto_render_samples pages were samples before the decision
        assertEquals(2, r.get("auto/decisions/browser"), r.stats().toString());
        assertEquals(10, r.get("auto/http"), r.stats().toString());
        assertEquals(10, r.get("auto/corrections"), r.stats().toString());
        long samples = r.get("auto/samples");
        assertTrue(samples >= 2 && samples <= 6, r.stats().toString());
        assertEquals(samples + 10, r.get("auto/rendered"), r.stats().toString());
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
        assertEquals(10, r.get("auto/required_missing"), r.stats().toString());
        assertEquals(10, r.get("auto/http"), r.stats().toString());
        assertEquals(0, r.get("auto/samples"), "a stated check needs no sampling: " + r.stats());
        long fromJs = o.items().stream()
                .map(i -> i.get("id").asText())
                .filter(id -> id.contains("/js/"))
                .count();
        assertEquals(100, fromJs, "each script-built quote once");
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
