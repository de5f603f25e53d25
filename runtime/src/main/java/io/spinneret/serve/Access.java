package io.spinneret.serve;

import com.sun.net.httpserver.HttpExchange;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * Who may use the service: a request presenting the token as {@code Authorization: Bearer <token>},
 * or a browser holding the session cookie it got by opening {@code /?token=<token>} once. The
 * cookie holds a hash of the token, never the token; it is {@code HttpOnly} and
 * {@code SameSite=Strict}, so another site's page cannot use it. Without a token (loopback only)
 * every request is allowed.
 */
final class Access {
    static final String COOKIE = "spinneret_serve";

    private final byte[] token;
    private final String session;

    Access(String token) {
        this.token = token.getBytes(StandardCharsets.UTF_8);
        this.session = token.isEmpty() ? "" : sha256("spinneret serve session\n" + token);
    }

    boolean open() {
        return token.length == 0;
    }

    boolean allows(HttpExchange exchange) {
        if (open()) return true;
        String auth = exchange.getRequestHeaders().getFirst("Authorization");
        if (auth != null
                && auth.regionMatches(true, 0, "Bearer ", 0, 7)
                && same(auth.substring(7).trim(), token)) {
            return true;
        }
        List<String> cookies = exchange.getRequestHeaders().getOrDefault("Cookie", List.of());
        for (String header : cookies) {
            for (String cookie : header.split(";")) {
                String c = cookie.trim();
                String value = c.substring(c.indexOf('=') + 1);
                if (c.startsWith(COOKIE + "=") && same(value, session.getBytes(StandardCharsets.UTF_8))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The {@code token} query parameter of a page's URL, if it is the token; the page then sets the cookie. */
    boolean tokenInQuery(HttpExchange exchange) {
        String query = exchange.getRequestURI().getRawQuery();
        if (open() || query == null) return false;
        for (String part : query.split("&")) {
            if (part.startsWith("token=")
                    && same(URLDecoder.decode(part.substring(6), StandardCharsets.UTF_8), token)) {
                return true;
            }
        }
        return false;
    }

    String sessionCookie() {
        return COOKIE + "=" + session + "; Path=/; HttpOnly; SameSite=Strict";
    }

    private static boolean same(String given, byte[] expected) {
        return MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8), expected);
    }

    private static String sha256(String s) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
