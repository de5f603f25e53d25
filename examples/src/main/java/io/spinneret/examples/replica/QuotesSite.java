package io.spinneret.examples.replica;

import io.spinneret.examples.replica.QuotesCatalogue.Author;
import io.spinneret.examples.replica.QuotesCatalogue.Quote;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The quotes.toscrape.com replica: {@code /} and {@code /page/2/} to {@code /page/10/} with ten
 * {@code div.quote} each ({@code span.text}, {@code small.author}, {@code a.tag}) chained by
 * {@code li.next}; author pages ({@code /author/<Slug>/}); tag pages ({@code /tag/<tag>/}); and the
 * JavaScript variant {@code /js/} to {@code /js/page/10/}, where the same quotes are built by an
 * inline script from a JSON array, so plain HTTP sees no {@code div.quote} and a browser sees ten.
 * Its pager is static HTML, so both can paginate.
 *
 * <p>Pages are rendered on first request and cached. Thread-safe.
 */
public final class QuotesSite implements Site {
    public static final long SEED = 20_240_502L;

    private final QuotesCatalogue catalogue;
    private final ConcurrentHashMap<String, Page> cache = new ConcurrentHashMap<>();

    private QuotesSite(QuotesCatalogue catalogue) {
        this.catalogue = catalogue;
    }

    /** The 100-quote replica. */
    public static QuotesSite standard() {
        return new QuotesSite(QuotesCatalogue.generate(SEED));
    }

    public QuotesCatalogue catalogue() {
        return catalogue;
    }

    /** Pages of the quotes listing (and of the JavaScript variant). */
    public int pages() {
        return (catalogue.quotes().size() + QuotesCatalogue.PER_PAGE - 1) / QuotesCatalogue.PER_PAGE;
    }

    @Override
    public @Nullable Page page(String path) {
        if (!path.isEmpty() && !path.endsWith("/") && !path.contains(".")) path = path + "/";
        return cache.computeIfAbsent(path, this::render); // a path with no page (null) is not cached
    }

    private @Nullable Page render(String path) {
        if (path.equals("robots.txt")) return Page.text(BooksSite.ROBOTS);
        boolean js = path.startsWith("js/");
        String rest = js ? path.substring(3) : path;
        if (rest.isEmpty()) return Page.html(listing(1, js));
        if (rest.startsWith("page/")) {
            Integer k = number(rest.substring(5));
            return k == null || k < 1 || k > pages() ? null : Page.html(listing(k, js));
        }
        if (js) return null;
        if (rest.startsWith("author/")) {
            Author a = catalogue.author(strip(rest.substring(7)));
            return a == null ? null : Page.html(author(a));
        }
        if (rest.startsWith("tag/")) {
            String t = rest.substring(4);
            int slash = t.indexOf('/');
            if (slash < 0) return null;
            String tag = t.substring(0, slash);
            String after = t.substring(slash + 1);
            Integer k = after.isEmpty()
                    ? Integer.valueOf(1)
                    : after.startsWith("page/") ? number(after.substring(5)) : null;
            List<Quote> quotes = catalogue.tagged(tag);
            if (quotes.isEmpty() || k == null || k < 1 || (k - 1) * QuotesCatalogue.PER_PAGE >= quotes.size())
                return null;
            return Page.html(tagPage(tag, quotes, k));
        }
        return null;
    }

    /** N of {@code N/}, or null. */
    private static @Nullable Integer number(String s) {
        String digits = strip(s);
        if (digits.isEmpty() || digits.length() > 4 || !digits.chars().allMatch(Character::isDigit)) return null;
        return Integer.parseInt(digits);
    }

    private static String strip(String s) {
        return s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
    }

    private String listing(int page, boolean js) {
        List<Quote> shown = slice(catalogue.quotes(), page);
        String prefix = js ? "/js" : "";
        StringBuilder b = new StringBuilder(16 * 1024);
        head(b);
        b.append("<div class=\"row\">\n    <div class=\"col-md-8\"")
                .append(js ? " id=\"quotes\"" : "")
                .append(">\n\n");
        if (js) script(b, shown);
        else for (Quote q : shown) quote(b, q);
        pager(b, prefix + "/page/", page, pages(), prefix + "/");
        b.append("    </div>\n");
        if (!js) tagsBox(b);
        b.append("</div>\n");
        tail(b);
        return b.toString();
    }

