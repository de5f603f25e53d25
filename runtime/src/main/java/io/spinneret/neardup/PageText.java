package io.spinneret.neardup;

import java.util.Locale;
import java.util.Set;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.Elements;
import org.jsoup.select.NodeFilter;

/**
 * The main text of a page for comparing pages, cheaply, on the document the callback already
 * parsed: the first {@code <main>} or {@code [role=main]}, else the page's {@code <article>} if it has
 * exactly one (a listing's many article cards are not its main text), else the body; in
 * it, the text outside {@code nav header footer aside script style noscript template form select}
 * and outside elements whose class or id marks an advert ({@code ad}, {@code ads}, {@code advert},
 * {@code advertisement}, {@code sponsor}, {@code sponsored}, {@code promo}, {@code banner}, or a
 * token starting with {@code ad-}): the parts a site repeats or varies on every page, or that are
 * not text. Cheaper than
 * {@link io.spinneret.api.Response#mainContent()} (Readability4J), which parses the page again.
 */
final class PageText {
    private static final Set<String> SKIPPED =
            Set.of("nav", "header", "footer", "aside", "script", "style", "noscript", "template", "form", "select");

    private static final Set<String> AD_TOKENS =
            Set.of("ad", "ads", "advert", "adverts", "advertisement", "sponsor", "sponsored", "promo", "banner");

    private PageText() {}

    /** Whether an element's class or id marks it as an advert. */
    static boolean isAdvert(Element e) {
        for (String token : e.classNames()) if (isAdToken(token)) return true;
        return !e.id().isEmpty() && isAdToken(e.id());
    }

    private static boolean isAdToken(String token) {
        String t = token.toLowerCase(Locale.ROOT);
        return AD_TOKENS.contains(t) || t.startsWith("ad-");
    }

    static CharSequence of(Document doc) {
        Element root = doc.selectFirst("main, [role=main]");
        if (root == null) {
            Elements articles = doc.select("article");
            root = articles.size() == 1 ? articles.first() : doc.body();
        }
        StringBuilder text = new StringBuilder();
        root.filter(new NodeFilter() {
            @Override
            public FilterResult head(Node node, int depth) {
                if (node instanceof Element e && depth > 0 && (SKIPPED.contains(e.normalName()) || isAdvert(e))) {
                    return FilterResult.SKIP_ENTIRELY;
                }
                if (node instanceof TextNode t) text.append(t.getWholeText()).append(' ');
                return FilterResult.CONTINUE;
            }
        });
        return text;
    }
}
