package io.spinneret.processor;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The check of a URL literal given to {@code crawl.fetch}, {@code crawl.follow} or
 * {@code Request.of}/{@code Request.builder}: the runtime resolves it against the page with the
 * WHATWG URL rules, so a relative reference ({@code /page/2}, {@code ?p=2}, {@code //host/x}) and
 * an absolute http(s) URL are fine, and anything with another scheme ({@code mailto:},
 * {@code javascript:}, {@code ftp://}, or {@code localhost:8080/x}, whose scheme is
 * {@code localhost}) can never be fetched: a {@code follow} would skip it without a word, a
 * {@code fetch} or {@code Request.of} would throw on every page.
 */
final class UrlLiterals {
    /** A scheme as the WHATWG URL parser reads one: a letter, then letters, digits, {@code + - .}, then a colon. */
    private static final Pattern SCHEME = Pattern.compile("^([A-Za-z][A-Za-z0-9+.\\-]*):(.*)", Pattern.DOTALL);

    private UrlLiterals() {}

    /** The error message for {@code literal}, if it has a scheme other than http(s). */
    static Optional<String> check(String literal) {
        // the URL parser strips leading and trailing C0 controls and spaces first
        Matcher m = SCHEME.matcher(literal.strip());
        if (!m.matches()) return Optional.empty();
        String scheme = m.group(1).toLowerCase(Locale.ROOT);
        if (scheme.equals("http") || scheme.equals("https")) return Optional.empty();
        boolean hostAndPort =
                !m.group(2).isEmpty() && Character.isDigit(m.group(2).charAt(0)); // localhost:8080/x
        String hint = hostAndPort ? " (did you mean 'http://" + literal.strip() + "'?)" : "";
        return Optional.of(Message.BAD_URL.format(literal, m.group(1), hint));
    }
}
