package io.spinneret.api;

import io.spinneret.url.HttpUrl;
import io.spinneret.url.UrlParser;
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
     * Resolves {@code href} against {@code base} as a browser does: by the WHATWG URL Standard's
     * basic URL parser, so {@code a\..\b} is {@code b}, tabs and newlines are
     * dropped, {@code %2e} segments resolve, IDN hosts become punycode, IPv4 number forms are
     * normalised, and the default port goes. Returns the serialization (fragment included), or
     * empty for links that are not http(s) ({@code mailto:}, {@code javascript:}, {@code data:},
     * {@code tel:}, {@code ftp:}) and for those the standard refuses (a port above 65535, an IPv4
     * number out of range, a forbidden host code point...), never throwing. An empty {@code href}
     * is the base itself, as in a browser.
     */
    public static Optional<String> resolve(String base, @Nullable String href) {
        return resolve(UrlParser.parse(base).orElse(null), href);
    }

    /** {@link #resolve(String, String)} against a base already parsed (null: none that parses). */
    static Optional<String> resolve(@Nullable HttpUrl base, @Nullable String href) {
        if (href == null) return Optional.empty();
        return UrlParser.parse(href, base).map(HttpUrl::href);
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
        String authority = url.substring(
                url.lastIndexOf('@', end - 1) >= start ? url.lastIndexOf('@', end - 1) + 1 : start + 3, end);
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
     * The canonical form of a URL used for fingerprints: the URL Standard's serialization (scheme
     * and host lower-cased, IDN hosts in punycode, IPv4 and IPv6 addresses normalised, default
     * port removed, empty path as {@code /}, dot segments removed, each component
     * percent-encoded as the standard says), then the fragment dropped, query parameters sorted,
     * and percent-encoding normalised (unreserved characters decoded, hex upper-cased). A string
     * that is not an http(s) URL is returned unchanged.
     */
    public static String canonicalize(String url) {
        return UrlCanonicalizer.canonicalize(url);
    }
}
