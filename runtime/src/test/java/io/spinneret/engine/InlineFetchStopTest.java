package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.FetchException;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.scheduler.memory.MemoryScheduler;
import io.spinneret.testing.BackgroundCrawl;
import io.spinneret.testing.Book;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.RequeueRecordingScheduler;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A stop (a signal, {@link Crawler#stop()}, or a limit) while a callback waits on an inline fetch: the crawl
 * ends without waiting the fetch out, stores nothing of that callback, counts no failure, and gives
 * the request back to the scheduler, so that a resumed crawl runs the callback again.
 */
class InlineFetchStopTest {
    @TempDir
    Path dir;

    /**
     * The callback catches the fetch's failure and goes on to emit an item, which must not be
     * stored: it lacks what the fetch would have brought.
     *
     * @param onTheWire whether the fetch is on the wire when the stop comes (else on its way, waiting out a pause)
     * @param byLimit stopped by {@code max_duration} (whose drain interrupts the fetch after {@code shutdown_grace}), else by a signal
     */
    @ParameterizedTest(name = "on the wire {0}, by max_duration {1}")
    @CsvSource({"false, false", "true, false", "true, true"})
    void aStopWhileACallbackWaitsRequeuesItsRequestAndStoresNothingOfIt(boolean onTheWire, boolean byLimit)
            throws Exception {
        try (TestSite site = TestSite.books(1)) {
            CountDownLatch waiting = new CountDownLatch(1);
            // on its way: the host is paused for a minute by a 503's Retry-After, and the retry waits it out;
            // on the wire: the server takes a minute to answer
            site.route("/api", ex -> {
                waiting.countDown();
                if (onTheWire) {
                    try {
                        Thread.sleep(60_000);
                    } catch (InterruptedException ignored) {
                    }
                    TestSite.send(ex, 200, "late");
                } else {
                    ex.getResponseHeaders().set("Retry-After", "60");
                    TestSite.send(ex, 503, "busy");
                }
            });
            MemoryScheduler mem = new MemoryScheduler();
            RequeueRecordingScheduler sched = new RequeueRecordingScheduler(mem);
            AtomicReference<FetchException> thrown = new AtomicReference<>();
            Path out = dir.resolve("items.jsonl");
            Crawler c = Crawler.builder(new InlineSpider(site.root(), (page, crawl) -> {
                        try {
                            crawl.fetch("/api");
                        } catch (FetchException e) {
                            thrown.set(e);
                        }
                        crawl.emit(new Book(page.url(), "incomplete", 0, "u0")); // the callback goes on regardless
                    }))
                    .settings(TestSettings.fast(
                            out,
                            "concurrency=1",
                            "retry_times=2",
                            "retry_backoff_max=120",
                            "shutdown_grace=0.5",
                            "max_duration=" + (byLimit ? "1" : "0")))
                    .scheduler(sched)
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build();
            BackgroundCrawl crawl = BackgroundCrawl.start(c);
            assertTrue(waiting.await(30, TimeUnit.SECONDS), "the callback fetched");
            Thread.sleep(200); // into the pause, or the wait for the answer
            long t0 = System.nanoTime();
            if (!byLimit) c.stop();
            CrawlResult r = crawl.join(30_000);
            assertTrue(r != null, "the crawl ended");
            assertTrue((System.nanoTime() - t0) / 1e9 < 30, "did not wait out the minute");
            assertEquals(
                    byLimit ? CrawlResult.Outcome.LIMIT : CrawlResult.Outcome.INTERRUPTED,
                    r.outcome(),
                    r.summaryLine());
            assertEquals(FetchException.Kind.STOPPING, thrown.get().kind(), String.valueOf(thrown.get()));
            assertTrue(
                    sched.requeued.contains(site.root())
                            && sched.requeued.stream().allMatch(site.root()::equals),
                    "the start page goes back, for a resumed run to parse again: " + sched.requeued);
            assertEquals(1, mem.pendingCount());
            assertEquals(0, r.items(), "the callback's item lacks the fetch: not stored");
            assertTrue(!Files.exists(out) || Files.readAllLines(out).isEmpty());
            assertEquals(0, r.failures(), "a stop is no failure: " + r.stats());
            assertEquals(1, site.hits("/api"), "no retry went out after the stop");
        }
    }

    @Test
    void aResumedCrawlRunsTheCallbackThatWasWaitingAgainAndStoresItsWholeItem() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            AtomicBoolean busy = new AtomicBoolean(true);
            CountDownLatch waiting = new CountDownLatch(1);
            site.route("/api", ex -> {
                if (busy.get()) {
                    waiting.countDown();
                    ex.getResponseHeaders().set("Retry-After", "60");
                    TestSite.send(ex, 503, "busy");
                } else {
                    TestSite.send(ex, 200, "<h1>in stock</h1>");
                }
            });
            InlineSpider spider = new InlineSpider(
                    site.root(),
                    (page, crawl) ->
                            crawl.emit(new Book(page.url(), crawl.fetch("/api").textOf("h1"), 0, "u0")));
            Path job = dir.resolve("jobs");
            String[] settings = {
                "scheduler=sqlite", "job_dir=" + job, "retry_times=2", "retry_backoff_max=120", "shutdown_grace=0.5"
            };
            Crawler first = Crawler.builder(spider)
                    .settings(TestSettings.fast(dir.resolve("run1.jsonl"), settings))
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build();
            BackgroundCrawl crawl = BackgroundCrawl.start(first);
            assertTrue(waiting.await(30, TimeUnit.SECONDS), "the callback fetched");
            Thread.sleep(200);
            first.stop();
            CrawlResult stopped = crawl.join(30_000);
            assertEquals(CrawlResult.Outcome.INTERRUPTED, stopped.outcome(), stopped.summaryLine());
            assertEquals(0, stopped.items());

            busy.set(false);
            CrawlResult resumed = Crawler.builder(spider)
                    .settings(TestSettings.fast(dir.resolve("run2.jsonl"), settings))
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .resume(true)
                    .build()
                    .run();
            assertEquals(CrawlResult.Outcome.FINISHED, resumed.outcome(), resumed.summaryLine());
            assertEquals(
                    List.of("in stock"),
                    Files.readAllLines(dir.resolve("run2.jsonl")).stream()
                            .map(l -> l.replaceAll(".*\"title\":\"([^\"]*)\".*", "$1"))
                            .toList(),
                    "the callback ran again, its fetch with it");
            assertEquals(2, site.hits("/"), "the start page was parsed again: its request was never acknowledged");
        }
    }
}
