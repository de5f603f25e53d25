package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Crawl;
import io.spinneret.api.FetchException;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.testing.Book;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code crawl.fetch(...)} in a real crawl over TCP: what it returns, what it throws for each kind
 * of failure, and that it goes through the crawl's chain (robots.txt, retries, redirects,
 * allowed_domains, stats).
 */
class InlineFetchCrawlTest {
    @TempDir
    Path dir;

    static CrawlResult crawl(TestSite site, Path dir, BiConsumer<Response, Crawl> parse, String... settings)
            throws Exception {
        return Crawler.builder(new InlineSpider(site.root(), parse))
                .settings(TestSettings.fast(dir.resolve("items.jsonl"), settings))
                .items(List.of(BookSchema.INSTANCE))
                .progress(null)
                .build()
                .run();
    }

    /** Emits what an inline fetch of {@code path} gave: its title and status, or the failure's kind and reason. */
    static void record(Crawl crawl, Response page, String path, Map<String, String> seen) {
        try {
            Response r = crawl.fetch(path);
            seen.put(path, r.status() + " " + r.textOf("h1"));
        } catch (FetchException e) {
            seen.put(
                    path,
                    e.kind() + " " + e.status() + (e.dropReason() == null ? "" : " " + e.dropReason()) + ": "
                            + e.reason());
        }
    }

    private static int closedPort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void aFetchReturnsTheResponseOrThrowsWhatAnErrbackWouldGet() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            site.route("/robots.txt", ex -> TestSite.send(ex, 200, "User-agent: *\nDisallow: /private\n"));
            site.route("/moved", ex -> {
                ex.getResponseHeaders().set("Location", "/book/2");
                TestSite.send(ex, 301, "");
            });
            site.route("/loop", ex -> {
                ex.getResponseHeaders().set("Location", "/loop");
                TestSite.send(ex, 302, "");
            });
            site.route("/busy", ex -> TestSite.send(ex, 503, "busy"));
            site.route(
                    "/refreshed",
                    ex -> TestSite.send(
                            ex, 200, "<head><meta http-equiv=\"refresh\" content=\"0;url=/book/3\"></head>"));
            site.route("/slow", ex -> {
                try {
                    Thread.sleep(3_000);
                } catch (InterruptedException ignored) {
                }
                TestSite.send(ex, 200, "<h1>late</h1>");
            });
            String dead = "http://127.0.0.1:" + closedPort() + "/x";
            Map<String, String> seen = new TreeMap<>();
            CrawlResult r = crawl(
                    site,
                    dir,
                    (page, crawl) -> {
                        for (String path : List.of(
                                "/book/1",
                                "/moved",
                                "/refreshed",
                                "/missing",
                                "/private/a",
                                "/busy",
                                "/loop",
                                "/slow",
                                dead,
                                "http://elsewhere.example/")) {
                            record(crawl, page, path, seen);
                        }
                        crawl.emit(new Book(page.url(), "start", 0, "u0"));
                    },
                    "respect_robots=true",
                    "retry_times=1",
                    "retry_backoff=0.01",
                    "download_timeout=0.5",
                    "allowed_domains=127.0.0.1");

            assertEquals("200 Book 1", seen.get("/book/1"));
            assertEquals("200 Book 2", seen.get("/moved"), "the redirect was followed");
            assertEquals("200 Book 3", seen.get("/refreshed"), "the meta refresh was followed, as in a crawl");
            assertEquals("STATUS 404: HTTP 404", seen.get("/missing"));
            assertTrue(
                    seen.get("/private/a").startsWith("DROPPED 0 robots: dropped (robots): ")
                            && seen.get("/private/a").contains("disallowed"),
                    seen.get("/private/a"));
            assertEquals("STATUS 503: HTTP 503 (after 1 retry)", seen.get("/busy"));
            assertTrue(seen.get("/loop").startsWith("FAILED 302: redirect loop: "), seen.get("/loop"));
            assertTrue(seen.get("/slow").startsWith("TIMEOUT 0: "), seen.get("/slow"));
            assertTrue(
                    seen.get(dead).startsWith("FAILED 0: ") && seen.get(dead).contains("Connection refused"),
                    seen.get(dead));
            assertEquals("DROPPED 0 offsite: outside allowed_domains", seen.get("http://elsewhere.example/"));

