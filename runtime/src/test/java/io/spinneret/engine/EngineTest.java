package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.DropRequest;
import io.spinneret.api.Request;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.middleware.Middleware;
import io.spinneret.scheduler.memory.MemoryScheduler;
import io.spinneret.spi.Lease;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import io.spinneret.testing.ForwardingScheduler;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class EngineTest {
    @TempDir
    Path dir;

    private Crawler.Builder crawler(TestSite site, String... settings) {
        return Crawler.builder(new BooksFixture(site.root()))
                .settings(TestSettings.fast(dir.resolve("out.jsonl"), settings))
                .items(List.of(BookSchema.INSTANCE))
                .progress(null);
    }

    private long lines() throws Exception {
        Path p = dir.resolve("out.jsonl");
        return Files.exists(p) ? Files.readAllLines(p).size() : 0;
    }

    /**
     * Pushing is slow here, so a response's new requests reach the queue long after its download
     * ended. An engine that decremented in-flight before pushing would see "queue empty, nothing in
     * flight" during that window and end the crawl after the first page.
     */
    @Test
    void inFlightIsDecrementedOnlyAfterNewRequestsArePushed() throws Exception {
        try (TestSite site = TestSite.books(3)) {
            var slowPush = new ForwardingScheduler(new MemoryScheduler()) {
                @Override
                public int pushAll(List<Request> requests) {
                    try {
                        Thread.sleep(150);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return super.pushAll(requests);
                }
            };
            CrawlResult r =
                    crawler(site, "concurrency=1").scheduler(slowPush).build().run();
            assertEquals(63, r.responses(), r.stats().toString());
            assertEquals(60, r.items());
            assertEquals(60, lines());
        }
    }

    @Test
    void callbackFailuresAreIsolatedAndCounted() throws Exception {
        try (TestSite site = TestSite.books(3)) {
            BooksFixture failing = new BooksFixture(
                    "books", List.of(site.root()), List.of(), u -> u.endsWith("/book/5") || u.endsWith("/book/25"));
            CrawlResult r = Crawler.builder(failing)
                    .settings(TestSettings.fast(dir.resolve("out.jsonl"), "concurrency=8"))
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build()
                    .run();
            assertEquals(63, r.responses());
            assertEquals(2, r.failures());
            assertEquals(2, r.get("failures/callback"));
            assertEquals(58, r.items());
            assertEquals(58, lines());
            assertEquals(1, r.exitCode());
        }
    }

    @Test
    void downloadFailuresAreCountedAndTheCrawlGoesOn() throws Exception {
        try (TestSite site = TestSite.books(2)) {
            site.route("/book/3", ex -> ex.close()); // hang up without a response
            CrawlResult r = crawler(site, "concurrency=4").build().run();
            assertEquals(42, r.requests());
            assertEquals(41, r.responses());
            assertEquals(1, r.failures());
            assertEquals(1, r.get("failures/download"));
            assertEquals(39, r.items());
        }
    }

    @Test
    void errorStatusesAreNotDispatchedNorFailures() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            site.route("/book/4", ex -> TestSite.send(ex, 404, "<h1>gone</h1>"));
            CrawlResult r = crawler(site).build().run();
            assertEquals(21, r.responses());
            assertEquals(0, r.failures());
            assertEquals(1, r.get("http_status/404"));
            assertEquals(19, r.items());
        }
    }

    @Test
    void dropRequestIsCountedByReasonNotAsFailure() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            Middleware noOddBooks = chain -> {
                String u = chain.request().url();
                if (u.contains("/book/") && Integer.parseInt(u.substring(u.lastIndexOf('/') + 1)) % 2 == 1) {
                    throw new DropRequest("odd", "odd book " + u);
                }
                return chain.proceed(chain.request());
            };
            CrawlResult r =
                    crawler(site).middlewares(List.of(noOddBooks)).build().run();
            assertEquals(10, r.get("dropped/odd"));
            assertEquals(0, r.failures());
            assertEquals(11, r.requests());
            assertEquals(10, r.items());
        }
    }

    @Test
    void retriesScheduledThroughTheContextBypassDedup() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            AtomicInteger flaky = new AtomicInteger();
            site.route("/book/2", ex -> {
                if (flaky.incrementAndGet() < 3) TestSite.send(ex, 503, "busy");
                else
                    TestSite.send(
                            ex,
                            200,
                            "<div class=product_main><h1>Book 2</h1><p class=price_color>£1.00</p></div><table><td>upc2</td></table>");
            });
            Middleware retry = chain -> {
                var resp = chain.proceed(chain.request());
                if (resp.status() == 503) {
                    chain.context().schedule(chain.request().nextAttempt());
                    throw new DropRequest("retry_rescheduled", "503");
                }
                return resp;
            };
            CrawlResult r = crawler(site).middlewares(List.of(retry)).build().run();
            assertEquals(3, site.hits("/book/2"));
            assertEquals(2, r.get("dropped/retry_rescheduled"));
            assertEquals(20, r.items());
        }
    }

    @Test
    void depthLimitDropsDeeperRequests() throws Exception {
        try (TestSite site = TestSite.books(5)) {
            // depth 0: page 1; depth 1: books of page 1 and page 2; depth 2 (dropped): books of page 2 and page 3
            CrawlResult r = crawler(site, "depth_limit=1").build().run();
            assertEquals(22, r.responses());
            assertEquals(20, r.items());
            assertEquals(21, r.get("dropped/depth"));
        }
    }

    @Test
    void maxItemsStopsCleanlyWithExactlyThatManyItems() throws Exception {
        try (TestSite site = TestSite.books(20)) {
            CrawlResult r =
                    crawler(site, "concurrency=64", "max_items=33").build().run();
            assertEquals(CrawlResult.Outcome.ITEM_LIMIT, r.outcome());
            assertEquals(33, r.items());
            assertEquals(33, lines());
            assertEquals(0, r.exitCode());
            // every listing page, the 33 detail pages whose items were kept, and at most `concurrency`
            // requests already in flight when the limit was reached: not the 420 of the whole site
            assertTrue(r.responses() <= 20 + 33 + 64, "stopped early: " + r.responses());
        }
    }

    @Test
    void startUrlsSettingReplacesTheSpidersOwn() throws Exception {
        try (TestSite site = TestSite.books(2)) {
            CrawlResult r = Crawler.builder(new BooksFixture("http://127.0.0.1:9/nothing-here"))
                    .settings(TestSettings.fast(dir.resolve("out.jsonl"), "start_urls=" + site.url("/page/2")))
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build()
                    .run();
            assertEquals(21, r.responses());
            assertEquals(20, r.items());
        }
    }

    @Test
    void everyLeaseIsAckedByTheEnd() throws Exception {
        try (TestSite site = TestSite.books(3)) {
            MemoryScheduler mem = new MemoryScheduler();
            AtomicInteger acks = new AtomicInteger();
            var counting = new ForwardingScheduler(mem) {
                @Override
                public void ack(Lease lease) {
                    acks.incrementAndGet();
                    super.ack(lease);
                }

                @Override
                public void close() {
                    // keep it open for the assertions
                }
            };
            crawler(site, "concurrency=16", "batch_size=7")
                    .scheduler(counting)
                    .build()
                    .run();
            assertEquals(63, acks.get());
            assertEquals(0, mem.inFlightCount());
        }
    }

    /** A scheduler in memory that says it is shared, with other nodes alive or not; counts the questions. */
    private static ForwardingScheduler shared(boolean othersLive, AtomicInteger asked) {
        return new ForwardingScheduler(new MemoryScheduler()) {
            @Override
            public boolean isShared() {
                return true;
            }

            @Override
            public boolean othersLive() {
                asked.incrementAndGet();
                return othersLive;
            }
        };
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS) // the idle timeout is an hour
    void aNodeAloneOnASharedSchedulerEndsWithoutTheIdleTimeout() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            AtomicInteger asked = new AtomicInteger();
            CrawlResult r = crawler(site, "idle_timeout=3600")
                    .scheduler(shared(false, asked))
                    .build()
                    .run();
            assertEquals(20, r.items());
            assertEquals(CrawlResult.Outcome.FINISHED, r.outcome());
            assertTrue(asked.get() > 0, "asked whether other nodes could push work");
        }
    }

    @Test
    void sharedSchedulerWithAnotherLiveNodeEndsOnlyAfterTheIdleTimeout() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            long t0 = System.nanoTime();
            CrawlResult r = crawler(site, "idle_timeout=0.5")
                    .scheduler(shared(true, new AtomicInteger()))
                    .build()
                    .run();
            double secs = (System.nanoTime() - t0) / 1e9;
            assertEquals(20, r.items());
            assertTrue(secs >= 0.5, "waited for the idle timeout: " + secs);
            assertTrue(secs < 15, "but ends: " + secs);
        }
    }
}
