package io.spinneret.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.links.PageDirectives;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What a Response tells about its page: HTML or not, fragment-free URL, canonical URL, robots, refresh. */
class ResponseDirectivesTest {
    private static Response response(String url, Map<String, List<String>> headers, String body) {
        return new Response(Request.of(url), url, 200, headers, body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void htmlIsTheContentTypeElseTheSniffedBody() {
        assertTrue(
                response("http://h.test/", Map.of("Content-Type", List.of("text/html; charset=utf-8")), "plain words")
                        .isHtml());
        assertTrue(response("http://h.test/", Map.of("content-type", List.of("application/xhtml+xml")), "<x/>")
                .isHtml());
        assertFalse(response("http://h.test/", Map.of("Content-Type", List.of("text/plain")), "<html><body>")
                .isHtml());
        assertTrue(response("http://h.test/", Map.of(), "\uFEFF\n  <!DOCTYPE html><html>")
                .isHtml());
        assertTrue(response("http://h.test/", Map.of(), "<!-- a comment -->").isHtml());
        assertTrue(response("http://h.test/", Map.of(), "<P>text").isHtml());
        assertFalse(
                response("http://h.test/", Map.of(), "<pre>not in the list</pre>")
                        .isHtml(),
                "<p must be followed by space or >");
        assertFalse(response("http://h.test/", Map.of(), "{\"json\": true}").isHtml());
        assertFalse(response("http://h.test/", Map.of(), "%PDF-1.7").isHtml());
    }

    @Test
    void theUrlNeverCarriesAFragment() {
        Response r = response("http://h.test/x.html#section-2", Map.of(), "<html>");
        assertEquals("http://h.test/x.html", r.url());
        assertEquals("http://h.test/x.html#section-2", r.request().url(), "the request is what was asked for");
        assertEquals(Optional.of("http://h.test/y.html"), r.urlJoin("y.html"));
    }

    @Test
    void canonicalRobotsAndRefreshAreResolvedAgainstThePage() {
        Response r = response(
                "http://h.test/dir/a.html",
                Map.of("Content-Type", List.of("text/html"), "X-Robots-Tag", List.of("noindex")),
                "<html><head><link rel=canonical href=\"../a\"><meta name=robots content=nofollow>"
                        + "<meta http-equiv=refresh content=\"2;url=b.html\"></head></html>");
        assertEquals(Optional.of("http://h.test/a"), r.canonicalUrl());
        assertEquals(Set.of("nofollow", "noindex"), r.robots());
        assertEquals(Optional.of(new PageDirectives.Refresh(2, "http://h.test/dir/b.html")), r.metaRefresh());
        Response json = response(
                "http://h.test/a.json",
                Map.of("Content-Type", List.of("application/json"), "X-Robots-Tag", List.of("noindex")),
                "{}");
        assertEquals(Optional.empty(), json.canonicalUrl());
        assertEquals(Set.of("noindex"), json.robots(), "the header applies to any content");
    }

    @Test
    void directivesAreReadFromTheHeadOnlyWhetherOrNotThePageWasParsed() {
        String html = "<html><head><title>t</title></head><body><meta name=robots content=noindex>"
                + "<meta http-equiv=refresh content=\"0;url=b.html\"></body></html>";
        Map<String, List<String>> type = Map.of("Content-Type", List.of("text/html"));
        Response unparsed = response("http://h.test/a.html", type, html);
        assertEquals(Optional.empty(), unparsed.metaRefresh());
        assertEquals(Set.of(), unparsed.robots());
        Response parsed = response("http://h.test/a.html", type, html);
        parsed.document();
        assertEquals(Optional.empty(), parsed.metaRefresh());
        assertEquals(Set.of(), parsed.robots());
    }
}
