package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.scheduler.memory.MemoryScheduler;
import io.spinneret.testing.BackgroundCrawl;
import io.spinneret.testing.ForwardingScheduler;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a callback emitted is stored once its page is out of reach: storing waits for the
 * scheduler (a round trip to Redis), and a response kept alive meanwhile, with its body and parsed
 * document, outlived young collections (on Redis, 43 MB of pages were promoted in a wide crawl).
 */
class PageReleasedBeforeStoringTest {
    @TempDir
    Path dir;

    @Test
    void theResponseCanBeCollectedWhileItsLinksWaitForTheScheduler() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            AtomicReference<WeakReference<Response>> page = new AtomicReference<>();
            assertCollectableWhilePushing(
                    new InlineSpider(site.root(), (response, crawl) -> {
                        if (!page.compareAndSet(null, new WeakReference<>(response))) return;
                        response.css("a"); // parsed: the document hangs off the response
                        crawl.follow("/next-page");
                    }),
                    page);
        }
    }

    @Test
    void anErrbacksFailedResponseCanBeCollectedWhileItsLinksWaitForTheScheduler() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            AtomicReference<WeakReference<Response>> page = new AtomicReference<>();
            assertCollectableWhilePushing(
                    new InlineSpider(
                            site.root(),
                            (response, crawl) -> crawl.request(Request.builder(
                                            response.urlJoin("/no-such-page").orElseThrow())
                                    .errback("failed")
                                    .build()),
                            (failure, crawl) -> {
                                Response response = failure.response();
                                if (response == null || !page.compareAndSet(null, new WeakReference<>(response)))
                                    return;
                                response.text(); // read: the body is kept by the response
                                crawl.request(Request.of(
                                        response.urlJoin("/next-page").orElseThrow()));
                            }),
                    page);
        }
    }

    /** Runs {@code spider}, whose page pushes {@code /next-page}; asserts {@code page} collectable meanwhile. */
    private void assertCollectableWhilePushing(SpiderDefinition spider, AtomicReference<WeakReference<Response>> page)
            throws Exception {
        CountDownLatch pushing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ForwardingScheduler slow = new ForwardingScheduler(new MemoryScheduler()) {
            @Override
            public boolean[] pushEach(List<Request> requests) {
                waitIfTheLink(requests);
                return super.pushEach(requests);
            }

            @Override
            public int pushAll(List<Request> requests) {
                waitIfTheLink(requests);
                return super.pushAll(requests);
            }

            private void waitIfTheLink(List<Request> requests) {
                if (requests.stream().noneMatch(r -> r.url().endsWith("/next-page"))) return;
                pushing.countDown();
                try {
                    release.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        Crawler crawler = Crawler.builder(spider)
                .settings(TestSettings.fast(dir.resolve("items.jsonl"), "concurrency=1"))
                .scheduler(slow)
                .progress(null)
                .build();
        BackgroundCrawl crawl = BackgroundCrawl.start(crawler);
        CrawlResult result;
        try {
            assertTrue(pushing.await(30, TimeUnit.SECONDS), "the page's link reached the scheduler");
            for (int i = 0; i < 50 && page.get().get() != null; i++) {
                System.gc();
                Thread.sleep(20);
            }
            assertNull(page.get().get(), "the response is collectable while its link is pushed");
        } finally {
            release.countDown();
            result = crawl.join(30_000);
        }
        assertEquals(CrawlResult.Outcome.FINISHED, result.outcome());
    }
}
