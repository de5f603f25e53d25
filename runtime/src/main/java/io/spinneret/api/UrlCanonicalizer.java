package io.spinneret.api;

import io.spinneret.url.HttpUrl;
import io.spinneret.url.UrlParser;
import java.util.ArrayList;
import java.util.List;

/** The canonical URL form behind {@link Urls#canonicalize(String)}. */
final class UrlCanonicalizer {
    private UrlCanonicalizer() {}

    static String canonicalize(String url) {
        return isCanonical(url) ? url : slowCanonicalize(url);
    }

    /**
     * True if {@code u} is already in canonical form, checked in one pass without parsing: the
     * common case (lower-case http(s) host, no default port, a path without dot segments or
     * escapes, sorted non-empty query parameters, no fragment). Anything unusual answers false and
     * takes the full path.
     */
    static boolean isCanonical(String u) {
        int n = u.length();
        int i;
        boolean https;
        if (u.startsWith("http://")) {
            i = 7;
            https = false;
        } else if (u.startsWith("https://")) {
            i = 8;
            https = true;
        } else {
            return false;
        }
        int hostStart = i, colon = -1;
        for (; i < n; i++) {
            char c = u.charAt(i);
            if (c == '/') break;
            if (c == ':') {
                if (colon >= 0) return false;
                colon = i;
            } else if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-')) {
                return false; // upper case, user info, IPv6, '?', '#', escapes...
            }
        }
        if (i == hostStart || i == n || colon == hostStart) return false; // no host, or no path ("/" is added)
        if (!plainHost(u, hostStart, colon >= 0 ? colon : i)) return false;
        if (colon >= 0) {
            if (colon + 1 == i || u.charAt(colon + 1) == '0') return false;
            int port = 0;
            for (int k = colon + 1; k < i; k++) {
                char c = u.charAt(k);
                if (c < '0' || c > '9' || port > 65535) return false;
                port = port * 10 + (c - '0');
            }
            if (port > 65535) return false;
            if (port == (https ? 443 : 80)) return false;
        }
        char prev = 0;
        int query = -1;
        for (; i < n; i++) {
            char c = u.charAt(i);
            if (!safe(c)) return false;
            if (c == '?') {
                query = i + 1;
                break;
            }
            if (c == '.' && prev == '/') {
                char next = i + 1 < n ? u.charAt(i + 1) : '/';
                if (next == '/' || next == '?' || next == '.') return false; // a dot segment (or "..x": rare, be safe)
            }
            prev = c;
        }
        if (query < 0) return true;
        // query: non-empty parameters in sorted order
        int start = query;
        String last = null;
        for (int k = query; k <= n; k++) {
            char c = k < n ? u.charAt(k) : '&';
            if (c == '&') {
                if (k == start) return false;
                String param = u.substring(start, k);
                if (last != null && last.compareTo(param) > 0) return false;
                last = param;
                start = k + 1;
            } else if (!safe(c) || c == '\'') {
                return false; // the URL Standard percent-encodes ' in the query of http(s) URLs
            }
        }
        return true;
    }

    /**
     * False for a host the URL Standard would rewrite although it is lower-case ASCII: one that
     * ends in a number (an IPv4 address in some spelling, {@code 1.2.3}, {@code 0x7f.1}, or a
     * trailing dot after one) unless it is already a dotted quad of plain decimals.
     */
    private static boolean plainHost(String u, int start, int end) {
        if (u.charAt(end - 1) == '.') return false;
        int lastDot = u.lastIndexOf('.', end - 1);
        char first = u.charAt(lastDot < start ? start : lastDot + 1);
        if (first < '0' || first > '9') return true;
        int parts = 0;
        for (int k = start; k <= end; k++) {
            int from = k;
            while (k < end && u.charAt(k) != '.') k++;
            int len = k - from;
            if (len == 0 || len > 3 || (len > 1 && u.charAt(from) == '0')) return false;
            int v = 0;
            for (int d = from; d < k; d++) {
                char c = u.charAt(d);
                if (c < '0' || c > '9') return false;
                v = v * 10 + (c - '0');
            }
            if (v > 255 || ++parts > 4) return false;
        }
        return parts == 4;
    }

    private static boolean safe(char c) {
        return c > 0x20 && c < 0x7f && c != '%' && c != '#' && c != '"' && c != '<' && c != '>' && c != '\\' && c != '^'
                && c != '`' && c != '{' && c != '|' && c != '}' && c != '[' && c != ']';
    }

    static String slowCanonicalize(String url) {
        HttpUrl u = UrlParser.parse(url).orElse(null);
        if (u == null) return url;
        StringBuilder out = new StringBuilder(url.length() + 8);
        out.append(u.scheme()).append("://");
        if (!u.username().isEmpty() || !u.password().isEmpty()) {
            out.append(u.username());
            if (!u.password().isEmpty()) out.append(':').append(u.password());
            out.append('@');
        }
        out.append(u.authority()).append(normalizeEscapes(u.pathname(), false));
        String query = u.query();
        if (query != null && !query.isEmpty()) {
            List<String> params = new ArrayList<>();
            for (String p : query.split("&")) {
                if (!p.isEmpty()) params.add(normalizeEscapes(p, true));
            }
            params.sort(null);
            if (!params.isEmpty()) out.append('?').append(String.join("&", params));
        }
        return out.toString();
    }

    /** Decodes escapes of unreserved characters and upper-cases the hex digits of the others. */
    static String normalizeEscapes(String s, boolean query) {
        if (s.indexOf('%') < 0) return s;
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%' && i + 2 < s.length()) {
                int hi = Character.digit(s.charAt(i + 1), 16), lo = Character.digit(s.charAt(i + 2), 16);
                if (hi >= 0 && lo >= 0) {
                    char d = (char) (hi * 16 + lo);
                    if (isUnreserved(d)) {
                        out.append(d);
                    } else {
                        out.append('%')
                                .append(Character.toUpperCase(s.charAt(i + 1)))
                                .append(Character.toUpperCase(s.charAt(i + 2)));
                    }
                    i += 2;
                    continue;
                }
            }
            out.append(c);
        }
        return out.toString();
    }

    private static boolean isUnreserved(char c) {
        return (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || (c >= '0' && c <= '9')
                || c == '-'
                || c == '.'
                || c == '_'
                || c == '~';
    }
}
