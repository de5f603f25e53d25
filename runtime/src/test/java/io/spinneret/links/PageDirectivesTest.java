package io.spinneret.links;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

class PageDirectivesTest {
    @Test
    void robotsComeFromMetaAndHeaderButNotFromRulesForOneCrawler() {
        var doc = Jsoup.parse("<html><head><meta name=\"ROBOTS\" content=\"NoIndex, follow\"><meta name=\"googlebot\" content=\"nofollow\">"
                + "</head><body><noscript><meta name=\"robots\" content=\"noarchive\"></noscript></body></html>", "http://h.test/");
        assertEquals(Set.of("noindex", "follow"), PageDirectives.robots(doc, List.of()));
        assertEquals(Set.of("noindex", "nofollow", "unavailable_after: 25 jun 2030 15:00:00 pst"),
                PageDirectives.robots(null, List.of("none", "googlebot: noarchive, unavailable_after: 25 Jun 2030 15:00:00 PST")));
    }

    @Test
    void refreshParsesTheUsualSpellings() {
        assertEquals(Optional.of(new PageDirectives.Refresh(5, "/next")), refresh("5; url=/next"));
        assertEquals(Optional.of(new PageDirectives.Refresh(0, "next.html")), refresh("0;URL='next.html'"));
        assertEquals(Optional.of(new PageDirectives.Refresh(3, "/n")), refresh("3, /n"));
        assertEquals(Optional.of(new PageDirectives.Refresh(30, "")), refresh("30"));
        assertEquals(Optional.empty(), refresh("soon"));
    }

    private static Optional<PageDirectives.Refresh> refresh(String content) {
        return PageDirectives.refresh(Jsoup.parse("<html><head><meta http-equiv=\"refresh\" content=\"" + content + "\"></head></html>"));
    }

    @Test
    void canonicalIsTheHrefOfLinkRelCanonical() {
        var doc = Jsoup.parse("<html><head><link rel=\"alternate\" href=\"/fr\"><link rel=\"Canonical\" href=\" /page \"></head></html>");
        assertEquals(Optional.of("/page"), PageDirectives.canonical(doc));
    }
}
