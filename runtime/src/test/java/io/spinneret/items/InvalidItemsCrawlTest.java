package io.spinneret.items;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Crawl;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.internal.Dispatcher;
import io.spinneret.internal.ProcessorLink;
import io.spinneret.observe.RecordingListener;
import io.spinneret.testing.Book;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Whole crawls whose spider emits some books without a key and runs a processor that drops
 * others: what is dropped is counted by reason in the stats and the summary, the rest is stored,
 * and the exit code is 0 (or 1 with {@code invalid_items = fail}).
 */
class InvalidItemsCrawlTest {
    @TempDir
    Path dir;

    final AtomicInteger keyless = new AtomicInteger();

    /** The books fixture, but every book whose title ends in 7 loses its UPC, and one that ends in 3 is dropped as "unlucky". */
    BooksFixture spider(String root) {
        return new BooksFixture(root) {
            @Override
            public Dispatcher newDispatcher() {
                Dispatcher books = super.newDispatcher();
                return (callback, response, crawl) -> books.dispatch(callback, response, new Crawl() {
                    @Override
                    public Response response() {
                        return crawl.response();
                    }

                    @Override
                    public void request(Request request) {
                        crawl.request(request);
                    }

                    @Override
                    public void emit(Object item) {
                        Book b = (Book) item;
                        if (!b.title().endsWith("7")) {
                            crawl.emit(b);
                            return;
                        }
                        keyless.incrementAndGet();
                        crawl.emit(new Book(b.url(), b.title(), b.price(), null));
                    }
                });
            }

            @Override
            public List<ProcessorLink> newProcessors() {
                return List.of(ProcessorLink.of(Book.class, "Unlucky", b -> {
                    if (b.title().endsWith("3")) throw new DropItem("unlucky");
                    return b;
                }));
            }
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"books.jsonl", "books.db"})
    void keylessBooksAreDroppedAndCountedAndTheCrawlSucceeds(String output) throws Exception {
        try (TestSite site = TestSite.books(5)) {
            RecordingListener events = new RecordingListener();
            CrawlResult r = Crawler.builder(spider(site.root()))
                    .settings(TestSettings.fast(dir.resolve(output), "storage_retry_times=5"))
                    .items(List.of(BookSchema.INSTANCE))
                    .listener(events)
                    .progress(null)
                    .build()
                    .run();

            long unlucky = r.get(ItemChain.DROPPED + "unlucky");
            assertTrue(keyless.get() > 0 && unlucky > 0, r.stats().toString());
            assertEquals(keyless.get(), r.get(ItemChain.DROPPED + "invalid"));
            assertEquals(keyless.get(), r.get(ItemChain.INVALID + "Book.upc @NotNull (key)"));
            assertEquals(100 - keyless.get() - unlucky, r.items());
            assertEquals(0, r.exitCode(), r.toString());
            assertTrue(
                    r.summaryLine()
                            .contains(" | " + (keyless.get() + unlucky) + " items dropped (invalid: " + keyless.get()
                                    + ", unlucky: " + unlucky + ") | "),
                    r.summaryLine());
            if (output.endsWith(".jsonl"))
                assertEquals(r.items(), Files.readAllLines(dir.resolve(output)).size());
            // listeners hear of every dropped item with its reason, and of the stored ones only as scraped
            assertEquals(keyless.get(), events.count("item-dropped invalid"));
            assertEquals(unlucky, events.count("item-dropped unlucky"));
            assertEquals(keyless.get() + unlucky, events.count("item-dropped "));
            assertEquals(r.items(), events.count("item Book"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"books.jsonl", "books.db"})
    void withInvalidItemsFailTheFirstKeylessBookFailsTheCrawl(String output) throws Exception {
        try (TestSite site = TestSite.books(5)) {
            CrawlResult r = Crawler.builder(spider(site.root()))
                    .settings(TestSettings.fast(dir.resolve(output), "invalid_items=fail"))
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build()
                    .run();

            assertEquals(CrawlResult.Outcome.FAILED, r.outcome());
            assertEquals(1, r.exitCode());
            assertTrue(
                    r.error() != null
                            && r.error().startsWith("invalid Book from http://")
                            && r.error().contains("upc @NotNull (key)"),
                    String.valueOf(r.error()));
        }
    }
}
