package io.spinneret.settings;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What is shown of a setting's value wherever it leaves the process's memory in a readable form (a
 * log line, an error, {@code --print-settings}, the service's API): every password of a URL's user
 * info replaced by {@code ***}. A value may be a list of URLs ({@code output}, {@code proxies},
 * {@code redis_url} of a cluster); each comma-separated part is redacted on its own. The one place
 * that decides what a redacted URL looks like.
 */
public final class Secrets {
    private Secrets() {}

    /**
     * {@code value} with the password of each URL's user info replaced by {@code ***}
     * ({@code postgresql://crawler:***@db/books}, {@code http://u:***@proxy:3128}), however
     * malformed the URL; a user info without a password is taken as a secret too
     * ({@code redis://***@h}, a Redis password given alone).
     */
    public static String redact(String value) {
        if (value.indexOf('@') < 0) return value;
        StringBuilder out = new StringBuilder(value.length());
        int from = 0;
        while (true) {
            int comma = value.indexOf(',', from);
            out.append(redactOne(value.substring(from, comma < 0 ? value.length() : comma)));
            if (comma < 0) return out.toString();
            out.append(',');
            from = comma + 1;
        }
    }

    /** {@code settings} with each value {@linkplain #redact redacted}, in their order. */
    public static Map<String, String> redact(Map<String, String> settings) {
        Map<String, String> out = new LinkedHashMap<>();
        settings.forEach((k, v) -> out.put(k, redact(v)));
        return out;
    }

    private static String redactOne(String url) {
        int start = url.indexOf("://");
        start = start < 0 ? 0 : start + 3;
        int end = url.length();
        for (char stop : new char[] {'/', '?', '#'}) {
            int i = url.indexOf(stop, start);
            if (i >= 0) end = Math.min(end, i);
        }
        int at = url.lastIndexOf('@', end - 1);
        if (at < start) return url;
        String info = url.substring(start, at);
        if (info.chars().anyMatch(Character::isWhitespace)) return url; // no user info: text, such as a user agent
        int c = info.indexOf(':');
        String shown = c < 0 ? "***" : info.substring(0, c) + ":***";
        return url.substring(0, start) + shown + url.substring(at);
    }
}
