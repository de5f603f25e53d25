package io.spinneret.links;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

class PageDirectivesTest {
    @Test
    void robotsComeFromMetaAndHeaderButNotFromRulesForOneCrawler() {
        var doc = Jsoup.parse(
                "<html><head><meta name=\"ROBOTS\" content=\"NoIndex, follow\"><meta name=\"googlebot\" content=\"nofollow\">"
                        + "</head><body><noscript><meta name=\"robots\" content=\"noarchive\"></noscript></body></html>",
                "http://h.test/");
        assertEquals(Set.of("noindex", "follow"), PageDirectives.of(doc).robots(List.of()));
        assertEquals(
                Set.of("noindex", "nofollow", "unavailable_after: 25 jun 2030 15:00:00 pst"),
                PageDirectives.NONE.robots(
                        List.of("none", "googlebot: noarchive, unavailable_after: 25 Jun 2030 15:00:00 PST")));
    }

    @Test
    void onlyTheHeadsOwnElementsAreDirectives() {
        var doc = Jsoup.parse(
                "<html><head><title>t</title><noscript><meta name=robots content=noindex></noscript>"
                        + "<link rel=stylesheet href=a.css></head><body><div><meta name=robots content=nofollow>"
                        + "<meta http-equiv=refresh content=\"0; url=/elsewhere\"><link rel=canonical href=/body></div></body></html>");
        PageDirectives d = PageDirectives.of(doc);
        assertEquals(
                Set.of(),
                d.robots(List.of()),
                "noscript in the head and meta in the body are not the page's directives");
        assertEquals(Optional.empty(), d.refresh());
        assertEquals(Optional.empty(), d.canonical());
    }

    @Test
    void refreshParsesTheUsualSpellings() {
        assertEquals(Optional.of(new PageDirectives.Refresh(5, "/next")), refresh("5; url=/next"));
        assertEquals(Optional.of(new PageDirectives.Refresh(0, "next.html")), refresh("0;URL='next.html'"));
        assertEquals(Optional.of(new PageDirectives.Refresh(3, "/n")), refresh("3, /n"));
        assertEquals(Optional.of(new PageDirectives.Refresh(30, "")), refresh("30"));
        assertEquals(Optional.empty(), refresh("soon"));
    }

    @Test
    void theFirstRefreshThatParsesCounts() {
        var doc =
                Jsoup.parse("<head><meta http-equiv=Refresh content=soon><meta http-equiv=refresh content=\"1;url=/a\">"
                        + "<meta http-equiv=refresh content=\"2;url=/b\"></head>");
        assertEquals(
                Optional.of(new PageDirectives.Refresh(1, "/a")),
                PageDirectives.of(doc).refresh());
    }

    private static Optional<PageDirectives.Refresh> refresh(String content) {
        return PageDirectives.of(Jsoup.parse(
                        "<html><head><meta http-equiv=\"refresh\" content=\"" + content + "\"></head></html>"))
                .refresh();
    }

    @Test
    void canonicalIsTheHrefOfLinkRelCanonical() {
        var doc = Jsoup.parse(
                "<html><head><link rel=\"alternate\" href=\"/fr\"><link rel=\"Canonical\" href=\" /page \"></head></html>");
        assertEquals(Optional.of("/page"), PageDirectives.of(doc).canonical());
    }

    @Test
    void theHeadsBytesEndAtTheFirstClosingHeadOrOpeningBody() {
        assertEquals(28, HeadBytes.end(bytes("<html><head><title>t</title></HEAD><body>")));
        assertEquals(18, HeadBytes.end(bytes("<meta name=robots><BODY class=x><p>refresh")));
        assertEquals(7, HeadBytes.end(bytes("<p>x</p")), "no head end: the whole body");
        byte[] page = bytes("<head><meta http-equiv=REFRESH content=0></head><body>robots</body>");
        int end = HeadBytes.end(page);
        assertTrue(HeadBytes.mentions(page, end, "refresh"));
        assertFalse(HeadBytes.mentions(page, end, "robots"), "a word after the head is not looked at");
        byte[] near = bytes("<meta content='rRefres rrEFRESH'>");
        assertTrue(HeadBytes.mentions(near, near.length, "refresh"), "after a false start, in any case");
        assertTrue(HeadBytes.mentions(near, near.length - 2, "refresh"), "ending right at the end");
        assertFalse(HeadBytes.mentions(near, near.length - 3, "refresh"), "cut by the end");
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
