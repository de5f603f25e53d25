package io.spinneret.middleware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Request;
import io.spinneret.middleware.TestSite.Reply;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ProxyMiddlewareTest {
    private final TestSite site = new TestSite();
    private final ForwardProxy good = new ForwardProxy();
    private final TestDownloader downloader = new TestDownloader();

    ProxyMiddlewareTest() throws Exception {}

    @AfterEach
    void close() {
        site.close();
        good.close();
        downloader.close();
    }

    private static Request[] pages(TestSite site, int n) {
        List<Request> seeds = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            site.page("/" + i, "page " + i);
            seeds.add(Request.of(site.url("/" + i)));
        }
        return seeds.toArray(Request[]::new);
    }

    @Test
    void aDeadProxyPlusAWorkingOneStillCompletesTheCrawl() throws Exception {
        Request[] seeds = pages(site, 8);
        String dead = ForwardProxy.dead();
        // robots on: its robots.txt fetch must get through the pool as well
        TestCrawl crawl = new TestCrawl(TestSettings.of("respect_robots=true", "proxies=" + dead + "," + good.url()));

        crawl.run(MiddlewareStack.build(crawl.settings), downloader, seeds);

        assertEquals(List.of(), crawl.failures);
        assertEquals(8, crawl.responses.size());
        assertEquals(9, good.forwarded.get(), "every page and robots.txt went through the working proxy");
        assertEquals(9, site.log.size());
        assertEquals(1, crawl.stats.get(ProxyMiddleware.STAT_COOLDOWN));
        for (var r : crawl.responses)
            assertEquals(good.url(), r.request().meta().get("proxy"));
    }

    @Test
    void theDeadProxyIsInCooldownBeforeTheRetryPicksAgain() throws Exception {
        // sequential requests: plain round robin would send every other one to the dead proxy;
        // because the proxy middleware cools it down before the (outer) retry reschedules, only the first fails
        String dead = ForwardProxy.dead();
        TestCrawl crawl = new TestCrawl(TestSettings.of("proxies=" + dead + "," + good.url()));
        List<Middleware> chain = MiddlewareStack.build(crawl.settings);
        Request[] seeds = pages(site, 6);

        for (Request r : seeds) crawl.run(chain, downloader, r);

        assertEquals(6, crawl.responses.size());
        assertEquals(1, crawl.stats.get(RetryMiddleware.STAT_COUNT));
        assertEquals(1, crawl.stats.get("retry/reason/ConnectException"));
        assertEquals(6, good.forwarded.get());
    }

    @Test
    void aPerRequestProxyOverridesThePool() throws Exception {
        site.page("/page", "ok");
        TestCrawl crawl = new TestCrawl(TestSettings.of("proxies=" + ForwardProxy.dead()));

        crawl.run(
                MiddlewareStack.build(crawl.settings),
                downloader,
                Request.builder(site.url("/page")).meta("proxy", good.url()).build());

        assertEquals(1, crawl.responses.size());
        assertEquals(1, good.forwarded.get());
        assertEquals(0, crawl.stats.get(ProxyMiddleware.STAT_COOLDOWN));
    }

    @Test
    void serverErrorsAndProxyAuthFailuresThroughAProxyCoolItDown() throws Exception {
        site.route("/502", (h, n) -> Reply.status(502));
        site.route("/407", (h, n) -> Reply.status(407));
        site.page("/ok", "ok");
        ProxyMiddleware proxy = new ProxyMiddleware(new ProxyPool(List.of(good.url()), Duration.ofMinutes(1)));
        TestCrawl crawl = new TestCrawl(TestSettings.of());

        RealChain.execute(List.of(proxy), Request.of(site.url("/ok")), downloader, crawl);
        assertEquals(1, proxy.pool().healthyCount());
        RealChain.execute(List.of(proxy), Request.of(site.url("/502")), downloader, crawl);
        assertEquals(0, proxy.pool().healthyCount());
        assertEquals(1, crawl.stats.get(ProxyMiddleware.STAT_COOLDOWN));

        ProxyMiddleware other = new ProxyMiddleware(new ProxyPool(List.of(good.url()), Duration.ofMinutes(1)));
        RealChain.execute(List.of(other), Request.of(site.url("/407")), downloader, crawl);
        assertEquals(0, other.pool().healthyCount());
    }

    @Test
    void withoutProxiesRequestsGoDirect() throws Exception {
        site.page("/page", "ok");
        TestCrawl crawl = new TestCrawl(TestSettings.of());

        crawl.run(MiddlewareStack.build(crawl.settings), downloader, Request.of(site.url("/page")));

        assertEquals(1, crawl.responses.size());
        assertEquals(0, good.forwarded.get());
        assertTrue(crawl.responses.get(0).request().meta().isEmpty());
    }

    @Test
    void proxyCredentialsReachNeitherTheLogNorTheFailures() throws Exception {
        Request[] seeds = pages(site, 2);
        String dead = ForwardProxy.dead().replace("http://", "http://alice:s3cret@");
        TestCrawl crawl = new TestCrawl(TestSettings.of("proxies=" + dead));
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            crawl.run(MiddlewareStack.build(crawl.settings), downloader, seeds);
        } finally {
            System.setErr(err);
        }
        String log = captured.toString(StandardCharsets.UTF_8);
        assertTrue(log.contains("cooling down"), "the proxy's cooldown is logged: " + log);
        assertTrue(log.contains(ProxyPool.redact(dead)), log);
        StringBuilder all = new StringBuilder(log);
        for (Exception e : crawl.failures) all.append(e).append('\n');
        assertTrue(!crawl.failures.isEmpty(), "the dead proxy failed the requests");
        assertTrue(!all.toString().contains("s3cret"), all.toString());
        assertTrue(log.contains("alice:***@"), "the user is shown, the password is not: " + log);
    }

    @Test
    void redactHidesThePasswordOnly() {
        assertEquals("http://u:***@p.example:3128", ProxyPool.redact("http://u:p@ss@p.example:3128"));
        assertEquals("http://p.example:3128", ProxyPool.redact("http://p.example:3128"));
        assertEquals("u:***@p.example:3128", ProxyPool.redact("u:p@p.example:3128"));
    }
}
