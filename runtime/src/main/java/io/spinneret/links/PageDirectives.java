package io.spinneret.links;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Evaluator;
import org.jsoup.select.QueryParser;
import org.jspecify.annotations.Nullable;

/**
 * What an HTML page says about itself: its robots directives ({@code <meta name="robots">} and
 * the {@code X-Robots-Tag} header), its {@code <meta http-equiv="refresh">} and its
 * {@code <link rel="canonical">}. Stateless; read through {@code Response}.
 */
public final class PageDirectives {
    private static final Evaluator META_NAMED = QueryParser.parse("meta[name][content]");
    private static final Evaluator META_HTTP_EQUIV = QueryParser.parse("meta[http-equiv][content]");
    private static final Evaluator CANONICAL = QueryParser.parse("link[rel][href]");
    /** {@code 5; url=/next}, {@code 0;URL='next.html'}, {@code 3, /next}, {@code 0}. */
    private static final Pattern REFRESH = Pattern.compile(
            "\\s*(\\d+(?:\\.\\d*)?)[^;,]*(?:[;,]\\s*(?:url\\s*=\\s*)?([\"']?)(.*?)\\2\\s*)?", Pattern.CASE_INSENSITIVE);
    /** {@code X-Robots-Tag} rules whose own value has a colon, so that a colon is not taken for a user-agent prefix. */
    private static final Set<String> VALUED = Set.of("unavailable_after", "max-snippet", "max-image-preview", "max-video-preview");

    private PageDirectives() {}

    /** A {@code <meta http-equiv="refresh">}: the delay in seconds and the target as written ({@code ""}: the page itself). */
    public record Refresh(double delay, String target) {}

    /**
     * The robots directives that apply to every crawler, lower case: {@code noindex},
     * {@code nofollow} ({@code none} counts as both) and the rest as written. From the
     * {@code <meta name="robots">} tags of {@code document} (null for a page that is not HTML) and
     * the values of the {@code X-Robots-Tag} header, leaving out rules addressed to one user agent
     * ({@code X-Robots-Tag: googlebot: noindex}).
     */
    public static Set<String> robots(@Nullable Document document, List<String> xRobotsTag) {
        Set<String> out = new LinkedHashSet<>();
        if (document != null) {
            for (Element m : document.select(META_NAMED)) {
                if (m.attr("name").equalsIgnoreCase("robots") && !insideNoscript(m)) add(m.attr("content"), out);
            }
        }
        for (String header : xRobotsTag) {
            for (String part : header.split(",")) {
                String p = part.trim().toLowerCase(Locale.ROOT);
                int colon = p.indexOf(':');
                if (colon < 0) {
                    add(p, out);
                } else if (VALUED.contains(p.substring(0, colon).trim())) {
                    out.add(p); // a rule with a value, such as unavailable_after: <date>
                } // else a rule for one user agent

            }
        }
        return out;
    }

    private static void add(String content, Set<String> out) {
        for (String d : content.toLowerCase(Locale.ROOT).split("[,\\s]+")) {
            if (d.isEmpty()) continue;
            if (d.equals("none")) {
                out.add("noindex");
                out.add("nofollow");
            } else {
                out.add(d);
            }
        }
    }

    /** The page's first {@code <meta http-equiv="refresh">} that parses, outside {@code <noscript>}. */
    public static Optional<Refresh> refresh(Document document) {
        for (Element m : document.select(META_HTTP_EQUIV)) {
            if (!m.attr("http-equiv").equalsIgnoreCase("refresh") || insideNoscript(m)) continue;
            Matcher x = REFRESH.matcher(m.attr("content"));
            if (!x.matches()) continue;
            String target = x.group(3) == null ? "" : x.group(3).trim();
            return Optional.of(new Refresh(Double.parseDouble(x.group(1)), target));
        }
        return Optional.empty();
    }

    /** The {@code href} of the page's {@code <link rel="canonical">}, as written. */
    public static Optional<String> canonical(Document document) {
        for (Element l : document.select(CANONICAL)) {
            for (String rel : l.attr("rel").toLowerCase(Locale.ROOT).split("\\s+")) {
                if (rel.equals("canonical") && !l.attr("href").isBlank()) return Optional.of(l.attr("href").trim());
            }
        }
        return Optional.empty();
    }

    private static boolean insideNoscript(Element e) {
        for (Element p = e.parent(); p != null; p = p.parent()) {
            if (p.nameIs("noscript")) return true;
        }
        return false;
    }
}
