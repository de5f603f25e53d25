package io.spinneret.middleware;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.Crawl;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.internal.Dispatcher;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.middleware.TestSite.Reply;
import io.spinneret.spi.Stats;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Logging in once and crawling as that user: the login runs in the session the spider names, the
 * links followed from its pages stay in it, and the crawl's own jar never gets the login cookie.
 */
class NamedSessionCrawlTest {
    @TempDir
    Path dir;

    private final TestSite site = new TestSite("127.0.0.1");

    NamedSessionCrawlTest() throws Exception {}

    @AfterEach
    void close() {
        site.close();
    }

    /** Logs in as account-2 from its @Start, then follows every link; one plain request outside the session. */
    private final class LoginSpider implements SpiderDefinition {
        @Override
        public String name() {
            return "login";
        }

        @Override
        public String className() {
            return "test.LoginSpider";
        }

        @Override
        public List<String> startUrls() {
            return List.of();
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
            return new Dispatcher() {
                @Override
                public void dispatch(String callback, Response response, Crawl crawl) {
                    for (var a : response.css("a[href]")) crawl.follow(a.attr("href"));
                }

                @Override
                public boolean start(List<String> startUrls, Crawl crawl) {
                    crawl.request(Request.builder(site.url("/login"))
                            .method("POST")
                            .session("account-2")
                            .build());
                    crawl.request(Request.of(site.url("/public")));
                    return true;
                }
            };
        }
    }

    @Test
    void theFollowedPagesOfALoginStayInItsSession() throws Exception {
        site.route("/login", (hit, n) -> Reply.ok("<a href='/a'>a</a>").header("Set-Cookie", "user=2; Path=/"));
        site.route("/a", (hit, n) -> Reply.ok("<a href='/b'>b</a>"));
        site.route("/b", (hit, n) -> Reply.ok("end"));
        site.route("/public", (hit, n) -> Reply.ok("<a href='/public2'>p</a>"));
        site.route("/public2", (hit, n) -> Reply.ok("end"));

        CrawlResult r = Crawler.builder(new LoginSpider())
                .settings(TestSettings.of("output=" + dir.resolve("o.jsonl"), "progress_interval=0", "concurrency=1"))
                .progress(null)
                .build()
                .run();

        assertEquals(5, r.responses(), r.stats().toString());
        assertEquals("user=2", site.hits("/a").get(0).header("Cookie"));
        assertEquals("user=2", site.hits("/b").get(0).header("Cookie"));
        assertEquals(null, site.hits("/public2").get(0).header("Cookie"), "the crawl's own jar has no login");
        assertEquals(1, r.get(Stats.SESSIONS_CREATED));
    }
}
