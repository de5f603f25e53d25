package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.internal.ItemSchema;
import io.spinneret.scheduler.memory.MemoryScheduler;
import io.spinneret.spi.Storage;
import io.spinneret.testing.BackgroundCrawl;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import io.spinneret.testing.RequeueRecordingScheduler;
import io.spinneret.testing.SignalledProcess;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ShutdownTest {
    @TempDir
    Path dir;

    /** Detail pages take a while, so a crawl of this site is still running when it is stopped. */
    private static TestSite slowSite(int pages, long millis) throws IOException {
        TestSite site = TestSite.books(pages);
        for (int i = 0; i < pages * 20; i++) {
            int n = i;
            site.route("/book/" + i, ex -> {
                try {
                    Thread.sleep(millis);
                } catch (InterruptedException ignored) {
                }
                TestSite.send(
                        ex,
                        200,
                        "<div class=product_main><h1>Book " + n + "</h1><p class=price_color>£1.00</p></div>"
                                + "<table><td>upc" + n + "</td></table>");
            });
        }
        return site;
    }

    private static void awaitHits(TestSite site, int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (site.totalHits.get() < n && System.nanoTime() < deadline) Thread.sleep(20);
    }

    @Test
    void stopFlushesEveryItemYieldedSoFar() throws Exception {
        try (TestSite site = slowSite(50, 20)) {
            Path out = dir.resolve("out.jsonl");
            Crawler c = Crawler.builder(new BooksFixture(site.root()))
                    .settings(TestSettings.fast(out, "concurrency=4", "batch_size=100000", "batch_interval=600"))
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build();
            BackgroundCrawl crawl = BackgroundCrawl.start(c);
            awaitHits(site, 40);
            c.stop();
            CrawlResult r = crawl.join(20_000);
            assertEquals(CrawlResult.Outcome.INTERRUPTED, r.outcome());
            assertEquals(130, r.exitCode());
            assertTrue(r.items() >= 30 && r.items() < 1000, "stopped early: " + r.items());
            assertEquals(r.items(), Files.readAllLines(out).size(), "every yielded item is on disk");
        }
    }

    @Test
    void requestsStillInFlightAfterTheGraceAreRequeued() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            site.route("/book/3", ex -> {
                try {
                    Thread.sleep(20_000);
                } catch (InterruptedException ignored) {
                }
            });
            MemoryScheduler mem = new MemoryScheduler();
            RequeueRecordingScheduler sched = new RequeueRecordingScheduler(mem);
            List<String> requeued = sched.requeued;
            Crawler c = Crawler.builder(new BooksFixture(site.root()))
                    .settings(TestSettings.fast(dir.resolve("o.jsonl"), "concurrency=4", "shutdown_grace=0.3"))
                    .scheduler(sched)
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build();
            BackgroundCrawl crawl = BackgroundCrawl.start(c);
            awaitHits(site, 21);
            Thread.sleep(200);
            long t0 = System.nanoTime();
            c.stop();
            CrawlResult r = crawl.join(15_000);
            assertTrue((System.nanoTime() - t0) / 1e9 < 10, "did not wait for the hung request");
            assertEquals(List.of(site.url("/book/3")), requeued);
            assertEquals(1, mem.pendingCount(), "back in the queue for a resumed run");
            assertEquals(0, r.failures(), "an interrupted request is not a failure");
        }
    }

    /**
     * With the default batch, a crawl stopped by {@code max_items} writes its items only when the
     * pipeline closes; a failure there was lost behind the item limit's outcome (exit 0).
     */
    @ParameterizedTest
    @ValueSource(strings = {"batch_size=5", "max_items=7"})
    void storageFailureEndsTheCrawlWithExitCodeOne(String setting) throws Exception {
        try (TestSite site = TestSite.books(5)) {
            Storage broken = new Storage() {
                @Override
                public void open() {}

                @Override
                public <T> void write(ItemSchema<T> schema, List<T> items) throws IOException {
                    throw new IOException("no space left on device");
                }

                @Override
                public void close() {}

                @Override
                public String describe() {
                    return "broken.jsonl";
                }
            };
            CrawlResult r = Crawler.builder(new BooksFixture(site.root()))
                    .settings(TestSettings.fast(dir.resolve("o.jsonl"), setting, "storage_retry_times=1"))
                    .storage(broken)
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build()
                    .run();
            assertEquals(CrawlResult.Outcome.FAILED, r.outcome());
            assertEquals(1, r.exitCode());
            assertTrue(r.error().contains("no space left on device"), r.error());
            assertTrue(r.error().contains("broken.jsonl"), r.error());
        }
    }

    /**
     * A throttled crawl stopped by a signal sends nothing more: the requests waiting for their turn
     * behind {@code download_delay} go back to the scheduler instead of being sent one by one
     * through {@code shutdown_grace}. With a delay of D between requests and 8 workers waiting,
     * the old drain sent about 7 more requests over 7 D; now at most the one already on the wire
     * (the server may count it after we read the count) and one whose turn came in the instant
     * between that read and {@code stop()}.
     */
    @Test
    void aSignalSendsNoNewRequestEvenWhenThrottled() throws Exception {
        try (TestSite site = TestSite.books(5)) {
            Path out = dir.resolve("throttled.jsonl");
            Crawler c = Crawler.builder(new BooksFixture(site.root()))
                    .settings(TestSettings.fast(
                            out,
                            "concurrency=8",
                            "download_delay=1",
                            "shutdown_grace=60",
                            "batch_size=100000",
                            "batch_interval=600"))
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build();
            BackgroundCrawl crawl = BackgroundCrawl.start(c);
            awaitHits(site, 3); // the listing page, then detail pages one per second: 8 workers wait in the throttle
            int before = site.totalHits.get();
            c.stop();
            CrawlResult r = crawl.join(60_000);
            assertTrue(r != null, "the crawl ended");
            int after = site.totalHits.get();
            assertTrue(after - before <= 2, "requests sent after the stop: " + (after - before));
            assertEquals(CrawlResult.Outcome.INTERRUPTED, r.outcome());
            assertEquals(r.items(), Files.readAllLines(out).size(), "every counted item is on disk");
        }
    }

    /**
     * The CLI in a child JVM of its own ({@code java -cp ... io.spinneret.cli.Main}, as
     * {@code java -jar runtime.jar} runs it) gets SIGINT, SIGTERM or SIGHUP mid-crawl. The crawl
     * cannot end first: 1050 pages behind a download_delay of 50 ms take at least 52 s, and the
     * signal goes as soon as the site has served 30 (the event waited for). It then stops
     * gracefully: the summary is printed, every item it counts is in the file (written only at the
     * end: the batch is larger than the crawl), the exit code is 128 + the signal's number, and the
     * crawl ran in that one JVM (no child process).
     */
    @ParameterizedTest
    @CsvSource({"INT, 130", "TERM, 143", "HUP, 129"})
    void aSignalToTheCliStopsGracefullyAndFlushesEveryItem(String signal, int exitCode) throws Exception {
        try (TestSite site = TestSite.books(50)) {
            Path out = dir.resolve("signal.jsonl");
            String java =
                    Path.of(System.getProperty("java.home"), "bin", "java").toString();
            List<String> cmd = new ArrayList<>(List.of(
                    java,
                    "-XX:TieredStopAtLevel=1",
                    "-cp",
                    System.getProperty("java.class.path"),
                    "io.spinneret.cli.Main",
                    "run",
                    "testbooks",
                    "-s",
                    "start_urls=" + site.root(),
                    "-s",
                    "download_delay=0.05",
                    "-s",
                    "respect_robots=false",
                    "-s",
                    "batch_size=100000",
                    "-s",
                    "batch_interval=600",
                    "-c",
                    "4",
                    "-o",
                    out.toString()));
            Process p = new ProcessBuilder(SignalledProcess.command(cmd))
                    .redirectError(dir.resolve("stderr.txt").toFile())
                    .start();
            try {
                awaitHits(site, 30);
                assertTrue(
                        p.isAlive(), () -> "still crawling when signalled: " + readQuietly(dir.resolve("stderr.txt")));
                assertEquals(0, p.descendants().count(), "one JVM: the crawl runs in the process started");
                new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid()))
                        .start()
                        .waitFor();
                assertTrue(p.waitFor(60, TimeUnit.SECONDS), "exited after SIG" + signal);
                String stdout = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                String stderr = Files.readString(dir.resolve("stderr.txt"));
                assertEquals(exitCode, p.exitValue(), stdout + stderr);
                Matcher m = Pattern.compile("(\\d+) requests \\| (\\d+) responses \\| 0 failures \\| (\\d+) items")
                        .matcher(stdout);
                assertTrue(m.find(), stdout + stderr);
                long items = Long.parseLong(m.group(3));
                assertTrue(items > 0 && items < 1000, stdout);
                assertEquals(items, Files.readAllLines(out).size(), "every item counted is on disk");
                assertTrue(stderr.contains("stopping (SIG" + signal + ")"), stderr);
            } finally {
                p.destroyForcibly();
            }
        }
    }

    private static String readQuietly(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
