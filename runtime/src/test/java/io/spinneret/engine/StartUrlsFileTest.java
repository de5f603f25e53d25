package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Request;
import io.spinneret.api.SpinneretException;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.scheduler.memory.MemoryScheduler;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import io.spinneret.testing.ForwardingScheduler;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.io.BufferedWriter;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code start_urls_file}: start URLs read from a file or standard input as the crawl goes. */
class StartUrlsFileTest {
    @TempDir
    Path dir;

    /** Records the most requests the scheduler held pending at once. */
    private static final class PendingHighWater extends ForwardingScheduler {
        final AtomicLong max = new AtomicLong();

        PendingHighWater() {
            super(new MemoryScheduler());
        }

        @Override
        public int pushAll(List<Request> requests) {
            int n = super.pushAll(requests);
            max.accumulateAndGet(pendingCount(), Math::max);
            return n;
        }
    }

    private Crawler.Builder crawler(TestSite site, String... settings) {
        return Crawler.builder(new BooksFixture(site.root()))
                .settings(TestSettings.fast(dir.resolve("out.jsonl"), settings))
                .items(List.of(BookSchema.INSTANCE))
                .progress(null);
    }

    @Test
    void aMillionUrlsAreReadAsTheCrawlGoesNotHeldInTheQueue() throws Exception {
        Path file = dir.resolve("urls.txt");
        try (TestSite site = TestSite.books(1);
                BufferedWriter w = Files.newBufferedWriter(file)) {
            for (int i = 0; i < 1_000_000; i++) w.write(site.url("/book/" + (i % 20) + "?n=" + i) + "\n");
            w.flush();
            PendingHighWater queue = new PendingHighWater();
            int concurrency = 16, limit = 2000;
            CrawlResult r = crawler(
                            site, "start_urls_file=" + file, "concurrency=" + concurrency, "max_requests=" + limit)
                    .scheduler(queue)
                    .build()
                    .run();
            assertEquals(limit, r.requests(), r.summaryLine());
            assertEquals("max_requests=" + limit, r.limit());
            long bound = Math.max(StartUrlsFeed.BATCH, 2L * concurrency) + StartUrlsFeed.BATCH;
            assertTrue(queue.max.get() <= bound, "at most " + bound + " pending at once, saw " + queue.max.get());
            assertTrue(
                    queue.seenCount() < 1_000_000 / 2,
                    "the crawl stopped long before the file was read: " + queue.seenCount());
        }
    }

    @Test
    void everyUrlOfAFileIsCrawledAndOtherLinesAreSkipped() throws Exception {
        Path file = dir.resolve("urls.txt");
        try (TestSite site = TestSite.books(250)) { // 5000 books
            StringBuilder lines = new StringBuilder("# the books\n\n");
            for (int i = 0; i < site.books(); i++)
                lines.append("  ").append(site.url("/book/" + i)).append('\n');
            lines.append("not a url\nftp://example.com/x\n127.0.0.1:8092/x\nhttp://127.0.0.1:99999/x\n");
            // the URL parser reads 127.1 as 127.0.0.1: a duplicate of the first book
            lines.append(site.url("/book/0").replace("127.0.0.1", "127.1")).append('\n');
            Files.writeString(file, lines);
            PendingHighWater queue = new PendingHighWater();
            CrawlResult r = crawler(site, "start_urls_file=" + file, "concurrency=8", "start_urls=" + site.root())
                    .scheduler(queue)
                    .build()
                    .run();
            assertEquals(CrawlResult.Outcome.FINISHED, r.outcome());
            assertEquals(site.books(), r.responses(), "the file replaces start_urls: " + r.summaryLine());
            assertEquals(site.books(), site.totalHits.get());
            assertEquals(4, r.get(StartUrlsFeed.INVALID), "port 99999 is refused as the line is read");
            assertTrue(queue.max.get() <= 2 * StartUrlsFeed.BATCH, "pending at most: " + queue.max.get());
        }
    }

    /**
     * The first URL is written to standard input, and the rest only once the server has seen it:
     * a crawl that read its whole input before it started would never get there.
     */
    @Test
    void standardInputIsCrawledWhileItIsStillBeingWritten() throws Exception {
        CountDownLatch firstFetched = new CountDownLatch(1);
        AtomicBoolean restWritten = new AtomicBoolean();
        InputStream realIn = System.in;
        try (TestSite site = TestSite.books(1);
                PipedInputStream pipe = new PipedInputStream(1 << 16)) {
            site.route("/first", ex -> {
                firstFetched.countDown();
                TestSite.send(ex, 200, "<html><body>first</body></html>");
            });
            PipedOutputStream out = new PipedOutputStream(pipe);
            Thread writer = Thread.ofVirtual().start(() -> {
                try (var w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8))) {
                    w.write(site.url("/first") + "\n");
                    w.flush();
                    if (!firstFetched.await(60, TimeUnit.SECONDS)) return; // the test fails on the count below
                    for (int i = 0; i < 20; i++) w.write(site.url("/book/" + i) + "\n");
                    restWritten.set(true);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            System.setIn(pipe);
            CrawlResult r;
            try {
                r = crawler(site, "start_urls_file=-").build().run();
            } finally {
                System.setIn(realIn);
            }
            writer.join();
            assertTrue(restWritten.get(), "the first URL was not fetched while standard input was open");
            assertEquals(21, r.responses(), r.summaryLine());
        }
    }

    @Test
    void aMissingFileIsAnErrorBeforeTheCrawl() {
        SpinneretException e = assertThrows(
                SpinneretException.class,
                () -> Crawler.builder(new BooksFixture("http://127.0.0.1:9/"))
                        .settings(TestSettings.fast(
                                dir.resolve("out.jsonl"), "start_urls_file=" + dir.resolve("nope.txt")))
                        .progress(null)
                        .build()
                        .run());
        assertTrue(e.getMessage().startsWith("cannot read start_urls_file " + dir.resolve("nope.txt")), e.getMessage());
    }
}
