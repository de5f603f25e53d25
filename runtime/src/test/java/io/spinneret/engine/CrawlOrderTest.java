package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.spinneret.annotations.Renderer;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.internal.Dispatcher;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.Jedis;

/**
 * {@code crawl_order} on a binary tree of pages three levels deep ({@code /}, {@code /a},
 * {@code /b}, {@code /a/a} ...), crawled one request at a time so the order of the callbacks is the
 * order of the scheduler. Every link to a {@code b} child has priority 1, so that ordering by
 * priority alone is neither breadth- nor depth-first.
 */
class CrawlOrderTest {
    private static final int LEVELS = 3;

    @TempDir
    Path dir;

    /** The tree's paths in pre-order: what depth_first must crawl. */
    private static List<String> preOrder(String path, int depth) {
        List<String> out = new ArrayList<>(List.of(path));
        if (depth < LEVELS) {
            String base = path.equals("/") ? "/" : path + "/";
            out.addAll(preOrder(base + "a", depth + 1));
            out.addAll(preOrder(base + "b", depth + 1));
        }
        return out;
    }

    private static int depth(String path) {
        return path.equals("/") ? 0 : path.split("/").length - 1;
    }

    private List<String> crawl(String scheduler, String order) throws Exception {
        try (TestSite site = new TestSite(0, 0)) {
            for (String p : preOrder("/", 0)) {
                String links = depth(p) < LEVELS
                        ? "<a href='" + (p.equals("/") ? "" : p) + "/a'>a</a><a class='b' href='"
                                + (p.equals("/") ? "" : p) + "/b'>b</a>"
                        : "";
                site.route(p, ex -> TestSite.send(ex, 200, "<html><body>" + links + "</body></html>"));
            }
            String spider = "crawl_order_test";
            Tree tree = new Tree(spider, site.root());
            var settings = TestSettings.fast(
                    dir.resolve(scheduler + order + ".jsonl"),
                    "concurrency=1",
                    "crawl_order=" + order,
                    "scheduler=" + scheduler,
                    "job_dir=" + dir.resolve("jobs-" + order),
                    "idle_timeout=0.3");
            if (scheduler.equals("redis")) {
                String url = System.getenv("SPINNERET_TEST_REDIS");
                assumeTrue(url != null && !url.isBlank(), "SPINNERET_TEST_REDIS is not set");
                settings = settings.with("redis_url", url, "test");
                try (Jedis j = new Jedis(URI.create(url))) {
                    for (String k : j.keys("spinneret:{" + spider + "}:*")) j.del(k);
                    for (String k : j.keys("spinneret:{" + spider + ":*}:*")) j.del(k); // its host buckets
                }
            }
            CrawlResult r = Crawler.builder(tree)
                    .settings(settings)
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build()
                    .run();
            assertEquals(15, r.responses(), r.stats().toString());
            return tree.crawled;
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"memory", "sqlite", "redis"})
    void breadthFirstCrawlsEachLevelBeforeTheNextOne(String scheduler) throws Exception {
        List<String> crawled = crawl(scheduler, "breadth_first");
        List<Integer> depths = crawled.stream().map(CrawlOrderTest::depth).toList();
        List<Integer> sorted = new ArrayList<>(depths);
        Collections.sort(sorted);
        assertEquals(sorted, depths, crawled.toString());
        // within a level, priority still counts: the b child of a page before its a child
        assertEquals(List.of("/", "/b", "/a"), crawled.subList(0, 3));
    }

    @ParameterizedTest
    @ValueSource(strings = {"memory", "sqlite", "redis"})
    void depthFirstFollowsEachBranchToItsEndFirst(String scheduler) throws Exception {
        List<String> crawled = crawl(scheduler, "depth_first");
        assertEquals(preOrderBFirst("/", 0), crawled, "pre-order, the b child (priority 1) of each page first");
    }

    @Test
    void byPriorityAloneTheOrderIsNeither() throws Exception {
        List<String> crawled = crawl("memory", "priority");
        assertNotEquals(preOrderBFirst("/", 0), crawled);
        List<Integer> depths = crawled.stream().map(CrawlOrderTest::depth).toList();
        List<Integer> sorted = new ArrayList<>(depths);
        Collections.sort(sorted);
        assertNotEquals(sorted, depths, crawled.toString());
    }

    private static List<String> preOrderBFirst(String path, int depth) {
        List<String> out = new ArrayList<>(List.of(path));
        if (depth < LEVELS) {
            String base = path.equals("/") ? "/" : path + "/";
            out.addAll(preOrderBFirst(base + "b", depth + 1));
            out.addAll(preOrderBFirst(base + "a", depth + 1));
        }
        return out;
    }

    /** Follows a page's {@code a} link with priority 0 and its {@code b} link with priority 1; records each page's path. */
    private static final class Tree implements SpiderDefinition {
        final List<String> crawled = Collections.synchronizedList(new ArrayList<>());
        private final String name;
        private final String root;

        Tree(String name, String root) {
            this.name = name;
            this.root = root;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String className() {
            return "test.Tree";
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
                crawled.add(URI.create(response.url()).getPath());
                for (var a : response.css("a")) crawl.follow(a.attr("href"), "parse", a.hasClass("b") ? 1 : 0);
            };
        }
    }
}
