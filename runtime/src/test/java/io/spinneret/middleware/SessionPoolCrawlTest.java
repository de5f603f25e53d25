package io.spinneret.middleware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.middleware.TestSite.Reply;
import io.spinneret.session.SessionPool;
import io.spinneret.settings.Settings;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.Jedis;

/**
 * The session pool in whole crawls against a site that gives each visitor without a cookie a
 * session cookie, serves {@value #BUDGET} requests per session, then answers 403 to that session
 * for good: what the server saw is the evidence. On the memory and the Redis schedulers.
 */
class SessionPoolCrawlTest {
    private static final int BUDGET = 5;
    private static final int PAGES = 40;
    private static final Pattern SID = Pattern.compile("(?:^|;\\s*)sid=(\\d+)");

    @TempDir
    Path dir;

    private final TestSite site = new TestSite("127.0.0.1");
    private final BlockingSite rules = new BlockingSite();

    SessionPoolCrawlTest() throws Exception {
        StringBuilder index = new StringBuilder("<html><body>");
        for (int i = 0; i < PAGES; i++) {
            index.append("<a href=\"/p/").append(i).append("\">").append(i).append("</a>");
            site.route("/p/" + i, rules::reply);
        }
        String body = index.append("</body></html>").toString();
        site.route("/", (hit, n) -> rules.reply(hit, n).withBody(body));
    }

    @AfterEach
    void close() {
        site.close();
    }

    /** One request as the server saw it: its path, the session cookie it carried (null: none) and the answer. */
    record Seen(String path, @Nullable String sid, int status) {}

    /** The server's sessions: a cookie per new visitor, {@value #BUDGET} pages each, then 403 for good. */
    static final class BlockingSite {
        final List<Seen> seen = new ArrayList<>();
        private final Map<String, Integer> served = new HashMap<>();
        private final Set<String> blocked = new HashSet<>();
        /** Requests that came with the cookie of a session after its first 403. */
        final List<Seen> afterBlock = new ArrayList<>();

        private int nextSid = 1;

        synchronized Reply reply(TestSite.Hit hit, int n) {
            String cookie = hit.header("Cookie");
            Matcher m = cookie == null ? null : SID.matcher(cookie);
            String sid = m != null && m.find() ? m.group(1) : null;
            if (sid == null) {
                String fresh = Integer.toString(nextSid++);
                served.put(fresh, 1);
                seen.add(new Seen(hit.path(), null, 200));
                return Reply.ok("<html><body>page</body></html>").header("Set-Cookie", "sid=" + fresh + "; Path=/");
            }
            if (blocked.contains(sid)) afterBlock.add(new Seen(hit.path(), sid, 403));
            int count = served.merge(sid, 1, Integer::sum);
            if (count > BUDGET) {
                blocked.add(sid);
                seen.add(new Seen(hit.path(), sid, 403));
                return Reply.status(403);
            }
            seen.add(new Seen(hit.path(), sid, 200));
            return Reply.ok("<html><body>page</body></html>");
        }
    }

    private CrawlResult crawl(String scheduler, String... extra) throws Exception {
        String spider = "links";
        List<String> settings = new ArrayList<>(List.of(
                "output=" + dir.resolve("out.jsonl"),
                "progress_interval=0",
                "session_pool=true",
                "session_pool_size=2",
                "session_max_uses=0",
                "scheduler=" + scheduler,
                "job_dir=" + dir.resolve("job")));
        settings.addAll(List.of(extra));
        Settings s = TestSettings.of(settings.toArray(String[]::new));
        if (scheduler.equals("redis")) {
            String url = System.getenv("SPINNERET_TEST_REDIS");
            assumeTrue(url != null && !url.isBlank(), "SPINNERET_TEST_REDIS is not set");
            s = s.with("redis_url", url, "test").with("idle_timeout", "0.3", "test");
            try (Jedis j = new Jedis(URI.create(url))) {
                for (String k : j.keys("spinneret:{" + spider + "}:*")) j.del(k);
                for (String k : j.keys("spinneret:{" + spider + ":*}:*")) j.del(k); // its host buckets
            }
        }
        return Crawler.builder(new LinksSpider(site.url("/")))
                .settings(s)
                .progress(null)
                .build()
                .run();
    }

    @ParameterizedTest
    @ValueSource(strings = {"memory", "redis"})
    void everyPageIsCrawledAndNoRequestCarriesTheCookieOfABlockedSession(String scheduler) throws Exception {
        CrawlResult r = crawl(scheduler, "concurrency=1");

        Set<String> crawled = new HashSet<>();
        for (Seen s : rules.seen) if (s.status() == 200) crawled.add(s.path());
        assertEquals(PAGES + 1, crawled.size(), "every page answered 200 once: " + rules.seen);
        assertEquals(List.of(), rules.afterBlock, "no request with a blocked session's cookie");
        assertEquals(0, r.failures(), r.stats().toString());

        List<Seen> blocks = rules.seen.stream().filter(s -> s.status() == 403).toList();
        assertTrue(blocks.size() >= PAGES / (BUDGET + 1) - 1, "the site blocked sessions: " + blocks);
        for (Seen block : blocks) {
            int at = rules.seen.indexOf(block);
            boolean retriedElsewhere = rules.seen.subList(at + 1, rules.seen.size()).stream()
                    .anyMatch(s -> s.path().equals(block.path())
                            && s.status() == 200
                            && !block.sid().equals(s.sid()));
            assertTrue(retriedElsewhere, block + " was retried under another session");
        }
        assertEquals(blocks.size(), r.get(SessionPool.STAT_BLOCKED));
        assertEquals(blocks.size(), r.get(SessionPool.STAT_BLOCKED_RETRIES));
        assertEquals(blocks.size(), r.get(SessionPool.STAT_RETIRED + "/blocked"));
        assertEquals(blocks.size(), r.get("dropped/" + SessionMiddleware.NAME), "a block is a drop, not a failure");
    }

    @Test
    void withConcurrencyEveryPageIsStillCrawled() throws Exception {
        CrawlResult r = crawl("memory", "concurrency=4");

        Set<String> crawled = new HashSet<>();
        for (Seen s : rules.seen) if (s.status() == 200) crawled.add(s.path());
        assertEquals(PAGES + 1, crawled.size(), "every page answered 200: " + rules.seen);
        assertEquals(0, r.failures(), r.stats().toString());
        // requests already on their way when a block came back may still carry its cookie; none after them
        assertTrue(
                rules.afterBlock.size() <= 3 * r.get(SessionPool.STAT_RETIRED + "/blocked"),
                rules.afterBlock.toString());
    }

    @Test
    void withoutThePoolTheBlockedCookieIsSentOnAndPagesAreLost() throws Exception {
        CrawlResult r = crawl("memory", "concurrency=1", "session_pool=false");

        assertTrue(
                rules.afterBlock.size() > 10, "the one crawl jar keeps the blocked cookie: " + rules.afterBlock.size());
        assertEquals(BUDGET, rules.seen.stream().filter(s -> s.status() == 200).count(), "one session's budget");
        assertEquals(0, r.get(SessionPool.STAT_CREATED));
    }
}