    private String tagPage(String tag, List<Quote> quotes, int page) {
        StringBuilder b = new StringBuilder(16 * 1024);
        head(b);
        b.append("<h3>Viewing tag: <a href=\"/tag/")
                .append(tag)
                .append("/page/1/\">")
                .append(tag)
                .append("</a></h3>\n");
        b.append("<div class=\"row\">\n    <div class=\"col-md-8\">\n\n");
        for (Quote q : slice(quotes, page)) quote(b, q);
        int pages = (quotes.size() + QuotesCatalogue.PER_PAGE - 1) / QuotesCatalogue.PER_PAGE;
        pager(b, "/tag/" + tag + "/page/", page, pages, "/tag/" + tag + "/page/1/");
        b.append("    </div>\n");
        tagsBox(b);
        b.append("</div>\n");
        tail(b);
        return b.toString();
    }

    private static List<Quote> slice(List<Quote> all, int page) {
        int from = (page - 1) * QuotesCatalogue.PER_PAGE;
        return all.subList(from, Math.min(all.size(), from + QuotesCatalogue.PER_PAGE));
    }

    private static void quote(StringBuilder b, Quote q) {
        b.append("    <div class=\"quote\" itemscope itemtype=\"http://schema.org/CreativeWork\">\n");
        b.append("        <span class=\"text\" itemprop=\"text\">")
                .append(Html.text(q.text()))
                .append("</span>\n");
        b.append("        <span>by <small class=\"author\" itemprop=\"author\">")
                .append(Html.text(q.author().name()))
                .append("</small>\n");
        b.append("        <a href=\"/author/").append(q.author().slug()).append("\">(about)</a>\n        </span>\n");
        b.append(
                        "        <div class=\"tags\">\n            Tags:\n            <meta class=\"keywords\" itemprop=\"keywords\" content=\"")
                .append(Html.attr(String.join(",", q.tags())))
                .append("\" />\n\n");
        for (String t : q.tags()) {
            b.append("            <a class=\"tag\" href=\"/tag/")
                    .append(t)
                    .append("/page/1/\">")
                    .append(t)
                    .append("</a>\n");
        }
        b.append("        </div>\n    </div>\n\n");
    }

    /** The JavaScript variant: the quotes as data, turned into DOM elements when the page loads. */
    private static void script(StringBuilder b, List<Quote> quotes) {
        b.append("<script type=\"text/javascript\">\n    var data = [\n");
        for (int i = 0; i < quotes.size(); i++) {
            Quote q = quotes.get(i);
            b.append("    {\n        \"tags\": [");
            for (int j = 0; j < q.tags().size(); j++)
                b.append(j > 0 ? ", " : "").append(Html.jsString(q.tags().get(j)));
            b.append("],\n        \"author\": {\n            \"name\": ")
                    .append(Html.jsString(q.author().name()))
                    .append(",\n            \"slug\": ")
                    .append(Html.jsString(q.author().slug()))
                    .append("\n        },\n        \"text\": ")
                    .append(Html.jsString(q.text()))
                    .append("\n    }")
                    .append(i + 1 < quotes.size() ? ",\n" : "\n");
        }
        b.append("    ];\n");
        b.append("""
                    (function () {
                        var box = document.getElementById("quotes");
                        function el(tag, cls, text) {
                            var e = document.createElement(tag);
                            if (cls) e.className = cls;
                            if (text) e.textContent = text;
                            return e;
                        }
                        for (var i = 0; i < data.length; i++) {
                            var d = data[i];
                            var q = el("div", "quote");
                            q.appendChild(el("span", "text", d.text));
                            var by = el("span");
                            by.appendChild(document.createTextNode("by "));
                            by.appendChild(el("small", "author", d.author.name));
                            q.appendChild(by);
                            var tags = el("div", "tags", "Tags: ");
                            for (var j = 0; j < d.tags.length; j++) {
                                var a = el("a", "tag", d.tags[j]);
                                a.href = "/tag/" + d.tags[j] + "/page/1/";
                                tags.appendChild(a);
                                tags.appendChild(document.createTextNode(" "));
                            }
                            q.appendChild(tags);
                            box.appendChild(q);
                        }
                    })();
                </script>
                """);
    }

