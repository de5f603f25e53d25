package io.spinneret.api;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * URL helpers: resolving links against a page, and the canonical form used for fingerprints.
 * All methods are pure and thread-safe.
 */
public final class Urls {
    private Urls() {}

    /**
     * Resolves {@code href} against {@code base}. Returns empty for links that are not http(s)
     * (mailto:, javascript:, data:, tel:) and for malformed ones, never throwing.
     */
    public static Optional<String> resolve(String base, @Nullable String href) {
        if (href == null) return Optional.empty();
        String h = href.strip();
        if (h.isEmpty()) return Optional.empty();
        try {
            URI baseUri = new URI(encodeUnsafe(base));
            URI resolved;
            if (h.charAt(0) == '?') {
                // java.net.URI follows RFC 2396 here and drops the last path segment; RFC 3986 keeps it
                URI ref = new URI(encodeUnsafe(h));
                String b = baseUri.toString();
                int cut = b.length();
                int q = b.indexOf('?'), f = b.indexOf('#');
                if (q >= 0) cut = q; else if (f >= 0) cut = f;
                resolved = new URI(b.substring(0, cut) + ref);
            } else {
                resolved = baseUri.resolve(new URI(encodeUnsafe(h)));
            }
            String scheme = resolved.getScheme();
            if (scheme == null || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))) {
                return Optional.empty();
            }
            if (resolved.getHost() == null) return Optional.empty();
            String path = resolved.getRawPath();
            if (path != null && path.contains("/.")) {
                // URI.resolve keeps ".." segments that climb above the root ("/../a"); RFC 3986 and
                // browsers drop them
                String clean = UrlCanonicalizer.removeDotSegments(path);
                if (!clean.equals(path)) {
                    StringBuilder b = new StringBuilder(resolved.getScheme()).append("://")
                            .append(resolved.getRawAuthority()).append(clean);
                    if (resolved.getRawQuery() != null) b.append('?').append(resolved.getRawQuery());
                    if (resolved.getRawFragment() != null) b.append('#').append(resolved.getRawFragment());
                    return Optional.of(b.toString());
                }
            }
            return Optional.of(resolved.toString());
        } catch (IllegalArgumentException | URISyntaxException e) {
            return Optional.empty();
        }
    }

    /** The URL without its fragment ({@code #...}), if it has one. */
    public static String withoutFragment(String url) {
        int hash = url.indexOf('#');
        return hash < 0 ? url : url.substring(0, hash);
    }

    /** The port of an http(s) URL, or its scheme's default (80, 443); -1 if the URL has no authority. */
    public static int port(String url) {
        int start = url.indexOf("://");
        if (start < 0) return -1;
        String host = host(url);
        int end = start + 3;
        while (end < url.length() && "/?#\\".indexOf(url.charAt(end)) < 0) end++;
        String authority = url.substring(url.lastIndexOf('@', end - 1) >= start ? url.lastIndexOf('@', end - 1) + 1 : start + 3, end);
        int after = host.length();
        if (authority.length() > after + 1 && authority.charAt(after) == ':') {
            try {
                return Integer.parseInt(authority.substring(after + 1));
            } catch (NumberFormatException e) {
                return -1;
            }
        }
        return url.regionMatches(true, 0, "https", 0, 5) ? 443 : 80;
    }

    /** Lower-case host of a URL, or {@code ""}. */
    public static String host(String url) {
        int start = url.indexOf("://");
        if (start < 0) return "";
        start += 3;
        int end = start;
        while (end < url.length()) {
            char c = url.charAt(end);
            if (c == '/' || c == '?' || c == '#' || c == '\\') break;
            end++;
        }
        int at = url.lastIndexOf('@', end - 1);
        if (at >= start) start = at + 1;
        int stop = end;
        if (start < end && url.charAt(start) == '[') {
            int close = url.indexOf(']', start);
            if (close > 0 && close < end) stop = close + 1;
        } else {
            int colon = url.indexOf(':', start);
            if (colon >= 0 && colon < end) stop = colon;
        }
        return url.substring(start, stop).toLowerCase(Locale.ROOT);
    }

    /**
     * The canonical form of a URL used for fingerprints: scheme and host lower-cased, default port
     * removed, empty path as {@code /}, dot segments removed, fragment dropped, query parameters
     * sorted, and percent-encoding normalised (unreserved characters decoded, hex upper-cased).
     * A string that is not a URL is returned unchanged.
     */
    public static String canonicalize(String url) {
        return UrlCanonicalizer.canonicalize(url);
    }

    /** Percent-encodes the characters browsers accept in hrefs but {@link URI} rejects. */
    static String encodeUnsafe(String s) {
        StringBuilder out = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean bad = c <= 0x20 || c >= 0x7f || c == '"' || c == '<' || c == '>' || c == '\\' || c == '^'
                    || c == '`' || c == '{' || c == '|' || c == '}' || (c == '%' && !isPercentEscape(s, i));
            if (bad && out == null) {
                out = new StringBuilder(s.length() + 16).append(s, 0, i);
            }
            if (out != null) {
                if (!bad) {
                    out.append(c);
                } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                    appendEscaped(out, s.substring(i, i + 2));
                    i++;
                } else {
                    appendEscaped(out, String.valueOf(c));
                }
            }
        }
        return out == null ? s : out.toString();
    }

    /** Appends the UTF-8 bytes of {@code chars} as {@code %XX} escapes. */
    private static void appendEscaped(StringBuilder out, String chars) {
        for (byte b : chars.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            out.append('%').append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xf, 16)))
                    .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
        }
    }

    private static boolean isPercentEscape(String s, int i) {
        return i + 2 < s.length() && Character.digit(s.charAt(i + 1), 16) >= 0 && Character.digit(s.charAt(i + 2), 16) >= 0;
    }
}
