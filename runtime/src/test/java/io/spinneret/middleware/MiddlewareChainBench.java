package io.spinneret.middleware;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Downloader;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import io.spinneret.testing.TestSite;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A command, not a test: what the built-in chain costs when it has nothing to do (no delay, no
 * proxies), as the benchmark runs it. Part 1: CPU per request through the chain with an in-memory
 * downloader, against no middleware. Part 2: median wall time of a real 4,200-page loopback crawl
 * with no middleware, the default chain with robots off, and with robots on.
 * {@code java -cp ... io.spinneret.middleware.MiddlewareChainBench}
 */
public final class MiddlewareChainBench {
    public static void main(String[] args) throws Exception {
        for (boolean robots : new boolean[] {false, true}) micro(robots);
        crawls();
    }

    private static void micro(boolean robots) throws Exception {
        Settings s = TestSettings.of("respect_robots=" + robots);
        List<Middleware> chain = MiddlewareStack.build(s);
        TestCrawl ctx = new TestCrawl(s);
        byte[] body = "<html></html>".getBytes();
        Map<String, List<String>> headers = Map.of("Content-Type", List.of("text/html"));
        // robots.txt answers 404 at once (allow all), so robots on measures the per-request rules lookup
        Downloader d = r -> new Response(r, r.url(), r.url().endsWith("/robots.txt") ? 404 : 200, headers, body);
        String[] urls = new String[1000];
        for (int i = 0; i < urls.length; i++) urls[i] = "http://127.0.0.1:8080/catalogue/book_" + i + "/index.html";
        var mx = ManagementFactory.getThreadMXBean();
        int n = 1_000_000;
        for (int round = 0; round < 5; round++) {
            long c0 = mx.getCurrentThreadCpuTime();
            for (int i = 0; i < n; i++) RealChain.execute(chain, Request.of(urls[i % urls.length]), d, ctx);
            long withChain = (mx.getCurrentThreadCpuTime() - c0) / n;
            c0 = mx.getCurrentThreadCpuTime();
            for (int i = 0; i < n; i++) RealChain.execute(List.of(), Request.of(urls[i % urls.length]), d, ctx);
            long bare = (mx.getCurrentThreadCpuTime() - c0) / n;
            if (round >= 2) {
                System.out.printf(
                        "robots %-5s round %d: default chain %d ns CPU/request, no middleware %d ns CPU/request%n",
                        robots, round, withChain, bare);
            }
        }
    }

    private static void crawls() throws Exception {
        Path dir = Files.createTempDirectory("chainbench");
        Map<String, List<Long>> ms = new TreeMap<>();
        try (TestSite site = TestSite.books(200)) {
            for (int round = 0; round < 7; round++) {
                for (String mode : List.of("no middleware", "default, robots off", "default, robots on")) {
                    Settings s = io.spinneret.testing.TestSettings.fast(
                            dir.resolve("out" + round + ".jsonl"),
                            "concurrency=16",
                            "respect_robots=" + mode.endsWith("on"));
                    Crawler.Builder b = Crawler.builder(new BooksFixture(site.root()))
                            .settings(s)
                            .items(List.of(BookSchema.INSTANCE))
                            .progress(null);
                    if (mode.equals("no middleware")) b.middlewares(List.of());
                    CrawlResult r = b.build().run();
                    if (r.requests() != 4200 || r.failures() != 0)
                        throw new AssertionError(mode + ": " + r.summaryLine());
                    if (round > 0)
                        ms.computeIfAbsent(mode, k -> new ArrayList<>())
                                .add(r.elapsed().toMillis());
                }
            }
        }
        ms.forEach((mode, v) -> {
            List<Long> x = new ArrayList<>(v);
            Collections.sort(x);
            System.out.printf("4200-page crawl, %-20s median %d ms of %s%n", mode + ":", x.get(x.size() / 2), x);
        });
    }
}
