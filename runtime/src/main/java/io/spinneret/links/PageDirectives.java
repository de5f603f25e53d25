package io.spinneret.links;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jspecify.annotations.Nullable;

/**
 * What an HTML page says about itself in its {@code <head>}: its robots directives
 * ({@code <meta name="robots">}, with the {@code X-Robots-Tag} header), its
 * {@code <meta http-equiv="refresh">} and its {@code <link rel="canonical">}. Read in one pass over
 * the head's own elements ({@link #of}): a tag in the body, or inside a {@code <noscript>}, is not
 * a directive of the page. Immutable; read through {@code Response}.
 */
public final class PageDirectives {
    /** A page with no directives in its head (or no head: not HTML). */
    public static final PageDirectives NONE = new PageDirectives(List.of(), null, null);

    /** {@code 5; url=/next}, {@code 0;URL='next.html'}, {@code 3, /next}, {@code 0}. */
    private static final Pattern REFRESH = Pattern.compile(
            "\\s*(\\d+(?:\\.\\d*)?)[^;,]*(?:[;,]\\s*(?:url\\s*=\\s*)?([\"']?)(.*?)\\2\\s*)?", Pattern.CASE_INSENSITIVE);
    /** {@code X-Robots-Tag} rules whose own value has a colon, so that a colon is not taken for a user-agent prefix. */
    private static final Set<String> VALUED =
            Set.of("unavailable_after", "max-snippet", "max-image-preview", "max-video-preview");

    private final List<String> robotsMeta;
    private final @Nullable Refresh refresh;
    private final @Nullable String canonical;

    private PageDirectives(List<String> robotsMeta, @Nullable Refresh refresh, @Nullable String canonical) {
        this.robotsMeta = robotsMeta;
        this.refresh = refresh;
        this.canonical = canonical;
    }

    /** A {@code <meta http-equiv="refresh">}: the delay in seconds and the target as written ({@code ""}: the page itself). */
    public record Refresh(double delay, String target) {}

    /** The directives of {@code document}'s head, from one pass over the head's child elements. */
    public static PageDirectives of(Document document) {
        List<String> robots = List.of();
        Refresh refresh = null;
        String canonical = null;
        for (Element e = document.head().firstElementChild(); e != null; e = e.nextElementSibling()) {
            if (e.nameIs("meta")) {
                if (e.attr("name").equalsIgnoreCase("robots") && e.hasAttr("content")) {
                    if (robots.isEmpty()) robots = new ArrayList<>(1);
                    robots.add(e.attr("content"));
                } else if (refresh == null && e.attr("http-equiv").equalsIgnoreCase("refresh")) {
                    refresh = refresh(e.attr("content"));
                }
            } else if (canonical == null && e.nameIs("link") && isCanonical(e)) {
                canonical = e.attr("href").trim();
            }
        }
        return robots.isEmpty() && refresh == null && canonical == null
                ? NONE
                : new PageDirectives(robots, refresh, canonical);
    }

    /**
     * The robots directives that apply to every crawler, lower case: {@code noindex},
     * {@code nofollow} ({@code none} counts as both) and the rest as written. From the head's
     * {@code <meta name="robots">} tags and the values of the {@code X-Robots-Tag} header, leaving
     * out rules addressed to one user agent ({@code X-Robots-Tag: googlebot: noindex}).
     */
    public Set<String> robots(List<String> xRobotsTag) {
        if (robotsMeta.isEmpty() && xRobotsTag.isEmpty()) return Set.of();
        Set<String> out = new LinkedHashSet<>();
        for (String content : robotsMeta) add(content, out);
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
        return Collections.unmodifiableSet(out);
    }

    /** The head's first {@code <meta http-equiv="refresh">}, if its content parses. */
    public Optional<Refresh> refresh() {
        return Optional.ofNullable(refresh);
    }

    /** The {@code href} of the head's first {@code <link rel="canonical">}, as written. */
    public Optional<String> canonical() {
        return Optional.ofNullable(canonical);
    }

    /** Adds the directives of one comma- or space-separated list. */
    private static void add(String content, Set<String> out) {
        for (String d : tokens(content.toLowerCase(Locale.ROOT), true)) {
            if (d.equals("none")) {
                out.add("noindex");
                out.add("nofollow");
            } else {
                out.add(d);
            }
        }
    }

    /**
     * The words of a space-separated (and with {@code commas}, comma-separated) list; split by hand,
     * as this runs for every page and {@code String.split} compiles its regex on every call.
     */
    private static List<String> tokens(String list, boolean commas) {
        List<String> out = new ArrayList<>(2);
        for (int i = 0, n = list.length(); i < n; ) {
            while (i < n && separates(list.charAt(i), commas)) i++;
            int start = i;
            while (i < n && !separates(list.charAt(i), commas)) i++;
            if (start < i) out.add(list.substring(start, i));
        }
        return out;
    }

    private static boolean separates(char c, boolean commas) {
        return c == ',' && commas || Character.isWhitespace(c);
    }

    private static @Nullable Refresh refresh(String content) {
        Matcher x = REFRESH.matcher(content);
        if (!x.matches()) return null;
        String target = x.group(3) == null ? "" : x.group(3).trim();
        return new Refresh(Double.parseDouble(x.group(1)), target);
    }

    private static boolean isCanonical(Element link) {
        if (link.attr("href").isBlank()) return false;
        for (String rel : tokens(link.attr("rel"), false)) {
            if (rel.equalsIgnoreCase("canonical")) return true;
        }
        return false;
    }
}
