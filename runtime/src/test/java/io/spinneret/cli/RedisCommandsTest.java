package io.spinneret.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.spinneret.api.Request;
import io.spinneret.scheduler.redis.RedisScheduler;
import io.spinneret.testing.TestSite;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/** {@code run --redis} with a crawl id, a finished crawl, {@code --new-crawl}, and {@code status}. */
class RedisCommandsTest {
    @TempDir
    Path dir;

    private final String crawlId = "cli-" + UUID.randomUUID().toString().substring(0, 8);

    private static String redis() {
        String url = System.getenv("SPINNERET_TEST_REDIS");
        assumeTrue(url != null && !url.isBlank(), "SPINNERET_TEST_REDIS is not set");
        return url;
    }

    @AfterEach
    void cleanUp() {
        if (System.getenv("SPINNERET_TEST_REDIS") == null) return;
        try (Jedis j = new Jedis(URI.create(redis()))) {
            for (String k : j.keys("spinneret:{" + crawlId + "}:*")) j.del(k);
            for (String k : j.keys("spinneret:{" + crawlId + ":*}:*")) j.del(k); // its host buckets
        }
    }

    private String[] crawl(TestSite site, String... extra) {
        String[] base = {
            "run",
            "testbooks",
            "--redis",
            redis(),
            "--crawl-id",
            crawlId,
            "-s",
            "start_urls=" + site.root(),
            "-s",
            "download_delay=0",
            "-s",
            "respect_robots=false",
            "-s",
            "idle_timeout=0.5",
            "-o",
            dir.resolve("out.jsonl").toString()
        };
        String[] all = new String[base.length + extra.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(extra, 0, all, base.length, extra.length);
        return all;
    }

    @Test
    void aFinishedCrawlIsNotCrawledAgainUnlessANewOneIsAskedFor() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            MainTest.Run first = MainTest.run(crawl(site));
            assertEquals(0, first.code(), first.err());
            int hits = site.totalHits.get();
            assertEquals(21, hits); // the listing and its 20 books

            MainTest.Run again = MainTest.run(crawl(site));
            assertEquals(0, again.code(), again.err());
            assertTrue(
                    again.err().contains("the crawl '" + crawlId + "'")
                            && again.err().contains("finished"),
                    again.err());
            assertEquals(hits, site.totalHits.get(), "nothing crawled again");

            MainTest.Run status = MainTest.run("status", "--redis", redis(), "--crawl-id", crawlId);
            assertEquals(0, status.code(), status.err());
            assertTrue(
                    status.out().contains(": finished")
                            && status.out().contains("queue: 0 pending, 0 in flight, 21 seen"),
                    status.out());

            MainTest.Run renewed = MainTest.run(crawl(site, "--new-crawl"));
            assertEquals(0, renewed.code(), renewed.err());
            assertEquals(2 * hits, site.totalHits.get(), "--new-crawl crawls it again");
        }
    }

    @Test
    void aNodeJoiningARunningCrawlWithNoWorkLeftExitsZero() throws Exception {
        try (TestSite site = TestSite.books(1);
                RedisScheduler other = RedisScheduler.open(
                        new RedisScheduler.Options(redis(), crawlId, Duration.ofSeconds(15), Duration.ofSeconds(5)),
                        RedisScheduler.Mode.JOIN)) {
            // another node took the start page and is still at work on the crawl (it has not left)
            other.push(Request.of(site.root()));
            other.ack(Objects.requireNonNull(other.poll(Duration.ofSeconds(1))));
            MainTest.Run late = MainTest.run(crawl(site));
            assertEquals(0, late.code(), late.err());
            assertTrue(late.err().contains("this node got no work"), late.err());
            assertTrue(late.err().contains("the other nodes of the crawl had it"), late.err());
            assertEquals(0, site.totalHits.get(), "the late node crawled nothing again");
        }
    }

    @Test
    void aNodeThatGotNoWorkAndSawNoOtherNodeDoesNotSayTheOthersHadIt() throws Exception {
        try (TestSite site = TestSite.books(1);
                RedisScheduler other = RedisScheduler.open(
                        // a visibility timeout of 60 s: its next heartbeat comes after the late node is done
                        new RedisScheduler.Options(redis(), crawlId, Duration.ofSeconds(60), Duration.ofSeconds(5)),
                        RedisScheduler.Mode.JOIN)) {
            other.push(Request.of(site.root()));
            other.ack(Objects.requireNonNull(other.poll(Duration.ofSeconds(1))));
            try (Jedis j = new Jedis(URI.create(redis()))) {
                j.hdel(other.namespace() + "nodes", other.node()); // the crawl lists no node
            }
            MainTest.Run late = MainTest.run(crawl(site));
            assertEquals(0, late.code(), late.err());
            assertTrue(late.err().contains("this node got no work"), late.err());
            assertTrue(late.err().contains("no other node of the crawl was seen"), late.err());
            assertFalse(late.err().contains("the other nodes of the crawl had it"), late.err());
        }
    }

    @Test
    void statusOfNoCrawlExitsThree() {
        MainTest.Run r = MainTest.run("status", "--redis", redis(), "--crawl-id", crawlId);
        assertEquals(3, r.code(), r.out() + r.err());
        assertTrue(r.out().contains("unknown"), r.out());
    }

    @Test
    void printSettingsHidesTheRedisPassword() {
        MainTest.Run r = MainTest.run(
                "run", "testbooks", "--redis", "redis://crawler:hunter2-secret@127.0.0.1:1/0", "--print-settings");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("redis://crawler:***@127.0.0.1:1/0"), r.out());
        assertFalse(r.out().contains("hunter2-secret") || r.err().contains("hunter2-secret"));
    }
}
