package io.spinneret.render;

import io.spinneret.url.HttpUrl;
import io.spinneret.url.UrlParser;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The URL pattern {@code renderer = AUTO} learns a decision for: the host (with its port) and the
 * path with its variable parts generalised. The first path segment is kept (it usually names the
 * section: {@code catalogue}, {@code js}, {@code author}) unless it holds a digit; every later
 * segment becomes {@code *}, keeping its file extension; the trailing slash is kept; of the query
 * only the sorted parameter names remain, each {@code =*}. So {@code /catalogue/page-2.html} is
 * {@code /catalogue/*.html}, {@code /catalogue/a-light_1000/index.html} is
 * {@code /catalogue/*}{@code /*.html}, {@code /js/page/2/} is {@code /js/*}{@code /*}{@code /} and
 * {@code /item?id=5&ref=x} is {@code /item?id=*&ref=*}. Stateless.
 */
public final class UrlPattern {
    private UrlPattern() {}

    /** {@code 127.0.0.1:8080/catalogue/*.html}; for a URL that does not parse, the URL itself. */
    public static String of(String url) {
        HttpUrl u = UrlParser.parse(url).orElse(null);
        if (u == null) return url;
        return u.authority() + path(u.pathname()) + query(u.query());
    }

    /** The generalised path: see the class comment. */
    static String path(String path) {
        if (path.isEmpty() || path.equals("/")) return "/";
        String[] segments = path.substring(1).split("/", -1);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < segments.length; i++) {
            String s = segments[i];
            out.append('/');
            if (s.isEmpty()) continue; // the trailing slash
            boolean keep = i == 0 && s.chars().noneMatch(Character::isDigit);
            out.append(keep ? s : "*" + extension(s));
        }
        return out.toString();
    }

    private static String extension(String segment) {
        int dot = segment.lastIndexOf('.');
        if (dot <= 0) return "";
        String ext = segment.substring(dot);
        return ext.length() <= 6 && ext.substring(1).chars().allMatch(Character::isLetter)
                ? ext.toLowerCase(Locale.ROOT)
                : "";
    }

    private static String query(String query) {
        if (query == null || query.isEmpty()) return "";
        return "?"
                + Arrays.stream(query.split("&"))
                        .map(p -> p.split("=", 2)[0])
                        .filter(n -> !n.isEmpty())
                        .distinct()
                        .sorted()
                        .map(n -> n + "=*")
                        .collect(Collectors.joining("&"));
    }
}
