package io.spinneret.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.MainContent;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.download.http.HttpDownloader;
import io.spinneret.settings.Settings;
import io.spinneret.testing.TestSite;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A page with navigation, a sidebar and a footer around an article, fetched over TCP. */
class MainContentTest {
    private static final String NAV = "Home Catalogue Basket Login";
    private static final String FOOTER = "Copyright Example Shop, all rights reserved";

    static String page() {
        StringBuilder article = new StringBuilder();
        article.append("<h1>How spiders spin</h1>");
        for (int i = 1; i <= 6; i++) {
            article.append("<p>Paragraph ")
                    .append(i)
                    .append(": orb weavers build their webs at dusk, laying a frame of")
                    .append(" dry silk, then radial threads, and last a spiral of sticky silk that catches insects,")
                    .append(" which the spider finds by the vibrations, with <a href=\"/silk/")
                    .append(i)
                    .append("\">more on silk</a> and <em>emphasis</em>.</p>");
        }
        article.append("<ul><li>frame</li><li>radii</li><li>spiral</li></ul>");
        return "<!doctype html><html><head><title>How spiders spin - Example Shop</title></head><body>"
                + "<header><nav><a href=\"/\">Home</a> <a href=\"/c\">Catalogue</a> <a href=\"/b\">Basket</a>"
                + " <a href=\"/l\">Login</a></nav></header>"
                + "<aside class=\"sidebar\"><a href=\"/x\">Offers</a><a href=\"/y\">Gift cards</a></aside>"
                + "<main><article>" + article + "</article></main>"
                + "<footer><p>" + FOOTER + "</p></footer></body></html>";
    }

    private static Response fetch(TestSite site) throws Exception {
        byte[] body = page().getBytes(StandardCharsets.UTF_8);
        site.route("/article", ex -> {
            ex.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
        });
        try (HttpDownloader downloader = new HttpDownloader(Settings.defaults())) {
            return downloader.download(Request.of(site.url("/article")));
        }
    }

    @Test
    void mainContentLeavesOutNavigationAndFooter() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            Response page = fetch(site);
            MainContent content = page.mainContent();
            assertFalse(content.isEmpty());
            assertTrue(content.text().contains("Paragraph 6: orb weavers"), content.text());
            assertFalse(content.text().contains("Catalogue"), "navigation kept: " + content.text());
            assertFalse(content.text().contains("Gift cards"), "sidebar kept: " + content.text());
            assertFalse(content.text().contains(FOOTER), "footer kept: " + content.text());
            assertTrue(page.text().contains(NAV.split(" ")[1]), "the page itself still has its navigation");
            assertTrue(content.html().contains(site.url("/silk/3")), "links are made absolute: " + content.html());
            assertTrue(content.title().startsWith("How spiders spin"), content.title());
            assertEquals(content, page.mainContent(), "found once per response");
        }
    }

    @Test
    void markdownKeepsParagraphsLinksAndLists() throws Exception {
        try (TestSite site = TestSite.books(1)) {
            String md = fetch(site).mainContent().markdown();
            assertTrue(md.contains("[more on silk](" + site.url("/silk/1") + ")"), md);
            assertTrue(md.contains("*emphasis*") || md.contains("_emphasis_"), md);
            assertTrue(
                    md.lines()
                            .anyMatch(l ->
                                    l.strip().equals("* frame") || l.strip().equals("- frame")),
                    md);
            assertFalse(md.contains("<p>"), "no HTML left: " + md);
            assertFalse(md.contains(FOOTER), md);
        }
    }

    @Test
    void aPageWithoutContentGivesEmptyStrings() {
        Response empty = new Response(
                Request.of("http://127.0.0.1/"),
                "http://127.0.0.1/",
                200,
                Map.of("Content-Type", List.of("text/html")),
                new byte[0]);
        MainContent content = empty.mainContent();
        assertEquals("", content.markdown());
        assertTrue(content.text().isEmpty(), content.text());
    }
}
