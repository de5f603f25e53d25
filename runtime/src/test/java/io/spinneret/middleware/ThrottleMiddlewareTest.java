package io.spinneret.middleware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Request;
import io.spinneret.middleware.TestSite.Reply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
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
            List<Long> times =
                    site.log.stream().map(TestSite.Hit::nanos).sorted().toList();
            for (int i = 1; i < times.size(); i++) {
                long gapMs = (times.get(i) - times.get(i - 1)) / 1_000_000;
                assertTrue(
                        gapMs >= 200,
                        site.url("") + ": requests " + (i - 1) + " and " + i + " only " + gapMs + " ms apart");
            }
        }
        // in parallel: each host needs at least 4 delays for its five requests; one global rate would
        // need 9 for all ten, and one domain after the other 4 + 4 = 8. So a crawl of both within 8
        // delays proves they overlapped (the margin, 4 delays, absorbs any slowness of the machine)
        long first = Math.min(a.log.get(0).nanos(), b.log.get(0).nanos());
        long last = Math.max(a.log.get(4).nanos(), b.log.get(4).nanos());
        long spanMs = (last - first) / 1_000_000;
        assertTrue(
                spanMs < 8 * 200,
                "both domains took " + spanMs
                        + " ms; one after the other needs 8 x 200 ms, one global rate 9 x 200 ms");
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
        // each request is held at the server until all ten have arrived: they get there only if
        // none waits for another (a throttle that let one through at a time would hold the first
        // until the latch gave up, and the crawl would fail its limit)
        CountDownLatch allTen = new CountDownLatch(10);
        AtomicInteger gaveUp = new AtomicInteger();
        a.route("/slow", (hit, n) -> {
            allTen.countDown();
            try {
                if (!allTen.await(20, TimeUnit.SECONDS)) gaveUp.incrementAndGet();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Reply.ok("slow");
        });
        List<Request> seeds = new ArrayList<>();
        for (int i = 0; i < 10; i++)
            seeds.add(Request.builder(a.url("/slow")).dontFilter(true).build());
        ThrottleMiddleware throttle = ThrottleMiddleware.from(TestSettings.of());
        TestCrawl crawl = new TestCrawl(TestSettings.of());
        warmUp();

        crawl.run(List.of(throttle), downloader, Duration.ofSeconds(30), seeds.toArray(Request[]::new));

        assertEquals(10, crawl.responses.size(), "failures: " + crawl.failures);
        assertEquals(0, gaveUp.get(), "all ten were at the server at once");
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
        // all three start together; with A's 300 ms applied to B they would be at least 2 x 300 ms apart
        long bSpreadMs = (bt.get(2) - bt.get(0)) / 1_000_000;
        assertTrue(
                bSpreadMs < 600,
                "host B is not slowed down by A's delay: its three requests took " + bSpreadMs + " ms");
        assertEquals(Duration.ofMillis(300), throttle.delayOf("127.0.0.1"));
        assertEquals(Duration.ZERO, throttle.delayOf("127.0.0.2"));
        throttle.raiseDelay("127.0.0.1", Duration.ofMillis(100));
        assertEquals(Duration.ofMillis(300), throttle.delayOf("127.0.0.1"), "never lowered");
    }

    @Test
    void autoThrottleFollowsLatencyAndBacksOffOnErrors() throws Exception {
        a.route("/slow", (hit, n) -> Reply.ok("slow").delayed(100));
        a.route("/busy", (hit, n) -> Reply.status(503));
        ThrottleMiddleware throttle =
                ThrottleMiddleware.from(TestSettings.of("autothrottle=true", "autothrottle_max_delay=3"));
        TestCrawl crawl = new TestCrawl(TestSettings.of());

        // the rule (target concurrency 1): delay = max(latency, (delay + latency) / 2), from 0. The
        // latency it sees lies between the server's 100 ms and the whole call as timed here, so the
        // same rule over the call times bounds the delay from above, whatever the machine's speed
        long bound = 0;
        for (int i = 0; i < 6; i++) {
            long t0 = System.nanoTime();
            RealChain.execute(List.of(throttle), Request.of(a.url("/slow")), downloader, crawl);
            long call = System.nanoTime() - t0;
            bound = Math.max(call, (bound + call) / 2);
        }
        long afterLatency = throttle.delayOf("127.0.0.1").toNanos();
        assertTrue(
                afterLatency >= 100_000_000L && afterLatency <= bound,
                "delay should follow the latency: " + afterLatency / 1e6
                        + " ms, not below the server's 100 ms nor above " + bound / 1e6
                        + " ms (the rule applied to the call times)");

        RealChain.execute(List.of(throttle), Request.of(a.url("/busy")), downloader, crawl);
        assertTrue(throttle.delayOf("127.0.0.1").toMillis() >= 1000, "a 503 backs off to at least 1 s");
        assertEquals(Duration.ZERO, throttle.delayOf("127.0.0.2"), "other hosts keep their own delay");
    }
}
