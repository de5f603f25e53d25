package io.spinneret.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.embed.CrawlOutput;
import io.spinneret.embed.Crawler;
import io.spinneret.examples.replica.QuotesCatalogue;
import io.spinneret.examples.replica.QuotesSite;
import io.spinneret.test.PageServer;
import io.spinneret.test.Pages;
import io.spinneret.test.SpiderTester;
import io.spinneret.test.Yielded;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The quotes spider with the test kit: its callback on a saved page, and a crawl of the replica
 * exported as static files and served by {@link PageServer}.
 */
class QuotesSpiderTest {
    @TempDir
    static Path exported;

    @Test
    void aPageEmitsItsTenQuotesWithTagsAndFollowsTheNextPage() {
        Yielded out = SpiderTester.of(QuotesSpider.class)
                .parse(Pages.file(BooksSpiderTest.PAGES.resolve("quotes-page1.html"), "https://quotes.toscrape.com/"));
        out.assertNoError()
                .assertItemCount(10)
                .assertRequest("https://quotes.toscrape.com/page/2/", "parse")
                .assertRequestCount("parse", 1);
        Quote first = out.items(Quote.class).get(0);
        assertEquals(
                new Quote(
                        "“Never give a promise that cannot share wisdom.”",
                        "Kira Lindqvist",
                        List.of("change", "music", "reading", "science")),
                first);
    }

    @Test
    void aCrawlOfTheExportedReplicaServedAsFilesGetsEveryQuote() throws Exception {
        assertEquals(
                0,
                Main.execute(
                        new String[] {"export", "quotes", exported.toString()},
                        new PrintStream(new ByteArrayOutputStream())));
        try (PageServer site = PageServer.of(exported).start()) {
            CrawlOutput out = Crawler.of(QuotesSpider.class)
                    .setting("start_urls", site.url("/"))
                    .setting("download_delay", "0")
                    .run();
            List<String> expected = QuotesSite.standard().catalogue().quotes().stream()
                    .map(QuotesCatalogue.Quote::text)
                    .sorted()
                    .toList();
            assertEquals(
                    expected,
                    out.items(Quote.class).stream().map(Quote::text).sorted().toList());
            assertTrue(out.result().failures() == 0, out.result().summaryLine());
        }
    }
}
