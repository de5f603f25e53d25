package io.spinneret.examples.replica;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

class QuotesSiteTest {
    private static final QuotesSite SITE = QuotesSite.standard();

    @Test
    void tenPagesOfTenQuotesChainedByNextLinks() {
        Crawls.Walk walk = Crawls.walk(SITE, "", List.of("li.next a"), 100);
        assertEquals(10, walk.visited().size());
        List<String> texts = new ArrayList<>();
        for (String page : walk.visited()) {
            Document d = Crawls.parse(SITE, page);
            assertEquals(10, d.select("div.quote").size(), page);
            for (Element q : d.select("div.quote")) {
                texts.add(q.selectFirst("span.text").text());
                assertTrue(!q.selectFirst("small.author").text().isBlank());
            }
        }
        assertEquals(100, texts.stream().distinct().count());
        assertTrue(texts.stream().allMatch(t -> t.startsWith("\u201c") && t.endsWith("\u201d")));
        assertNull(Crawls.parse(SITE, "page/10/").selectFirst("li.next"));
    }

    @Test
    void quotesCarryTagsAndLinkToAuthorPages() {
        Document d = Crawls.parse(SITE, "page/3/");
        int tags = 0;
        for (Element q : d.select("div.quote")) {
            tags += q.select("a.tag").size();
            String author = q.selectFirst("small.author").text();
            Document a = Crawls.parse(
                    SITE, Crawls.path(q.selectFirst("a[href^=/author/]").absUrl("href")));
            assertEquals(author, a.selectFirst("h3.author-title").text());
            assertNotNull(a.selectFirst("span.author-born-date"));
        }
        assertTrue(tags > 0);
        String tagPath = Crawls.path(d.selectFirst("div.quote a.tag").absUrl("href"));
        assertTrue(Crawls.parse(SITE, tagPath).select("div.quote").size() > 0);
    }

    @Test
    void theJavaScriptVariantHasNoQuoteMarkupButTheSameQuotesAsData() {
        Crawls.Walk walk = Crawls.walk(SITE, "js/", List.of("li.next a"), 100);
        assertEquals(10, walk.visited().size());
        assertTrue(walk.visited().stream().allMatch(p -> p.startsWith("js/")));
        Pattern text = Pattern.compile("\"text\": \"((?:[^\"\\\\]|\\\\.)*)\"");
        for (int k = 1; k <= 10; k++) {
            String path = k == 1 ? "js/" : "js/page/" + k + "/";
            Document d = Crawls.parse(SITE, path);
            assertEquals(0, d.select("div.quote").size(), path);
            String html = new String(SITE.page(path).body(), StandardCharsets.UTF_8);
            Matcher m = text.matcher(html);
            List<String> found = new ArrayList<>();
            while (m.find())
                found.add(
                        m.group(1).replace("\\u003c", "<").replace("\\\"", "\"").replace("\\\\", "\\"));
            List<String> expected = Crawls.parse(SITE, k == 1 ? "" : "page/" + k + "/")
                    .select("div.quote span.text")
                    .eachText();
            assertEquals(expected, found, path);
        }
    }

    @Test
    void everyListedPathIsServed() {
        for (String path : SITE.paths()) assertNotNull(SITE.page(path), path);
        assertNotNull(SITE.page("author/" + SITE.catalogue().authors().get(0).slug()));
        assertNull(SITE.page("page/11/"));
        assertNull(SITE.page("js/author/x/"));
        assertNull(SITE.page("tag/no-such-tag/"));
    }
}
