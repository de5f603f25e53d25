package io.spinneret.text;

import net.dankito.readability4j.Article;
import net.dankito.readability4j.Readability4J;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jspecify.annotations.Nullable;

/**
 * Finds the main content of an HTML page, the way the reader view of Firefox does (Readability4J,
 * a port of Mozilla's Readability.js): navigation, headers, footers, sidebars and ads are left out.
 * Stateless and thread-safe; each call parses the page again, because the algorithm rewrites the
 * document it reads.
 */
public final class Readable {
    private Readable() {}

    /** What the algorithm kept: the title, the content as HTML, and its text. */
    public record Extract(String title, String html, String text) {}

    /**
     * The main content of {@code html}.
     *
     * @param url the page's URL, against which the content's relative links are made absolute
     * @return an extract with empty strings when the page has no content the algorithm can find
     */
    public static Extract of(String url, String html) {
        Document doc = Jsoup.parse(html, url);
        // Readability4J makes links absolute with the URL's scheme and host only, losing its port
        // (and path, for relative links): resolved here first, as a browser would
        for (Element e : doc.select("[href]")) absolute(e, "href");
        for (Element e : doc.select("[src]")) absolute(e, "src");
        Article article = new Readability4J(url, doc).parse();
        return new Extract(
                orEmpty(article.getTitle()),
                orEmpty(article.getContent()),
                orEmpty(article.getTextContent()).strip());
    }

    private static void absolute(Element e, String attribute) {
        String abs = e.absUrl(attribute);
        if (!abs.isEmpty()) e.attr(attribute, abs);
    }

    private static String orEmpty(@Nullable String s) {
        return s == null ? "" : s;
    }
}