    private static void pager(StringBuilder b, String pagePrefix, int page, int pages, String first) {
        b.append("    <nav>\n        <ul class=\"pager\">\n");
        if (page > 1) {
            b.append("            <li class=\"previous\">\n                <a href=\"")
                    .append(page == 2 ? first : pagePrefix + (page - 1) + "/")
                    .append("\"><span aria-hidden=\"true\">&larr;</span> Previous</a>\n            </li>\n");
        }
        if (page < pages) {
            b.append("            <li class=\"next\">\n                <a href=\"")
                    .append(pagePrefix)
                    .append(page + 1)
                    .append("/\">Next <span aria-hidden=\"true\">&rarr;</span></a>\n            </li>\n");
        }
        b.append("        </ul>\n    </nav>\n");
    }

    private void tagsBox(StringBuilder b) {
        b.append("    <div class=\"col-md-4 tags-box\">\n        <h2>Top Ten tags</h2>\n");
        int size = 28;
        for (String t : catalogue.topTags()) {
            b.append("        <span class=\"tag-item\">\n        <a class=\"tag\" style=\"font-size: ")
                    .append(size)
                    .append("px\" href=\"/tag/")
                    .append(t)
                    .append("/\">")
                    .append(t)
                    .append("</a>\n        </span>\n");
            size = Math.max(10, size - 2);
        }
        b.append("    </div>\n");
    }

    private String author(Author a) {
        StringBuilder b = new StringBuilder(4096);
        head(b);
        b.append("<div class=\"author-details\">\n    <h3 class=\"author-title\">")
                .append(Html.text(a.name()))
                .append("\n    </h3>\n");
        b.append("    <p><strong>Born:</strong> <span class=\"author-born-date\">")
                .append(a.born())
                .append("</span> <span class=\"author-born-location\">")
                .append(Html.text(a.location()))
                .append("</span></p>\n");
        b.append("    <p><strong>Description:</strong></p>\n    <div class=\"author-description\">\n        ")
                .append(Html.text(a.description()))
                .append("\n    </div>\n</div>\n");
        tail(b);
        return b.toString();
    }

    private static void head(StringBuilder b) {
        b.append("""
                <!DOCTYPE html>
                <html lang="en">
                <head>
                    <meta charset="UTF-8">
                    <title>Quotes to Scrape</title>
                </head>
                <body>
                    <div class="container">
                        <div class="row header-box">
                            <div class="col-md-8">
                                <h1>
                                    <a href="/" style="text-decoration: none">Quotes to Scrape</a>
                                </h1>
                            </div>
                            <div class="col-md-4">
                                <p>
                                    <a href="/login">Login</a>
                                </p>
                            </div>
                        </div>

                """);
    }

    private static void tail(StringBuilder b) {
        b.append("""
                    </div>
                    <footer class="footer">
                        <div class="container">
                            <p class="text-muted">
                                Quotes to Scrape replica, generated in-process for the Spinneret examples.
                            </p>
                        </div>
                    </footer>
                </body>
                </html>
                """);
    }

    @Override
    public List<String> paths() {
        List<String> out = new ArrayList<>();
        out.add("robots.txt");
        for (String prefix : List.of("", "js/")) {
            out.add(prefix);
            for (int k = 2; k <= pages(); k++) out.add(prefix + "page/" + k + "/");
        }
        for (Author a : catalogue.authors()) out.add("author/" + a.slug() + "/");
        for (String t : QuotesCatalogue.TAGS) {
            int n = catalogue.tagged(t).size();
            for (int k = 1; (k - 1) * QuotesCatalogue.PER_PAGE < n; k++) out.add("tag/" + t + "/page/" + k + "/");
        }
        return out;
    }
}
