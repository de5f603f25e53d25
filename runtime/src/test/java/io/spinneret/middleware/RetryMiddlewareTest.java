package io.spinneret.middleware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.DropRequest;
import io.spinneret.api.Request;
import io.spinneret.download.http.HttpDownloader;
import io.spinneret.middleware.TestSite.Reply;
import java.io.IOException;
import java.net.ConnectException;
import java.net.MalformedURLException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RetryMiddlewareTest {
    private final TestSite site = new TestSite();
    private final TestDownloader downloader = new TestDownloader();

    RetryMiddlewareTest() throws Exception {}

    @AfterEach
    void close() {
        site.close();
        downloader.close();
    }

    @Test
    void failTwiceThenSucceedRecovers() throws Exception {
        site.route("/flaky", (hit, n) -> n < 2 ? Reply.status(503) : Reply.ok("finally"));
        TestCrawl crawl = new TestCrawl(TestSettings.of());

        crawl.run(MiddlewareStack.build(crawl.settings), downloader, Request.of(site.url("/flaky")));

        assertEquals(3, site.count("/flaky"));
        assertEquals(1, crawl.responses.size());
        assertEquals("finally", crawl.responses.get(0).text());
        assertEquals(2, crawl.responses.get(0).request().retryCount());
        assertEquals(List.of(), crawl.failures);
        assertEquals(2, crawl.stats.get(RetryMiddleware.STAT_COUNT));
        assertEquals(2, crawl.stats.get("retry/reason/http_503"));
        assertEquals(2, crawl.stats.get("dropped/retry"), "each retried attempt ends as a drop, not a failure");
        assertEquals(0, crawl.stats.get(RetryMiddleware.STAT_MAX_REACHED));
    }

    @Test
    void retriedRequestsBypassDedupWhichWouldOtherwiseDropThem() throws Exception {
        site.route("/once", (hit, n) -> n == 0 ? Reply.status(500) : Reply.ok("ok"));
        TestCrawl crawl = new TestCrawl(TestSettings.of());

        crawl.run(MiddlewareStack.build(crawl.settings), downloader, Request.of(site.url("/once")));

        assertEquals(1, crawl.responses.size(), "the retry got through the deduplicating frontier");
        Request retry = crawl.scheduled.get(1);
        assertTrue(retry.dontFilter());
        assertEquals(1, retry.retryCount());
        // the proof: the same next attempt without dont-filter is refused as a duplicate of the original
        assertFalse(crawl.schedule(retry.toBuilder().dontFilter(false).build()));
        assertEquals(1, crawl.refused.size());
    }

    @Test
    void aRetryWithoutDontFilterSilentlyDoesNothing() throws Exception {
        // what the middleware exists to avoid: a naive retry re-queues a plain copy and the dedup eats it
        site.route("/once", (hit, n) -> n == 0 ? Reply.status(500) : Reply.ok("ok"));
        Middleware naiveRetry = Middleware.named("naive", chain -> {
            var response = chain.proceed(chain.request());
            if (response.status() >= 500) {
                chain.context()
                        .schedule(chain.request().toBuilder()
                                .retryCount(chain.request().retryCount() + 1)
                                .build());
                throw new DropRequest("retry", "naive");
            }
            return response;
        });
        TestCrawl crawl = new TestCrawl(TestSettings.of());

        crawl.run(List.of(naiveRetry), downloader, Request.of(site.url("/once")));

        assertEquals(0, crawl.responses.size());
        assertEquals(1, crawl.refused.size());
        assertEquals(1, site.count("/once"), "the page was never asked for again");
    }

    @Test
    void givesUpAfterRetryTimesAndFailsWithTheUrlAndReason() throws Exception {
        site.route("/down", (hit, n) -> Reply.status(502));
        TestCrawl crawl = new TestCrawl(TestSettings.of("retry_times=2"));

        crawl.run(MiddlewareStack.build(crawl.settings), downloader, Request.of(site.url("/down")));

        assertEquals(3, site.count("/down"), "one attempt plus two retries");
        assertEquals(1, crawl.failures.size());
        RetriesExhaustedException e = assertInstanceOf(RetriesExhaustedException.class, crawl.failures.get(0));
        assertEquals("gave up on " + site.url("/down") + " after 2 retries: HTTP 502", e.getMessage());
        assertNotNull(e.response());
        assertEquals(502, e.response().status());
        assertEquals(1, crawl.stats.get(RetryMiddleware.STAT_MAX_REACHED));
        assertEquals(2, crawl.stats.get(RetryMiddleware.STAT_COUNT));
    }

    @Test
    void timeoutsAreRetried() throws Exception {
        site.route("/slow-once", (hit, n) -> n == 0 ? Reply.ok("late").delayed(1500) : Reply.ok("quick"));
        TestCrawl crawl = new TestCrawl(TestSettings.of());
        try (TestDownloader impatient = new TestDownloader(Duration.ofMillis(300))) {
            crawl.run(MiddlewareStack.build(crawl.settings), impatient, Request.of(site.url("/slow-once")));
        }
        assertEquals(List.of(), crawl.failures);
        assertEquals("quick", crawl.responses.get(0).text());
        assertEquals(1, crawl.stats.get("retry/reason/HttpTimeoutException"));
    }

    @Test
    void connectionErrorsAreRetriedThenReportedWithTheirCause() throws Exception {
        String dead = ForwardProxy.dead() + "/nothing";
        TestCrawl crawl = new TestCrawl(TestSettings.of("retry_times=1"));

        crawl.run(MiddlewareStack.build(crawl.settings), downloader, Request.of(dead));

        RetriesExhaustedException e = assertInstanceOf(RetriesExhaustedException.class, crawl.failures.get(0));
        assertInstanceOf(ConnectException.class, e.getCause());
        assertTrue(
                e.getMessage().startsWith("gave up on " + dead + " after 1 retry: ConnectException"), e.getMessage());
        assertEquals(1, crawl.stats.get("retry/reason/ConnectException"));
    }

    @Test
    void aUrlTheDownloaderCannotFetchAtAllFailsAtOnce() throws Exception {
        TestCrawl crawl = new TestCrawl(TestSettings.of("retry_times=3"));
        try (HttpDownloader http = new HttpDownloader(crawl.settings)) {
            crawl.run(
                    MiddlewareStack.build(crawl.settings),
                    http,
                    Request.of("ftp://example.com/file"),
                    Request.of("http://")); // no host: http:///x would be http://x/, as in a browser
        }
        assertEquals(2, crawl.failures.size(), crawl.failures.toString());
        for (Exception e : crawl.failures) assertInstanceOf(MalformedURLException.class, e);
        List<String> messages =
                crawl.failures.stream().map(Exception::getMessage).sorted().toList();
        assertTrue(messages.get(0).startsWith("'ftp://example.com/file' is not"), messages.toString());
        assertTrue(messages.get(1).startsWith("'http://' is not"), messages.toString());
        assertEquals(0, crawl.stats.get(RetryMiddleware.STAT_COUNT), "another attempt cannot mend a URL");
    }

    @Test
    void tooManyRequestsWaitsForRetryAfter() throws Exception {
        site.route("/busy", (hit, n) -> n == 0 ? Reply.status(429).header("Retry-After", "1") : Reply.ok("ok"));
        TestCrawl crawl = new TestCrawl(TestSettings.of("retry_backoff_max=5"));

        crawl.run(MiddlewareStack.build(crawl.settings), downloader, Request.of(site.url("/busy")));

        List<TestSite.Hit> hits = site.hits("/busy");
        assertEquals(2, hits.size());
        long gapMs = (hits.get(1).nanos() - hits.get(0).nanos()) / 1_000_000;
        assertTrue(gapMs >= 1000, "second attempt came " + gapMs + " ms after the 429; Retry-After said 1 s");
        assertEquals(1, crawl.responses.size());
    }

    @Test
    void retryAfterIsCappedByRetryBackoffMax() throws Exception {
        site.route("/busy", (hit, n) -> n == 0 ? Reply.status(503).header("Retry-After", "3600") : Reply.ok("ok"));
        TestCrawl crawl = new TestCrawl(TestSettings.of("retry_backoff_max=0.2"));

        crawl.run(
                MiddlewareStack.build(crawl.settings),
                downloader,
                Duration.ofSeconds(45),
                Request.of(site.url("/busy")));

        List<TestSite.Hit> hits = site.hits("/busy");
        long gapMs = (hits.get(1).nanos() - hits.get(0).nanos()) / 1_000_000;
        // at least the jittered backoff (half of 0.2 s); below half the default cap (60 s), so neither
        // the Retry-After (1 h) nor the default retry_backoff_max was what the retry waited for
        assertTrue(gapMs >= 100 && gapMs < 30_000, "gap " + gapMs + " ms");
    }

    @Test
    void configuredStatusesAreRetriedAndOthersPassThrough() throws Exception {
        site.route("/forbidden-once", (hit, n) -> n == 0 ? Reply.status(403) : Reply.ok("ok"));
        site.route("/missing", (hit, n) -> Reply.status(404));
        TestCrawl crawl = new TestCrawl(TestSettings.of("retry_http_codes=403"));

        crawl.run(
                MiddlewareStack.build(crawl.settings),
                downloader,
                Request.of(site.url("/forbidden-once")),
                Request.of(site.url("/missing")));

        assertEquals(2, site.count("/forbidden-once"));
        assertEquals(1, site.count("/missing"));
        assertEquals(
                List.of(200, 404),
                crawl.responses.stream().map(r -> r.status()).sorted().toList());
    }

    @Test
    void retryTimesZeroHandsErrorResponsesThrough() throws Exception {
        site.route("/down", (hit, n) -> Reply.status(503));
        TestCrawl crawl = new TestCrawl(TestSettings.of("retry_times=0"));

        crawl.run(MiddlewareStack.build(crawl.settings), downloader, Request.of(site.url("/down")));

        assertEquals(1, site.count("/down"));
        assertEquals(503, crawl.responses.get(0).status());
        assertEquals(0, crawl.stats.get(RetryMiddleware.STAT_MAX_REACHED));
    }

    @Test
    void aTimeoutIsAnIOExceptionTheRetryRecognises() {
        // guards the assumption above: java.net.http reports timeouts as IOException subclasses
        assertTrue(IOException.class.isAssignableFrom(HttpTimeoutException.class));
    }
}
