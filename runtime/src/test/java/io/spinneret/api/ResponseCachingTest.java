package io.spinneret.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Response caches the {@code <base href>} and parsed selectors; the answers stay those of jsoup. */
class ResponseCachingTest {
    private static Response page(String url, String html) {
        return new Response(
                Request.of(url),
                url,
                200,
                Map.of("Content-Type", List.of("text/html; charset=utf-8")),
                html.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void followResolvesAgainstTheBaseHrefOnEveryLinkOfAParsedPage() {
        Response r = page(
                "http://example.com/a/b.html",
                "<html><head><base href=\"http://other.example/x/\"></head><body><a href=\"one\">1</a><a href=\"two\">2</a></body></html>");
        List<String> urls = new ArrayList<>();
        for (var a : r.css("a")) urls.add(r.follow(a.attr("href")).orElseThrow().url());
        assertEquals(List.of("http://other.example/x/one", "http://other.example/x/two"), urls);
    }

    @Test
    void withoutABaseHrefLinksResolveAgainstThePageUrl() {
        Response r = page("http://example.com/a/b.html", "<p><a href=\"c.html\">c</a></p>");
        assertEquals(
                "http://example.com/a/c.html",
                r.follow(r.attrOf("a", "href")).orElseThrow().url());
        assertEquals(
                "http://example.com/a/c.html", r.follow("c.html").orElseThrow().url());
    }

    @Test
    void cachedSelectorsGiveTheSameMatchesOnManyThreadsAtOnce() throws Exception {
        String html = "<table class=t><tr><th>UPC</th><td>u1</td></tr><tr><th>Tax</th><td>0</td></tr></table>"
                + "<ul class=b><li>a</li><li>b</li><li><a>c</a></li></ul>";
        List<Future<String>> results = new ArrayList<>();
        try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 200; i++) {
                results.add(pool.submit(() -> {
                    Response r = page("http://example.com/", html);
                    return r.textOf("table.t th:containsOwn(UPC) + td") + "|" + r.textOf("ul.b li:nth-child(3) a") + "|"
                            + r.css("ul.b > li").size() + "|"
                            + r.cssFirst("td:containsOwn(0)").isPresent();
                }));
            }
            for (Future<String> f : results) assertEquals("u1|c|3|true", f.get());
        }
    }
}
