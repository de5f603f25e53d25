package io.spinneret.url;

import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * The {@link URI} to send a request for: a URL as the URL Standard serializes it may hold
 * characters that browsers send as they are but {@code java.net.URI} refuses ({@code |}, {@code ^},
 * {@code [}, {@code ]}, {@code {}}, a backquote or a backslash in the query, a {@code %} not
 * followed by two hex digits); those are percent-encoded here, everything else is kept.
 */
public final class WireUri {
    private WireUri() {}

    /** @throws IllegalArgumentException if even the escaped form is not a URI */
    public static URI of(String url) {
        return URI.create(escape(url));
    }

    /** {@code s} with the characters {@link URI} rejects percent-encoded (as UTF-8). */
    public static String escape(String s) {
        StringBuilder out = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean bad = c <= 0x20
                    || c >= 0x7f
                    || c == '"'
                    || c == '<'
                    || c == '>'
                    || c == '\\'
                    || c == '^'
                    || c == '`'
                    || c == '{'
                    || c == '|'
                    || c == '}'
                    || (c == '%' && !isPercentEscape(s, i))
                    || ((c == '[' || c == ']') && !inHost(s, i));
            if (bad && out == null) out = new StringBuilder(s.length() + 16).append(s, 0, i);
            if (out == null) continue;
            if (!bad) {
                out.append(c);
            } else if (Character.isHighSurrogate(c)
                    && i + 1 < s.length()
                    && Character.isLowSurrogate(s.charAt(i + 1))) {
                appendEscaped(out, s.substring(i, i + 2));
                i++;
            } else {
                appendEscaped(out, String.valueOf(c));
            }
        }
        return out == null ? s : out.toString();
    }

    /** True if position {@code i} lies in the authority (an IPv6 literal's brackets stay). */
    private static boolean inHost(String s, int i) {
        int scheme = s.indexOf("://");
        if (scheme < 0 || i < scheme + 3) return false;
        for (int k = scheme + 3; k < i; k++) {
            char c = s.charAt(k);
            if (c == '/' || c == '?' || c == '#') return false;
        }
        return true;
    }

    private static void appendEscaped(StringBuilder out, String chars) {
        for (byte b : chars.getBytes(StandardCharsets.UTF_8)) PercentEncoding.appendByte(out, b);
    }

    private static boolean isPercentEscape(String s, int i) {
        return i + 2 < s.length()
                && Character.digit(s.charAt(i + 1), 16) >= 0
                && Character.digit(s.charAt(i + 2), 16) >= 0;
    }
}
