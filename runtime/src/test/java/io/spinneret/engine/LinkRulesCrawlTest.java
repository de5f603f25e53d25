package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.internal.Dispatcher;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.links.LinkRule;
import io.spinneret.links.LinkSelector;
import io.spinneret.observe.RecordingListener;
import io.spinneret.testing.Book;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.TestSettings;
import io.spinneret.testing.TestSite;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A spider's link rules and the page-level directives in a crawl over TCP: one rule follows every
 * in-site link; fragments, other hosts and non-http(s) links are not fetched, no page twice; robots
 * meta and X-Robots-Tag, rel=nofollow and meta refresh do what their settings say.
 */
class LinkRulesCrawlTest {
    @TempDir
    Path dir;

    /** A whole-site spider as the processor would generate it: one rule, one item per HTML page. */
    private static SpiderDefinition site(String start) {
        return new SpiderDefinition() {
            @Override
            public String name() {
                return "site";
            }

            @Override
            public String className() {
                return "test.SiteSpider";
            }

            @Override
            public List<String> startUrls() {
                return List.of(start);
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
                    public void dispatch(String callback, Response page, Crawl crawl) {
                        if (page.isHtml())
                            crawl.emit(new Book(page.url(), page.textOf("title"), page.depth(), page.url()));
                    }

                    @Override
                    public List<LinkRule> linkRules() {
                        return List.of(new LinkRule(LinkSelector.DEFAULT, "parse", 0, List.of()));
                    }
                };
            }
        };
    }

    private static TestSite site() throws Exception {
        TestSite site = new TestSite(0, 0);
        String otherHost = site.url("/c.html").replace("127.0.0.1", "localhost");
        site.route(
                "/index.html",
                ex -> TestSite.send(
                        ex,
                        200,
                        page(
                                "index",
                                "<a href=\"a.html#top\">a</a> <a href=\"a.html#more\">a</a>"
                                        + "<a href=\"a.html\">a</a> <a href=\"/b.html\">b</a> <a href=\"mailto:x@example.com\">m</a>"
                                        + "<a href=\"" + otherHost
                                        + "\">other host</a> <a href=\"nofollow.html\">nf</a> <a href=\"noindex.html\">ni</a>"
                                        + "<a href=\"refresh.html\">r</a> <a href=\"slow-refresh.html\">sr</a> <a rel=\"sponsored nofollow\" href=\"sponsored.html\">s</a>"
                                        + "<a href=\"file.txt\">txt</a>")));
        site.route(
                "/a.html",
                ex -> TestSite.send(ex, 200, page("a", "<a href=\"index.html\">up</a> <a href=\"b.html#x\">b</a>")));
        site.route("/b.html", ex -> TestSite.send(ex, 200, page("b", "")));
        site.route(
                "/nofollow.html",
                ex -> TestSite.send(
                        ex,
                        200,
                        "<html><head><title>nofollow</title>"
                                + "<meta name=\"robots\" content=\"index, nofollow\"></head><body><a href=\"hidden.html\">h</a></body></html>"));
        site.route("/noindex.html", ex -> {
            ex.getResponseHeaders().set("X-Robots-Tag", "noindex");
            TestSite.send(ex, 200, page("noindex", "<a href=\"from-noindex.html\">f</a>"));
        });
        site.route("/from-noindex.html", ex -> TestSite.send(ex, 200, page("from-noindex", "")));
        site.route(
                "/refresh.html",
                ex -> TestSite.send(
                        ex,
                        200,
                        "<html><head><title>refresh</title>"
                                + "<meta http-equiv=\"Refresh\" content=\"0; URL='refreshed.html'\"></head><body><a href=\"never.html\">n</a></body></html>"));
        site.route("/refreshed.html", ex -> TestSite.send(ex, 200, page("refreshed", "")));
        site.route(
                "/slow-refresh.html",
                ex -> TestSite.send(
                        ex,
                        200,
                        "<html><head><title>slow</title>"
                                + "<meta http-equiv=\"refresh\" content=\"500; url=never-refreshed.html\"></head><body></body></html>"));
        site.route("/sponsored.html", ex -> TestSite.send(ex, 200, page("sponsored", "")));
        site.route("/file.txt", ex -> {
            byte[] body = "<a href=\"never.html\">not HTML</a>".getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().set("Content-Type", "text/plain");
            ex.sendResponseHeaders(200, body.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        });
        return site;
    }

    private static String page(String title, String body) {
        return "<!DOCTYPE html><html><head><title>" + title + "</title></head><body>" + body + "</body></html>";
    }

    private record Run(CrawlResult result, Set<String> itemPaths, RecordingListener events) {}

    private Run crawl(TestSite site, String start, String... settings) throws Exception {
        MemoryStorage storage = new MemoryStorage();
        RecordingListener events = new RecordingListener();
        CrawlResult r = Crawler.builder(site(start))
                .settings(TestSettings.fast(dir.resolve("out.jsonl"), settings))
                .items(List.of(BookSchema.INSTANCE))
                .storage(storage)
                .listener(events)
                .progress(null)
                .build()
                .run();
        Set<String> paths = storage.items().stream()
                .map(i -> ((Book) i).url().substring(site.url("").length()))
                .collect(Collectors.toCollection(TreeSet::new));
        return new Run(r, paths, events);
    }

    @Test
    void oneRuleCrawlsTheWholeSiteOnceWithoutFragmentsOtherHostsOrNofollowedPages() throws Exception {
        try (TestSite site = site()) {
            Run run = crawl(site, site.url("/index.html"));
            assertEquals(
                    new TreeSet<>(List.of(
                            "/a.html",
                            "/b.html",
                            "/from-noindex.html",
                            "/index.html",
                            "/nofollow.html",
                            "/refreshed.html",
                            "/slow-refresh.html",
                            "/sponsored.html")),
                    run.itemPaths(),
                    "one item per HTML page, no fragment; none for the noindex page, the refreshing page or the text file");
            for (String path : List.of(
                    "/index.html",
                    "/a.html",
                    "/b.html",
                    "/nofollow.html",
                    "/noindex.html",
                    "/from-noindex.html",
                    "/refresh.html",
                    "/refreshed.html",
                    "/slow-refresh.html",
                    "/sponsored.html",
                    "/file.txt")) {
                assertEquals(1, site.hits(path), path + " fetched once: " + site.hits);
            }
            for (String path : List.of("/c.html", "/hidden.html", "/never.html", "/never-refreshed.html")) {
                assertEquals(0, site.hits(path), path + " is not followed: " + site.hits);
            }
            assertEquals(1, run.result().get("redirects"), "the meta refresh counts as a redirect");
            assertEquals(
                    1, run.result().get("dropped/noindex"), run.result().stats().toString());
            assertEquals(
                    List.of("item-dropped noindex"),
                    run.events().events.stream()
                            .filter(e -> e.startsWith("item-dropped"))
                            .toList(),
                    "listeners are told of the noindex page's item");
            assertEquals(0, run.result().failures());
        }
    }

    @Test
    void theDirectivesAreSettings() throws Exception {
        try (TestSite site = site()) {
            Run run = crawl(
                    site,
                    site.url("/index.html"),
                    "skip_nofollow_links=true",
                    "respect_robots_meta=false",
                    "meta_refresh=false");
            assertEquals(0, site.hits("/sponsored.html"), "rel=nofollow skipped");
            assertEquals(1, site.hits("/hidden.html"), "the nofollow page's links followed");
            assertEquals(0, site.hits("/refreshed.html"), "the refresh is not followed");
            assertTrue(
                    run.itemPaths().containsAll(List.of("/noindex.html", "/refresh.html")),
                    run.itemPaths().toString());
            assertEquals(0, run.result().get("redirects"));
        }
    }

    @Test
    void aPageReachedThroughAFragmentHasNoFragmentInItsUrl() throws Exception {
        try (TestSite site = site()) {
            Run run = crawl(site, site.url("/b.html#section-2"));
            assertEquals(Set.of("/b.html"), run.itemPaths());
        }
    }

    @Test
    void allowedDomainsWithAPortAdmitTheSiteOnThatPort() throws Exception {
        try (TestSite site = site()) {
            String hostPort = site.url("").substring("http://".length());
            Run run = crawl(site, site.url("/index.html"), "allowed_domains=" + hostPort);
            assertTrue(run.itemPaths().contains("/b.html"), run.itemPaths().toString());
            assertEquals(0, run.result().get("dropped/offsite"), "every rule link is on 127.0.0.1:port");
        }
    }
}
