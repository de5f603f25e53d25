package io.spinneret.api;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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
        if (colon >= 0) {
            if (colon + 1 == i || u.charAt(colon + 1) == '0') return false;
            int port = 0;
            for (int k = colon + 1; k < i; k++) {
                char c = u.charAt(k);
                if (c < '0' || c > '9' || port > 65535) return false;
                port = port * 10 + (c - '0');
            }
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
            } else if (!safe(c)) {
                return false;
            }
        }
        return true;
    }

    private static boolean safe(char c) {
        return c > 0x20 && c < 0x7f && c != '%' && c != '#' && c != '"' && c != '<' && c != '>' && c != '\\'
                && c != '^' && c != '`' && c != '{' && c != '|' && c != '}' && c != '[' && c != ']';
    }

    static String slowCanonicalize(String url) {
        URI uri;
        try {
            uri = new URI(Urls.encodeUnsafe(url.strip()));
        } catch (URISyntaxException e) {
            return url;
        }
        String scheme = uri.getScheme();
        String host = uri.getHost();
        if (scheme == null || host == null) return url;
        scheme = scheme.toLowerCase(Locale.ROOT);
        host = host.toLowerCase(Locale.ROOT);
        int port = uri.getPort();
        if ((port == 80 && scheme.equals("http")) || (port == 443 && scheme.equals("https"))) port = -1;

        String path = uri.getRawPath();
        path = (path == null || path.isEmpty()) ? "/" : normalizeEscapes(removeDotSegments(path), false);

        StringBuilder out = new StringBuilder(url.length() + 8);
        out.append(scheme).append("://");
        if (uri.getRawUserInfo() != null) out.append(uri.getRawUserInfo()).append('@');
        out.append(host);
        if (port != -1) out.append(':').append(port);
        out.append(path);
        String query = uri.getRawQuery();
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

    /** RFC 3986 section 5.2.4. */
    static String removeDotSegments(String path) {
        if (!path.contains(".")) return path;
        String[] in = path.split("/", -1);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < in.length; i++) {
            String seg = in[i];
            boolean last = i == in.length - 1;
            if (seg.equals(".")) {
                if (last) out.add("");
            } else if (seg.equals("..")) {
                if (out.size() > 1) out.remove(out.size() - 1);
                if (last) out.add("");
            } else {
                out.add(seg);
            }
        }
        String joined = String.join("/", out);
        return joined.startsWith("/") ? joined : "/" + joined;
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
                        out.append('%').append(Character.toUpperCase(s.charAt(i + 1))).append(Character.toUpperCase(s.charAt(i + 2)));
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
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || c == '-' || c == '.' || c == '_' || c == '~';
    }
}
