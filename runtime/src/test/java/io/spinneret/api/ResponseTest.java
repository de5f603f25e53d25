package io.spinneret.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.annotations.Renderer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ResponseTest {
    private static Response page(String url, String html, Request request) {
        return new Response(
                request, url, 200, Map.of("Content-Type", List.of("text/html")), html.getBytes(StandardCharsets.UTF_8));
    }

    private static Response page(String url, String html) {
        return page(
                url,
                html,
                Request.builder(url).depth(2).renderer(Renderer.BROWSER).build());
    }

    @Test
    void xpathGivesElementsAndXpathTextsTheStringsOfTextNodesAndAttributes() {
        Response p = page(
                "http://h.test/",
                "<html><head><title>T</title></head><body><a href=\"/a\">A</a><a href=\"/b\">B</a></body></html>");
        assertEquals(List.of("T"), p.xpathTexts("//title/text()"));
        assertEquals(List.of("/a", "/b"), p.xpathTexts("//a/@href"));
        assertEquals(List.of("/a", "/b"), p.xpathTexts("//@href"), "an attribute of any element");
        assertEquals(List.of("/a", "/b"), p.xpathTexts("//body//@href"));
        assertEquals(List.of("A", "B"), p.xpathTexts("//a"));
        assertEquals(2, p.xpath("//a").size());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p.xpath("//title/text()"));
        assertEquals(
                "xpath(\"//title/text()\") selects text nodes, which are no elements: use xpathTexts(\"//title/text()\")"
                        + " for their strings",
                e.getMessage());
    }

    /** Predicates, parentheses and unions around the last step: these gave an empty list before. */
    @Test
    void xpathTextsReadsTextNodesAndAttributesWhateverFiltersOrGroupsThem() {
        Response p = page(
                "http://h.test/",
                "<html><body><p>one <b>b</b> two</p><p class=\"x\">three</p><a href=\"/a\">A</a>"
                        + "<a href=\"/b\">B</a><!-- note --></body></html>");
        assertEquals(
                List.of("one", "three"),
                p.xpathTexts("//p/text()[1]").stream().map(String::strip).toList());
        assertEquals(List.of(" two"), p.xpathTexts("(//p/text())[2]"));
        assertEquals(List.of("/b"), p.xpathTexts("(//a/@href)[2]"));
        assertEquals(List.of("/b"), p.xpathTexts("//a/@href[. = '/b']"));
        assertEquals(List.of("x", "/a", "/b"), p.xpathTexts("//a/@href | //p/@class"), "in document order");
        assertEquals(List.of(" note "), p.xpathTexts("//comment()"));
        assertEquals(List.of("one b two"), p.xpathTexts("//p[b]"));
        assertEquals(List.of("three"), p.xpathTexts("(//p)[2]/text()"));
        for (String notElements :
                List.of("//p/text()[1]", "(//a/@href)[2]", "(//p)[2]/text()", "//a | //p/text()", "//comment()")) {
            assertThrows(IllegalArgumentException.class, () -> p.xpath(notElements), notElements);
        }
        assertEquals(1, p.xpath("//p[text()='three']").size(), "text() in a predicate: still elements");
    }

    @Test
    void isHtmlReadsTheContentTypeWhateverItsCaseAndSniffsOnlyWithoutOne() {
        Request get = Request.of("http://h.test/");
        byte[] html = "<!doctype html><p>x</p>".getBytes(StandardCharsets.UTF_8);
        for (String type : List.of("text/html", "TEXT/HTML; charset=UTF-8", "Application/XHTML+XML")) {
            assertTrue(new Response(get, get.url(), 200, Map.of("Content-Type", List.of(type)), html).isHtml(), type);
        }
        for (String type : List.of("application/json", "text/htm", "image/png")) {
            assertFalse(new Response(get, get.url(), 200, Map.of("Content-Type", List.of(type)), html).isHtml(), type);
        }
        assertTrue(new Response(get, get.url(), 200, Map.of(), html).isHtml());
    }

    @Test
    void followResolvesRelativeLinksOneLevelDeeperWithTheSameRenderer() {
        Response r = page("http://h/a/b.html", "<a href='c.html'>x</a>");
        Request next = r.follow("c.html", "detail", 3).orElseThrow();
        assertEquals("http://h/a/c.html", next.url());
        assertEquals("detail", next.callback());
        assertEquals(3, next.priority());
        assertEquals(3, next.depth());
        assertEquals(Renderer.BROWSER, next.renderer());
    }

    @Test
    void followSkipsNonHttpAndMalformedLinksWithoutThrowing() {
        Response r = page("http://h/", "<p>x</p>");
        for (String href : new String[] {
            "mailto:a@b.c",
            "javascript:alert(1)",
            "data:text/plain,hi",
            "tel:123",
            "http://[::1",
            "http://",
            "",
            "   ",
            "ftp://h/x"
        }) {
            assertEquals(Optional.empty(), r.follow(href), href);
        }
    }

    @Test
    void crawlFollowReportsSkippedLinks() {
        Response r = page("http://h/", "<p>x</p>");
        List<Request> got = new ArrayList<>();
        Crawl crawl = new Crawl() {
            @Override
            public Response response() {
                return r;
            }

            @Override
            public void request(Request request) {
                got.add(request);
            }

            @Override
            public void emit(Object item) {}
        };
        assertFalse(crawl.follow("javascript:void(0)"));
        assertTrue(crawl.follow("/ok"));
        assertEquals(1, got.size());
        assertEquals("http://h/ok", got.get(0).url());
    }

    @Test
    void baseHrefIsHonoured() {
        Response r = page("http://h/a/b.html", "<html><head><base href='http://cdn.h/x/'></head><body></body></html>");
        r.document();
        assertEquals("http://cdn.h/x/c.html", r.urlJoin("c.html").orElseThrow());
    }

    @Test
    void selectorsAndText() {
        Response r = page("http://h/", "<div class=p><h1> Title  here </h1><a href='/x' id=l>L</a></div>");
        assertEquals("Title here", r.textOf("div.p h1"));
        assertEquals("", r.textOf("h2"));
        assertEquals("/x", r.attrOf("#l", "href"));
        assertEquals(1, r.css("a").size());
        assertEquals("L", r.xpath("//a").text());
        assertTrue(r.cssFirst("h3").isEmpty());
    }

    @Test
    void headersAreCaseInsensitiveAndJsonParses() {
        Response r = new Response(
                Request.of("http://h/"),
                "http://h/",
                200,
                Map.of("Content-TYPE", List.of("application/json")),
                "{\"a\":[1,2]}".getBytes(StandardCharsets.UTF_8));
        assertEquals("application/json", r.header("content-type").orElseThrow());
        assertEquals(2, r.json().get("a").get(1).asInt());
    }
}
