package io.spinneret.middleware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Request;
import io.spinneret.middleware.TestSite.Reply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ThrottleMiddlewareTest {
    private final TestSite a = new TestSite("127.0.0.1");
    private final TestSite b = new TestSite("127.0.0.2"); // another host (all of 127/8 is loopback)
    private final TestDownloader downloader = new TestDownloader();

    ThrottleMiddlewareTest() throws Exception {}

    /**
     * Starts the HTTP client and opens a pooled connection to both hosts outside the measurement, so
     * that server-side gaps show the throttle's spacing, not the first request's client start-up.
     */
    private void warmUp() throws Exception {
        downloader.download(Request.of(a.url("/warm")));
        downloader.download(Request.of(b.url("/warm")));
        a.log.clear();
        b.log.clear();
    }

    @AfterEach
    void close() {
        a.close();
        b.close();
        downloader.close();
    }

    @Test
    void twoDomainsProgressInParallelWhileEachIsSpacedByTheDelay() throws Exception {
        for (int i = 0; i < 5; i++) {
            a.page("/" + i, "a" + i);
            b.page("/" + i, "b" + i);
        }
        List<Request> seeds = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            seeds.add(Request.of(a.url("/" + i)));
            seeds.add(Request.of(b.url("/" + i)));
        }
        TestCrawl crawl = new TestCrawl(TestSettings.of("download_delay=0.2"));
        warmUp();

        crawl.run(MiddlewareStack.build(crawl.settings), downloader, seeds.toArray(Request[]::new));

        assertEquals(10, crawl.responses.size());
        for (TestSite site : List.of(a, b)) {
            List<Long> times = site.log.stream().map(TestSite.Hit::nanos).sorted().toList();
            for (int i = 1; i < times.size(); i++) {
                long gapMs = (times.get(i) - times.get(i - 1)) / 1_000_000;
                assertTrue(gapMs >= 200, site.url("") + ": requests " + (i - 1) + " and " + i + " only " + gapMs + " ms apart");
            }
        }
        // in parallel: the domains started together and their requests interleave (one global rate would
        // serialise all ten, 0.2 s apart)
        long firstGapMs = Math.abs(a.log.get(0).nanos() - b.log.get(0).nanos()) / 1_000_000;
        assertTrue(firstGapMs < 150, "the two domains started " + firstGapMs + " ms apart");
        long aFirst = a.log.get(0).nanos();
        long aLast = a.log.get(4).nanos();
        long bDuringA = b.log.stream().filter(h -> h.nanos() > aFirst && h.nanos() < aLast).count();
        assertTrue(bDuringA >= 3, "only " + bDuringA + " of B's requests happened while A was being crawled");
    }

    @Test
    void concurrencyPerDomainCapsRequestsInFlightPerHostNotOverall() throws Exception {
        AtomicInteger total = new AtomicInteger();
        AtomicInteger maxTotal = new AtomicInteger();
        AtomicInteger[] perHost = {new AtomicInteger(), new AtomicInteger()};
        AtomicInteger[] maxPerHost = {new AtomicInteger(), new AtomicInteger()};
        for (int i = 0; i < 2; i++) {
            int host = i;
            (i == 0 ? a : b).route("/slow", (hit, n) -> {
                maxPerHost[host].accumulateAndGet(perHost[host].incrementAndGet(), Math::max);
                maxTotal.accumulateAndGet(total.incrementAndGet(), Math::max);
                try {
                    Thread.sleep(150);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                total.decrementAndGet();
                perHost[host].decrementAndGet();
                return Reply.ok("slow");
            });
        }
        List<Request> seeds = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            seeds.add(Request.builder(a.url("/slow")).dontFilter(true).build());
            seeds.add(Request.builder(b.url("/slow")).dontFilter(true).build());
        }
        TestCrawl crawl = new TestCrawl(TestSettings.of("concurrency_per_domain=2"));

        crawl.run(MiddlewareStack.build(crawl.settings), downloader, seeds.toArray(Request[]::new));

        assertEquals(12, crawl.responses.size());
        assertEquals(2, maxPerHost[0].get(), "at most two requests at a time reached host A");
        assertEquals(2, maxPerHost[1].get(), "at most two requests at a time reached host B");
        assertTrue(maxTotal.get() > 2, "the limit is per host, not shared: " + maxTotal.get() + " at once over both");
    }

    @Test
    void noDelayAndNoLimitPassStraightThrough() throws Exception {
        a.route("/slow", (hit, n) -> Reply.ok("slow").delayed(300));
        List<Request> seeds = new ArrayList<>();
        for (int i = 0; i < 10; i++) seeds.add(Request.builder(a.url("/slow")).dontFilter(true).build());
        ThrottleMiddleware throttle = ThrottleMiddleware.from(TestSettings.of());
        TestCrawl crawl = new TestCrawl(TestSettings.of());
        warmUp();

        crawl.run(List.of(throttle), downloader, seeds.toArray(Request[]::new));

        assertEquals(10, crawl.responses.size());
        List<Long> arrivals = a.log.stream().map(TestSite.Hit::nanos).sorted().toList();
        long spreadMs = (arrivals.get(9) - arrivals.get(0)) / 1_000_000;
        assertTrue(spreadMs < 300, "all ten reached the server before the first (300 ms) finished; spread " + spreadMs + " ms");
        assertEquals(0, crawl.stats.get("throttle/delayed"));
    }

    @Test
    void raisingTheDelayOfOneHostLeavesOthersAlone() throws Exception {
        a.page("/", "a");
        b.page("/", "b");
        ThrottleMiddleware throttle = ThrottleMiddleware.from(TestSettings.of());
        throttle.raiseDelay("127.0.0.1", Duration.ofMillis(300));
        TestCrawl crawl = new TestCrawl(TestSettings.of());
        List<Request> seeds = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            seeds.add(Request.builder(a.url("/")).dontFilter(true).build());
            seeds.add(Request.builder(b.url("/")).dontFilter(true).build());
        }
        warmUp();

        crawl.run(List.of(throttle), downloader, seeds.toArray(Request[]::new));

        List<Long> at = a.log.stream().map(TestSite.Hit::nanos).sorted().toList();
        List<Long> bt = b.log.stream().map(TestSite.Hit::nanos).sorted().toList();
        assertTrue((at.get(2) - at.get(0)) / 1_000_000 >= 600, "host A keeps 300 ms apart");
        assertTrue((bt.get(2) - bt.get(0)) / 1_000_000 < 250, "host B is not slowed down");
        assertEquals(Duration.ofMillis(300), throttle.delayOf("127.0.0.1"));
        assertEquals(Duration.ZERO, throttle.delayOf("127.0.0.2"));
        throttle.raiseDelay("127.0.0.1", Duration.ofMillis(100));
        assertEquals(Duration.ofMillis(300), throttle.delayOf("127.0.0.1"), "never lowered");
    }

    @Test
    void autoThrottleFollowsLatencyAndBacksOffOnErrors() throws Exception {
        a.route("/slow", (hit, n) -> Reply.ok("slow").delayed(100));
        a.route("/busy", (hit, n) -> Reply.status(503));
        ThrottleMiddleware throttle = ThrottleMiddleware.from(TestSettings.of("autothrottle=true", "autothrottle_max_delay=3"));
        TestCrawl crawl = new TestCrawl(TestSettings.of());

        for (int i = 0; i < 6; i++) RealChain.execute(List.of(throttle), Request.of(a.url("/slow")), downloader, crawl);
        long afterLatency = throttle.delayOf("127.0.0.1").toMillis();
        assertTrue(afterLatency >= 90 && afterLatency < 400, "delay should approach the 100 ms latency: " + afterLatency);

        RealChain.execute(List.of(throttle), Request.of(a.url("/busy")), downloader, crawl);
        assertTrue(throttle.delayOf("127.0.0.1").toMillis() >= 1000, "a 503 backs off to at least 1 s");
        assertEquals(Duration.ZERO, throttle.delayOf("127.0.0.2"), "other hosts keep their own delay");
    }
}
