package io.spinneret.download.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;
import io.spinneret.api.SpinneretException;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.internal.Dispatcher;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.links.LinkRule;
import io.spinneret.links.LinkSelector;
import io.spinneret.testing.TestSettings;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcRequest;

/**
 * Links as a browser follows them, checked against the request lines a raw server received: what
 * {@code java.net.URI} refuses ({@code { } | ` [ ] \}, a stray {@code %}) is followed by a link rule
 * and sent as the URL Standard serializes it, a second {@code #} is part of the fragment, and the
 * start URL {@code http://127.1:PORT/} is the browser's {@code 127.0.0.1}; {@code crawl.fetch("http:fetched/x")}
 * is resolved against the page, and the WARC archive records the same request targets. A start URL the parser refuses stops the crawl before it starts.
 */
class LinksOnTheWireTest {
    @TempDir
    Path dir;

    private static final String PAGE = "<!DOCTYPE html><html><head><title>links</title></head><body>"
            + "<a href=\"/s1?q={t}\">braces in the query</a>"
            + "<a href=\"/s2/{t}\">braces in the path</a>"
            + "<a href=\"/w1/A|B\">bar</a>"
            + "<a href=\"/p1?q=a%zz\">stray % in the query</a>"
            + "<a href=\"/%%%\">stray % in the path</a>"
            + "<a href=\"/b1/[x]\">brackets</a>"
            + "<a href=\"/g1?a=`b`&amp;c=^\">backquote and caret in the query</a>"
            + "<a href=\"/g2/`b`^\">backquote and caret in the path</a>"
            + "<a href=\"/q1?x=a\\b\">backslash in the query</a>"
            + "<a href=\"/q2/a\\b\">backslash in the path</a>"
            + "<a href=\"/h1#a#b\">two hashes</a>"
            + "<a href=\"/u1/\u00fc?\u00fc\">non-ASCII</a>"
            + "</body></html>";

    /**
     * The whole site as a rule spider: {@code /} links everywhere; its callback also follows a link
     * with two {@code #} and fetches {@code http:fetched/x} inline.
     */
    private static SpiderDefinition spider(String start) {
        return new SpiderDefinition() {
            @Override
            public String name() {
                return "wire";
            }

            @Override
            public String className() {
                return "test.WireSpider";
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
                return List.of("parse", "leaf");
            }

            @Override
            public Dispatcher newDispatcher() {
                return new Dispatcher() {
                    @Override
                    public void dispatch(String callback, Response page, Crawl crawl) {
                        if (!callback.equals("parse")) return;
                        crawl.follow("/h2#a#b", "leaf");
                        crawl.fetch("http:fetched/x"); // relative to the page, as in a browser
                    }

                    @Override
                    public List<LinkRule> linkRules() {
                        return List.of(new LinkRule(LinkSelector.DEFAULT, "leaf", 0, List.of("parse")));
                    }
                };
            }
        };
    }

    private static void serve(RawServer server, InputStream in, OutputStream out) throws IOException {
        for (RawServer.Req r; (r = server.readRequest(in)) != null; ) {
            byte[] body =
                    (r.path().equals("/") ? PAGE : "<html><body>leaf</body></html>").getBytes(StandardCharsets.UTF_8);
            RawServer.write(
                    out,
                    "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: " + body.length
                            + "\r\n\r\n");
            out.write(body);
            out.flush();
        }
    }

    @Test
    void everyLinkABrowserFollowsIsRequestedAsTheUrlStandardSerializesIt() throws Exception {
        RawServer[] holder = new RawServer[1];
        try (RawServer server = new RawServer((in, out, n) -> serve(holder[0], in, out))) {
            holder[0] = server;
            String start = server.url("/").replace("127.0.0.1", "127.1");
            Path warc = dir.resolve("crawl.warc");
            CrawlResult r = Crawler.builder(spider(start))
                    .settings(TestSettings.fast(dir.resolve("out.jsonl"), "warc_output=" + warc))
                    .progress(null)
                    .build()
                    .run();
            TreeSet<String> targets = new TreeSet<>();
            for (RawServer.Req q : server.requests)
                targets.add(q.line().substring(0, q.line().length() - " HTTP/1.1".length()));
            assertEquals(
                    new TreeSet<>(List.of(
                            "GET /",
                            "GET /s1?q={t}",
                            "GET /s2/%7Bt%7D",
                            "GET /w1/A|B",
                            "GET /p1?q=a%zz",
                            "GET /%%%",
                            "GET /b1/[x]",
                            "GET /g1?a=`b`&c=^",
                            "GET /g2/%60b%60%5E",
                            "GET /q1?x=a\\b",
                            "GET /q2/a/b",
                            "GET /h1",
                            "GET /h2",
                            "GET /fetched/x",
                            "GET /u1/%C3%BC?%C3%BC")),
                    targets);
            assertEquals(0, r.failures(), r.stats().toString());
            TreeSet<String> archived = new TreeSet<>();
            try (WarcReader reader = new WarcReader(warc)) {
                for (WarcRecord record : reader) {
                    if (record instanceof WarcRequest request)
                        archived.add(
                                request.http().method() + " " + request.http().target());
                }
            }
            assertEquals(targets, archived, "the WARC's request records hold the request targets sent");
            for (RawServer.Req q : server.requests) {
                assertEquals(
                        true, q.head().contains("\r\nHost: 127.0.0.1:"), "the Host of 127.1 is 127.0.0.1: " + q.head());
            }
        }
    }

    @Test
    void aStartUrlThatIsNoUrlIsRefusedBeforeTheCrawl() {
        SpinneretException e = assertThrows(
                SpinneretException.class,
                () -> Crawler.builder(spider("http://127.0.0.1:99999/"))
                        .settings(TestSettings.fast(dir.resolve("out.jsonl")))
                        .progress(null)
                        .build()
                        .run());
        assertEquals(
                "start URL 'http://127.0.0.1:99999/' is not an absolute http(s) URL: its port is above 65535",
                e.getMessage());
    }
}
