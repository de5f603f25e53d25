package io.spinneret.links;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.spinneret.annotations.Follow;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.PatternSyntaxException;
import org.jsoup.select.Selector;
import org.junit.jupiter.api.Test;

class LinkSelectorTest {
    private static Response page(String url, String body) {
        return new Response(
                Request.of(url),
                url,
                200,
                Map.of("Content-Type", List.of("text/html; charset=utf-8")),
                ("<html><head></head><body>" + body + "</body></html>").getBytes(StandardCharsets.UTF_8));
    }

    private static final String HOSTS = "<a href=\"/same\">1</a> <a href=\"https://shop.example.co.uk/https\">2</a>"
            + " <a href=\"http://shop.example.co.uk:8080/port\">3</a> <a href=\"http://blog.example.co.uk/sub\">4</a>"
            + " <a href=\"http://other.co.uk/other\">5</a> <a href=\"http://a.github.io/private-suffix\">6</a>";

    @Test
    void scopesCompareSchemeHostPortAndRegistrableDomain() {
        Response p = page("http://shop.example.co.uk/index.html", HOSTS);
        assertEquals(
                List.of("http://shop.example.co.uk/same"),
                p.links().scope(Follow.Scope.SAME_ORIGIN).urls());
        assertEquals(
                List.of(
                        "http://shop.example.co.uk/same",
                        "https://shop.example.co.uk/https",
                        "http://shop.example.co.uk:8080/port"),
                p.links().urls(),
                "same host is the default");
        assertEquals(
                List.of(
                        "http://shop.example.co.uk/same",
                        "https://shop.example.co.uk/https",
                        "http://shop.example.co.uk:8080/port",
                        "http://blog.example.co.uk/sub"),
                p.links().scope(Follow.Scope.SAME_DOMAIN).urls(),
                "co.uk is a public suffix");
        assertEquals(6, p.links().scope(Follow.Scope.ALL).urls().size());
        Response gh = page("http://b.github.io/", HOSTS);
        assertEquals(
                List.of("http://b.github.io/same"),
                gh.links().scope(Follow.Scope.SAME_DOMAIN).urls(),
                "github.io is a private public suffix: a.github.io is another site");
    }

    @Test
    void linksAreResolvedDeduplicatedWithoutFragmentsAndHttpOnly() {
        Response p = page(
                "http://h.test/dir/page.html",
                "<base href=\"http://h.test/base/\">"
                        + "<a href=\"x.html#one\">1</a><a href=\"x.html#two\">2</a><a href=\"x.html\">3</a><a href=\"mailto:a@h.test\">m</a>"
                        + "<a href=\"javascript:void(0)\">j</a><a href=\"ftp://h.test/f\">f</a><a href=\"#top\">top</a><a>no href</a>"
                        + "<area href=\"/map\"><link href=\"/style.css\">");
        assertEquals(
                List.of("http://h.test/base/x.html", "http://h.test/base/", "http://h.test/map"),
                p.links().urls(),
                "'#top' resolves against the <base href> as in a browser; <link> is not a default tag");
    }

    @Test
    void everyLinkABrowserFollowsIsKeptWhatJavaNetUriRefusesIncluded() {
        Response p = page(
                "http://h.test/",
                "<a href=\"/s1?q={t}\">1</a><a href=\"/w1/A|B\">2</a><a href=\"/p1?q=a%zz\">3</a>"
                        + "<a href=\"/b1/[x]\">4</a><a href=\"/%%%\">5</a><a href=\"/q1?x=a\\b`\">6</a><a href=\"/h1#a#b\">7</a>");
        List<String> expected = List.of(
                "http://h.test/s1?q={t}",
                "http://h.test/w1/A|B",
                "http://h.test/p1?q=a%zz",
                "http://h.test/b1/[x]",
                "http://h.test/%%%",
                "http://h.test/q1?x=a\\b`",
                "http://h.test/h1");
        assertEquals(expected, p.links().urls());
        assertEquals(expected, p.links().scope(Follow.Scope.SAME_ORIGIN).urls());
        assertEquals(
                List.of("http://h.test/w1/A|B", "http://h.test/b1/[x]"),
                p.links().allowGlob("/w1/**", "/b1/*").urls(),
                "a path glob matches the path as the URL parser serialized it");
    }

    @Test
    void regionsTagsAttributesPatternsAndNofollow() {
        Response p = page(
                "http://h.test/",
                "<nav><a href=\"/docs/a.html\">a</a><a href=\"/docs/b.pdf\">b</a>"
                        + "<a href=\"/docs/sub/c.html?v=1\">c</a><a rel=\"nofollow\" href=\"/docs/d.html\">d</a></nav>"
                        + "<a href=\"/docs/outside.html\">o</a><img src=\"/img/i.png\"><img src=\"/img/j.jpg\">");
        assertEquals(
                List.of("http://h.test/docs/a.html", "http://h.test/docs/sub/c.html?v=1", "http://h.test/docs/d.html"),
                p.links().css("nav").deny("\\.pdf$").urls());
        assertEquals(
                List.of("http://h.test/docs/a.html", "http://h.test/docs/d.html"),
                p.links().css("nav").allowGlob("/docs/*.html").urls(),
                "* stays within a path segment");
        assertEquals(
                List.of(
                        "http://h.test/docs/a.html",
                        "http://h.test/docs/sub/c.html?v=1",
                        "http://h.test/docs/d.html",
                        "http://h.test/docs/outside.html"),
                p.links().allowGlob("/docs/**.html*").denyGlob("**.pdf").urls());
        assertEquals(
                List.of("http://h.test/docs/a.html", "http://h.test/docs/sub/c.html?v=1"),
                p.links()
                        .css("nav")
                        .skipNofollow(true)
                        .denyGlob("http://h.test/**.pdf")
                        .urls());
        assertEquals(
                List.of("http://h.test/img/i.png"),
                p.links().tags("img").attrs("src").allowGlob("/img/*.{png,gif}").urls());
    }

    @Test
    void aNonHtmlResponseHasNoLinks() {
        Response json = new Response(
                Request.of("http://h.test/a.json"),
                "http://h.test/a.json",
                200,
                Map.of("Content-Type", List.of("application/json")),
                "{\"a\":\"<a href='/x'>x</a>\"}".getBytes(StandardCharsets.UTF_8));
        assertEquals(List.of(), json.links().urls());
    }

    @Test
    void badPatternsFailWhenTheSelectorIsBuilt() {
        assertThrows(PatternSyntaxException.class, () -> LinkSelector.DEFAULT.allow("(unclosed"));
        assertThrows(IllegalArgumentException.class, () -> LinkSelector.DEFAULT.allowGlob("/a/{b,c"));
        assertThrows(Selector.SelectorParseException.class, () -> LinkSelector.DEFAULT.css("div["));
    }
}
