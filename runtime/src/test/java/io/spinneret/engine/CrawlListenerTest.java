package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Request;
import io.spinneret.api.SpinneretException;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.observe.CrawlClosed;
import io.spinneret.observe.CrawlListener;
import io.spinneret.observe.CrawlOpened;
import io.spinneret.observe.RecordingListener;
import io.spinneret.observe.RecordingListenerProvider;
import io.spinneret.spi.Stats;
import io.spinneret.testing.BackgroundCrawl;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Crawl listeners over real TCP: what they are told, and that a slow or throwing one cannot hurt the crawl. */
class CrawlListenerTest {
    @TempDir
    Path dir;

    private Crawler.Builder books(TestSite site, String... settings) {
        return Crawler.builder(new BooksFixture(site.root()))
                .settings(TestSettings.fast(dir.resolve("out.jsonl"), settings))
                .items(List.of(BookSchema.INSTANCE))
                .progress(null);
    }

    @Test
    void aListenerIsToldEveryRequestResponseFailureAndItemOfTheCrawl() throws Exception {
        try (TestSite site = TestSite.books(2)) {
            site.route("/book/3", ex -> TestSite.send(ex, 404, "<html><body>gone</body></html>"));
            RecordingListener rec = new RecordingListener();
            CrawlResult r = books(site).listener(rec).build().run();

            List<String> ev = rec.events;
            assertEquals("opened books", ev.get(0));
            assertEquals("closed finished", ev.get(ev.size() - 1));
            assertEquals(r.get(Stats.REQUESTS), rec.count("started "));
            assertEquals(r.get(Stats.RESPONSES), rec.count("response "));
            assertEquals(1, rec.count("response 404 /book/3"));
            assertEquals(
                    List.of("failed 404 /book/3"),
                    ev.stream().filter(e -> e.startsWith("failed")).toList());
            assertEquals(r.items(), rec.count("item Book"));
            assertEquals(site.books() - 1, r.items());
            assertEquals(r.get(Stats.DUPLICATES), rec.count("dropped duplicate "));
            assertEquals(r.get(Stats.REQUESTS), rec.count("scheduled "), "every crawled request was scheduled once");
            // start/end pairs: each response follows its own start
            int started = ev.indexOf("started /book/5"), received = ev.indexOf("response 200 /book/5");
            assertTrue(started >= 0 && started < received, "started before received: " + started + ", " + received);
            CrawlClosed closed = rec.closed;
            assertNotNull(closed);
            assertEquals(r.stats(), closed.counters());
            assertTrue(!closed.endedAt().isBefore(closed.startedAt()));
        }
    }

    @Test
    void aListenerPastMaxItemsIsToldOfTheDroppedItemsAndTheStopReason() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            RecordingListener rec = new RecordingListener();
            CrawlResult r = books(site, "max_items=5", "concurrency=1")
                    .listener(rec)
                    .build()
                    .run();
            assertEquals(5, rec.count("item Book"));
            assertEquals(r.get("items/over_limit"), rec.count("item-dropped over_limit"));
            assertEquals("closed item_limit", rec.events.get(rec.events.size() - 1));
        }
    }

    @Test
    void aListenerThatNeverReturnsDoesNotStallTheCrawl() throws Exception {
        try (TestSite site = TestSite.books(2)) {
            CountDownLatch release = new CountDownLatch(1);
            AtomicInteger slowCalls = new AtomicInteger();
            CrawlListener stuck = new CrawlListener() {
                @Override
                public void requestScheduled(Request request) {
                    slowCalls.incrementAndGet();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            };
            RecordingListener after = new RecordingListener();
            Crawler crawler = books(site).listener(stuck).listener(after).build();
            BackgroundCrawl crawl = BackgroundCrawl.start(crawler);
            // the other listener hears the crawl close while the stuck one is still in its first event
            assertTrue(after.closedLatch.await(60, TimeUnit.SECONDS), "the crawl closed");
            assertEquals(1, slowCalls.get());
            assertEquals(site.books(), after.closed.counters().get(Stats.ITEMS), "the whole site was crawled");
            release.countDown();
            assertEquals(site.books(), crawl.join(60_000).items());
        }
    }

    @Test
    void aListenerThatThrowsDoesNotFailTheCrawl() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            AtomicInteger calls = new AtomicInteger();
            CrawlListener throwing = new CrawlListener() {
                @Override
                public void crawlOpened(CrawlOpened crawl) {
                    calls.incrementAndGet();
                    throw new IllegalStateException("opened");
                }

                @Override
                public void requestStarted(Request request) {
                    calls.incrementAndGet();
                    throw new IllegalStateException("started");
                }

                @Override
                public void itemScraped(Object item) {
                    calls.incrementAndGet();
                    throw new StackOverflowError();
                }
            };
            Crawler crawler = books(site).listener(throwing).build();
            CrawlResult r = crawler.run();
            assertEquals(CrawlResult.Outcome.FINISHED, r.outcome());
            assertEquals(site.books(), r.items());
            assertEquals(1 + r.get(Stats.REQUESTS) + r.items(), calls.get(), "every event was still delivered");
            assertEquals(calls.get(), crawler.stats().get("listeners/errors"));
        }
    }

    @Test
    void theListenersSettingNamesProvidersFoundByServiceLoader() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            RecordingListenerProvider.CREATED.clear();
            CrawlResult r = books(site, "listeners=recording").build().run();
            assertEquals(1, RecordingListenerProvider.CREATED.size());
            assertEquals(r.items(), RecordingListenerProvider.CREATED.get(0).count("item Book"));

            SpinneretException e = assertThrows(
                    SpinneretException.class,
                    () -> books(site, "listeners=recordnig").build().run());
            assertEquals("listeners: no listener named 'recordnig'; known: recording", e.getMessage());
        }
    }
}
