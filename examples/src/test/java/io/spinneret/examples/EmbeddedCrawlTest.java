package io.spinneret.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.SpinneretException;
import io.spinneret.embed.CrawlOutput;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.examples.replica.BooksCatalogue.Product;
import io.spinneret.examples.replica.BooksSite;
import io.spinneret.examples.replica.ReplicaServer;
import io.spinneret.settings.InvalidSettingException;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A crawl embedded in a program with {@link Crawler#of(Class)}: the books spider against the books
 * replica, its items back as {@link Book} records. {@link #crawlBooks} is the snippet of
 * {@code docs/embedding.md}, word for word.
 */
class EmbeddedCrawlTest {
    private static final BooksSite SITE = BooksSite.standard();

    // --- docs/embedding.md
    static List<Book> crawlBooks(String startUrl) throws InterruptedException {
        CrawlOutput crawl = Crawler.of(BooksSpider.class)
                .setting("start_urls", startUrl)
                .setting("concurrency", "16")
                .setting("download_delay", "0")
                .run();
        // 1050 requests | 1050 responses | 0 failures | 1000 items | 4.9s
        System.out.println(crawl.result().summaryLine());
        return crawl.items(Book.class);
    }
    // ---

    @Test
    void crawlsTheBooksIntoRecords() throws Exception {
        List<Book> books;
        try (ReplicaServer server = ReplicaServer.start(SITE, 0)) {
            books = crawlBooks(server.url());
        }
        assertEquals(1000, books.size());
        Map<String, Product> byPath =
                SITE.catalogue().products().stream().collect(Collectors.toMap(Product::path, Function.identity()));
        assertEquals(1000, books.stream().map(Book::upc).distinct().count());
        for (Book b : books) {
            Product p = byPath.get(URI.create(b.url()).getPath().substring(1));
            assertTrue(p != null, "not a detail page: " + b);
            assertEquals(p.title(), b.title());
            assertEquals(p.upc(), b.upc());
            assertEquals(p.price(), b.price(), 1e-9);
            assertEquals(SITE.catalogue().category(p).name(), b.category());
        }
    }

    @Test
    void spiderArgumentsAndLimitsApplyToAnEmbeddedCrawl() throws Exception {
        try (ReplicaServer server = ReplicaServer.start(SITE, 0)) {
            CrawlOutput crawl = Crawler.of(BooksSpider.class)
                    .setting("start_urls", server.url())
                    .setting("download_delay", "0")
                    .argument("max_pages", "1")
                    .run();
            assertEquals(20, crawl.items(Book.class).size(), crawl.result().summaryLine());
            CrawlResult limited = Crawler.of(BooksSpider.class)
                    .setting("start_urls", server.url())
                    .setting("download_delay", "0")
                    .setting("concurrency", "2")
                    .setting("max_requests", "5")
                    .run()
                    .result();
            assertEquals(CrawlResult.Outcome.LIMIT, limited.outcome(), limited.summaryLine());
            assertEquals("max_requests=5", limited.limit());
            assertEquals(5, limited.requests());
        }
    }

    @Test
    void returnsTheStatsOfACrawlStoppedByMaxItems() throws Exception {
        try (ReplicaServer server = ReplicaServer.start(SITE, 0)) {
            // by name this time; max_items stops it early, and robots.txt is asked for (the replica has none)
            CrawlOutput crawl = Crawler.of("books")
                    .setting("start_urls", server.url())
                    .setting("download_delay", "0")
                    .setting("max_items", "30")
                    .run();
            CrawlResult r = crawl.result();
            assertEquals(CrawlResult.Outcome.ITEM_LIMIT, r.outcome(), r.summaryLine());
            assertEquals(30, r.items(), r.stats().toString());
            assertEquals(30, crawl.items().size());
            assertEquals(30, crawl.items(Book.class).size());
            assertEquals(0, r.failures(), r.stats().toString());
            assertEquals("memory", r.output());
            assertTrue(
                    r.requests() >= 31 && r.requests() == r.responses(),
                    r.stats().toString());
            assertEquals(
                    1,
                    r.get("robots/fetched"),
                    "robots.txt, a side request, not counted among the requests: " + r.stats());
        }
    }

    @Test
    void docsEmbeddingShowsThisTestsCode() throws IOException {
        String doc = Files.readString(Path.of("../docs/embedding.md"));
        String snippet = doc.substring(doc.indexOf("```java\n") + 8, doc.indexOf("```", doc.indexOf("```java\n") + 8));
        String test = Files.readString(Path.of("src/test/java/io/spinneret/examples/EmbeddedCrawlTest.java"));
        int from = test.indexOf("// --- docs/embedding.md\n") + "// --- docs/embedding.md\n".length();
        String code = test.substring(from, test.indexOf("    // ---\n", from));
        assertEquals(classBody(snippet), code.lines().toList());
    }

    /** The lines of the snippet's one class, between its opening line and its closing brace. */
    private static List<String> classBody(String snippet) {
        List<String> lines = snippet.lines().toList();
        int open = 0;
        while (!lines.get(open).startsWith("class ")) open++;
        return lines.subList(open + 1, lines.lastIndexOf("}"));
    }

    @Test
    void refusesWhatIsNotASpiderAndUnknownSettings() {
        SpinneretException notASpider = assertThrows(SpinneretException.class, () -> Crawler.of(Book.class));
        assertTrue(notASpider.getMessage().contains(Book.class.getName()), notASpider.getMessage());
        assertThrows(SpinneretException.class, () -> Crawler.of("no-such-spider"));
        InvalidSettingException unknown = assertThrows(
                InvalidSettingException.class,
                () -> Crawler.of(BooksSpider.class).setting("concurency", "16"));
        assertTrue(unknown.getMessage().contains("concurency"), unknown.getMessage());
    }
}
