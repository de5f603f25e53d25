package io.spinneret.scheduler.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.annotations.Renderer;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.internal.Dispatcher;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.settings.Settings;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three nodes (three engines in one JVM, each with its own Redis scheduler on the same server)
 * crawl one host: {@code download_delay}, {@code concurrency_per_domain} and
 * {@code max_pages_per_host} hold for the three together, as the server's own request log sees it.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PolitenessAcrossNodesTest {
    private static final int NODES = 3;
    private static final int PAGES = 40;

    @TempDir
    Path dir;

    private final String spider = "polite-" + UUID.randomUUID().toString().substring(0, 8);

    @AfterEach
    void cleanUp() {
        RedisTestServer.deleteNamespace(spider);
    }

    /**
     * A root page linking to {@code PAGES} pages; the arrival (nanoTime) of every request for a
     * page is logged (the root's is not: the pages come only once it has been parsed).
     */
    private static TestSite site(
            List<Long> arrivals, AtomicInteger inFlight, AtomicInteger mostInFlight, long serveMillis)
            throws Exception {
        TestSite site = new TestSite(0, 0);
        StringBuilder links = new StringBuilder();
        for (int i = 0; i < PAGES; i++)
            links.append("<a href='/p/").append(i).append("'>").append(i).append("</a>");
        String root = "<html><body>" + links + "</body></html>";
        for (int i = 0; i <= PAGES; i++) {
            String path = i == PAGES ? "/" : "/p/" + i;
            String body = i == PAGES ? root : "<html><body>page</body></html>";
            site.route(path, ex -> {
                if (!path.equals("/")) arrivals.add(System.nanoTime());
                mostInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                try {
                    if (serveMillis > 0) Thread.sleep(serveMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    inFlight.decrementAndGet();
                }
                TestSite.send(ex, 200, body);
            });
        }
        return site;
    }

    /** Runs {@link #NODES} crawls of the site at once, all on one Redis namespace. */
    private List<CrawlResult> crawlWithThreeNodes(TestSite site, String... settings) throws Exception {
        String url = RedisTestServer.url();
        RedisTestServer.deleteNamespace(spider);
        List<CrawlResult> results = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(NODES)) {
            List<Future<CrawlResult>> nodes = new ArrayList<>();
            for (int n = 0; n < NODES; n++) {
                List<String> kv = new ArrayList<>(
                        List.of("scheduler=redis", "redis_url=" + url, "concurrency=8", "idle_timeout=2"));
                kv.addAll(List.of(settings));
                Settings s = TestSettings.fast(dir.resolve("node" + n + ".jsonl"), kv.toArray(String[]::new));
                Pages pages = new Pages(spider, site.root());
                nodes.add(pool.submit(() -> Crawler.builder(pages)
                        .settings(s)
                        .items(List.of(BookSchema.INSTANCE))
                        .progress(null)
                        .build()
                        .run()));
            }
            for (Future<CrawlResult> f : nodes) results.add(f.get(100, TimeUnit.SECONDS));
        }
        return results;
    }

    @Test
    void threeNodesTogetherKeepTheDownloadDelayOfOneHost() throws Exception {
        List<Long> arrivals = Collections.synchronizedList(new ArrayList<>());
        try (TestSite site = site(arrivals, new AtomicInteger(), new AtomicInteger(), 0)) {
            List<CrawlResult> results = crawlWithThreeNodes(site, "download_delay=0.2");
            assertEquals(
                    PAGES + 1,
                    results.stream().mapToLong(CrawlResult::responses).sum(),
                    results.toString());
            for (CrawlResult r : results) assertTrue(r.responses() > 0, "every node took part: " + results);
        }
        List<Long> t = new ArrayList<>(arrivals);
        Collections.sort(t);
        assertEquals(PAGES, t.size(), "each page requested once");
        double seconds = (t.getLast() - t.getFirst()) / 1e9;
        double rate = (t.size() - 1) / seconds;
        // 5 requests a second in all (within 10 %), not 5 per node; and about that, not far fewer
        assertTrue(rate <= 5.5, "the host saw " + rate + " requests/s over " + seconds + " s");
        assertTrue(rate >= 4.0, "the nodes share the host's rate rather than taking turns slowly: " + rate + "/s");
        // no burst either: any 2 s hold at most 11 arrivals (10, plus 10 %)
        for (int i = 0; i < t.size(); i++) {
            int j = i;
            while (j < t.size() && t.get(j) - t.get(i) < 2_000_000_000L) j++;
            assertTrue(j - i <= 11, (j - i) + " requests within 2 s from arrival " + i);
        }
    }

    @Test
    void threeNodesTogetherKeepTheConcurrencyPerDomain() throws Exception {
        AtomicInteger most = new AtomicInteger();
        try (TestSite site = site(Collections.synchronizedList(new ArrayList<>()), new AtomicInteger(), most, 150)) {
            List<CrawlResult> results = crawlWithThreeNodes(site, "concurrency_per_domain=2");
            assertEquals(
                    PAGES + 1,
                    results.stream().mapToLong(CrawlResult::responses).sum(),
                    results.toString());
        }
        // each node alone would allow 2, three together 6
        assertEquals(2, most.get(), "most requests in flight at the host at once");
    }

    /** Follows every link of the root page. */
    private record Pages(String name, String root) implements SpiderDefinition {
        @Override
        public String className() {
            return "test.Pages";
        }

        @Override
        public List<String> startUrls() {
            return List.of(root);
        }

        @Override
        public Renderer renderer() {
            return Renderer.HTTP;
        }

        @Override
        public List<String> settings() {
            return List.of();
        }

        @Override
        public List<String> callbacks() {
            return List.of("parse");
        }

        @Override
        public Dispatcher newDispatcher() {
            return (callback, response, crawl) -> {
                for (var a : response.css("a")) crawl.follow(a.attr("href"), "parse");
            };
        }
    }

    @Test
    void threeNodesTogetherFetchNoMoreThanTheHostsPageBudget() throws Exception {
        List<Long> arrivals = Collections.synchronizedList(new ArrayList<>());
        try (TestSite site = site(arrivals, new AtomicInteger(), new AtomicInteger(), 0)) {
            List<CrawlResult> results = crawlWithThreeNodes(site, "max_pages_per_host=10");
            assertEquals(
                    10,
                    results.stream().mapToLong(CrawlResult::responses).sum(),
                    "the root and nine pages: " + results);
            assertEquals(
                    PAGES - 9,
                    results.stream()
                            .mapToLong(r -> r.get("dropped/max_pages_per_host"))
                            .sum(),
                    results.toString());
            assertTrue(
                    results.stream()
                            .anyMatch(r -> r.stoppedHosts().equals(Map.of("127.0.0.1", "max_pages_per_host=10"))),
                    results.toString());
        }
        assertEquals(9, arrivals.size(), "the server saw the budget's pages only");
    }
}
