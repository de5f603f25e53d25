package io.spinneret.scheduler.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Redis server of a crawl's frontier dies mid-crawl: the crawl ends as failed with one error
 * line and its summary once its retry budget (here 1 s) is spent, no worker thread dies of an uncaught exception. Starts a Redis server of
 * its own ({@code redis-server} on the PATH; skipped without one), so it can kill it.
 */
class RedisLostTest {
    @TempDir
    Path dir;

    @Test
    void losingRedisMidCrawlFailsTheCrawlWithASummaryNotAStackTrace() throws Exception {
        assumeTrue(
                Files.isExecutable(Path.of("/usr/bin/redis-server"))
                        || Files.isExecutable(Path.of("/usr/local/bin/redis-server")),
                "skipped: no redis-server to start and kill");
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Process redis = new ProcessBuilder(
                        "redis-server",
                        "--port",
                        Integer.toString(port),
                        "--bind",
                        "127.0.0.1",
                        "--save",
                        "",
                        "--appendonly",
                        "no",
                        "--dir",
                        dir.toString())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("redis.log").toFile())
                .start();
        List<Throwable> uncaught = new CopyOnWriteArrayList<>();
        Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler(
                (t, e) -> uncaught.add(new AssertionError("thread " + t.getName() + " died", e)));
        try (TestSite site = TestSite.books(20)) {
            waitForPort(port);
            site.route("/page/3", ex -> {
                redis.destroyForcibly(); // mid-crawl: pages 1 and 2 and some books are done
                try {
                    redis.waitFor(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                TestSite.send(ex, 200, "<html><body>late</body></html>");
            });
            CrawlResult r = Crawler.builder(new BooksFixture(site.root()))
                    .settings(TestSettings.fast(
                            dir.resolve("out.jsonl"),
                            "scheduler=redis",
                            "redis_url=redis://127.0.0.1:" + port + "/0",
                            "concurrency=4",
                            "idle_timeout=1",
                            "redis_retry_timeout=1"))
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build()
                    .run();

            assertEquals(CrawlResult.Outcome.FAILED, r.outcome(), r.stats().toString());
            assertEquals(1, r.exitCode());
            assertTrue(r.error() != null && !r.error().isBlank(), String.valueOf(r.error()));
            assertEquals(List.of(), uncaught, "no thread died of an uncaught exception");
            assertEquals(
                    Files.readAllLines(dir.resolve("out.jsonl")).size(),
                    r.items(),
                    "the summary counts the items stored");
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(before);
            redis.destroyForcibly();
        }
    }

    private static void waitForPort(int port) throws Exception {
        for (int i = 0; i < 100; i++) { // bounded: 10 s
            try (var s = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        throw new AssertionError("redis-server did not listen on " + port);
    }
}
