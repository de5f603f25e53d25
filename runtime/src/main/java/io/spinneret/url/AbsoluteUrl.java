package io.spinneret.url;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A URL a user gives on its own (a start URL, a line of {@code start_urls_file}, the URL of
 * {@code spinneret fetch}): parsed by {@link UrlParser} as a browser's address bar would take a
 * full URL, so {@code http://127.1/} is {@code http://127.0.0.1/}, or refused with a message that
 * says why ({@code port above 65535}, {@code did you mean http://127.0.0.1:8092/?}).
 */
public final class AbsoluteUrl {
    /** A scheme as the parser reads one: a letter, then letters, digits, {@code + - .}, then a colon. */
    private static final Pattern SCHEME = Pattern.compile("^([A-Za-z][A-Za-z0-9+.\\-]*):(.*)", Pattern.DOTALL);

    private AbsoluteUrl() {}

    /**
     * {@code input} parsed.
     *
     * @throws IllegalArgumentException if it is no absolute http(s) URL, with a message that quotes
     *     it and says why
     */
    public static HttpUrl parse(String input) {
        UrlParser.Result r = UrlParser.parseOrExplain(input);
        if (r.url() != null) return r.url();
        throw new IllegalArgumentException(
                "'" + input + "' is not an absolute http(s) URL: " + r.failure() + hint(input));
    }

    /** The serialization of {@link #parse}: the form every URL a user gives is crawled and sent in. */
    public static String href(String input) {
        return parse(input).href();
    }

    /**
     * {@code " (did you mean http://INPUT?)"} when {@code input} reads as a host without a scheme
     * ({@code 127.0.0.1:8092/}, {@code localhost:8080/x}, {@code example.com/}) and prefixing
     * {@code http://} makes a URL; else nothing.
     */
    private static String hint(String input) {
        String s = input.strip();
        Matcher m = SCHEME.matcher(s);
        // localhost:8080/x reads as the scheme "localhost"
        boolean noScheme = !m.matches()
                || (!m.group(2).isEmpty() && Character.isDigit(m.group(2).charAt(0)));
        if (!noScheme || s.isEmpty() || s.startsWith("/")) return "";
        return UrlParser.parse("http://" + s)
                .map(u -> " (did you mean http://" + s + "?)")
                .orElse("");
    }
}