            assertEquals(CrawlResult.Outcome.FINISHED, r.outcome(), r.summaryLine());
            assertEquals(1, r.items());
            assertEquals(0, r.failures(), "failures the callback caught are its own business: " + r.stats());
            assertEquals(10, r.get(InlineFetcher.STAT));
            assertEquals(7, r.get(InlineFetcher.STAT_FAILED), "all but /book/1, /moved and /refreshed: " + r.stats());
            assertEquals(2, site.hits("/busy"), "tried, then retried once");
            assertEquals(0, site.hits("/private/a"), "robots.txt forbids it");
            assertEquals(
                    1,
                    r.get("robots/fetched"),
                    "robots.txt read once for the page and its inline fetches: " + r.stats());
            assertEquals(1, r.get("retry/reason/http_503"));
            // the start page, /book/1, /moved and /book/2, /refreshed and /book/3, /missing, /busy twice, /loop, /slow
            // twice (not the dead host: its robots.txt could not be read, so robots.txt disallows it, and robots.txt is
            // no page)
            assertEquals(12, r.requests(), r.stats().toString());
        }
    }

    @Test
    void anUncaughtFailureFailsTheCallbackAsAnyExceptionDoes() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            CrawlResult r = crawl(site, dir, (page, crawl) -> {
                crawl.emit(new Book(page.url(), "before", 0, "u0"));
                crawl.fetch("/missing");
                crawl.emit(new Book(page.url() + "#never", "after", 0, "u1"));
            });
            assertEquals(1, r.get("failures/callback"), r.stats().toString());
            assertEquals(1, r.items(), "what the callback emitted before it threw is kept, as for any exception");
        }
    }

    @ParameterizedTest(name = "concurrency {0}, per domain {1}, delay {2}")
    @CsvSource({"1, 0, 0", "1, 1, 0", "2, 1, 0.02"})
    void aCallbackWaitingOnItsFetchNeverDeadlocksTheCrawl(int concurrency, int perDomain, double delay)
            throws Exception {
        try (TestSite site = TestSite.books(2)) {
            CrawlResult r = Crawler.builder(new InlineSpider(site.root(), (page, crawl) -> {
                        if (page.url().contains("/book/")) {
                            Response twin = crawl.fetch(page.url() + "?twin");
                            crawl.emit(new Book(page.url(), twin.textOf("h1"), 0, page.url()));
                            return;
                        }
                        for (var a : page.css("article.product_pod h3 a")) crawl.follow(a.attr("href"));
                        page.cssFirst("li.next a").ifPresent(a -> crawl.follow(a.attr("href")));
                    }))
                    .settings(TestSettings.fast(
                            dir.resolve("items.jsonl"),
                            "concurrency=" + concurrency,
                            "concurrency_per_domain=" + perDomain,
                            "download_delay=" + delay,
                            "max_duration=120"))
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build()
                    .run();
            assertEquals(CrawlResult.Outcome.FINISHED, r.outcome(), r.summaryLine());
            assertEquals(40, r.items(), r.stats().toString());
            assertEquals(40, r.get(InlineFetcher.STAT));
            assertEquals(2 + 40 + 40, r.requests());
        }
    }

    @Test
    void inlineFetchesCountTowardsMaxRequestsButTheCallbackInFlightFinishes() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            CrawlResult r = crawl(
                    site,
                    dir,
                    (page, crawl) -> {
                        if (page.url().contains("/book/")) return;
                        StringBuilder titles = new StringBuilder();
                        for (int i = 0; i < 3; i++)
                            titles.append(crawl.fetch("/book/" + i).textOf("h1"))
                                    .append(';');
                        crawl.emit(new Book(page.url(), titles.toString(), 0, "u0"));
                        for (var a : page.css("article.product_pod h3 a")) crawl.follow(a.attr("href"));
                    },
                    "max_requests=2");
            assertEquals("max_requests=2", r.limit(), r.summaryLine());
            assertEquals(1, r.items(), "the callback that reached the limit finished, its three fetches included");
            assertEquals(
                    4, r.requests(), "the start page and its three inline fetches; none of the 20 links: " + r.stats());
        }
    }

    @Test
    void aRedirectOrFetchOffsiteIsDroppedUnlessTheRequestSetsDontFilter() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            String other = site.url("/book/3").replace("127.0.0.1", "localhost");
            site.route("/away", ex -> {
                ex.getResponseHeaders().set("Location", other);
                TestSite.send(ex, 302, "");
            });
            Map<String, String> seen = new TreeMap<>();
            crawl(
                    site,
                    dir,
                    (page, crawl) -> {
                        record(crawl, page, "/away", seen);
                        try {
                            seen.put(
                                    "dontFilter",
                                    crawl.fetch(Request.builder(other)
                                                    .dontFilter(true)
                                                    .build())
                                            .textOf("h1"));
                        } catch (FetchException e) {
                            seen.put("dontFilter", e.getMessage());
                        }
                    },
                    "allowed_domains=127.0.0.1");
            assertEquals("DROPPED 0 offsite: redirected outside allowed_domains", seen.get("/away"));
            assertEquals("Book 3", seen.get("dontFilter"));
        }
    }

    @Test
    void aFetchSendsTheCrawlsUserAgentAndCookiesAndIsKeptByTheHttpCache() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            site.route("/", ex -> {
                ex.getResponseHeaders().add("Set-Cookie", "session=abc; Path=/");
                TestSite.send(ex, 200, "<h1>start</h1>");
            });
            site.route(
                    "/echo",
                    ex -> TestSite.send(
                            ex,
                            200,
                            "<h1>" + ex.getRequestHeaders().getFirst("User-Agent") + " | "
                                    + ex.getRequestHeaders().getFirst("Cookie") + "</h1>"));
            Map<String, String> seen = new TreeMap<>();
            String[] settings = {
                "user_agents=inline-test/1.0", "http_cache=true", "http_cache_dir=" + dir.resolve("cache")
            };
            for (int run = 0; run < 2; run++) {
                CrawlResult r = crawl(site, dir, (page, crawl) -> record(crawl, page, "/echo", seen), settings);
                assertEquals("200 inline-test/1.0 | session=abc", seen.get("/echo"), "run " + run);
                assertEquals(1, r.get(InlineFetcher.STAT));
            }
            assertEquals(1, site.hits("/echo"), "the second crawl's fetch came from the HTTP cache");
        }
    }
}
