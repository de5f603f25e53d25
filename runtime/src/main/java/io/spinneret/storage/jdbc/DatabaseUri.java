package io.spinneret.storage.jdbc;

import io.spinneret.api.SpinneretException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * A server database target as a user writes it after {@code -o}, e.g.
 * {@code postgresql://user:pass@host:5432/db?sslmode=require} or {@code mysql://root@127.0.0.1/crawl},
 * split into what JDBC needs. User and password may be percent-encoded; query parameters are passed
 * to the driver unchanged.
 *
 * <p>{@link #toString()} and {@link #redacted()} never contain the password, so either may go into
 * logs and error messages.
 *
 * @param scheme lower case, as written: {@code postgresql}, {@code postgres}, {@code mysql} or {@code mariadb}
 * @param port the port, or -1 when the URI has none
 * @param database the path without its slash; empty when the URI has none
 * @param params query parameters in order, decoded
 */
public record DatabaseUri(
        String scheme,
        String user,
        String password,
        String host,
        int port,
        String database,
        Map<String, String> params) {

    public DatabaseUri {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    /**
     * Parses {@code scheme://[user[:password]@]host[:port][/database][?k=v&...]}.
     *
     * @throws SpinneretException if the text is not such a URI; the message does not echo a password
     */
    public static DatabaseUri parse(String text) {
        URI uri;
        try {
            uri = new URI(text.trim());
        } catch (URISyntaxException e) {
            throw new SpinneretException("not a database URI: " + redactedText(text)
                    + " (expected scheme://user:password@host:port/database; percent-encode special characters)");
        }
        String host = uri.getHost();
        if (uri.getScheme() == null || host == null || host.isEmpty()) {
            throw new SpinneretException("not a database URI: " + redactedText(text)
                    + " (expected scheme://user:password@host:port/database)");
        }
        String user = "";
        String password = "";
        String userInfo = uri.getRawUserInfo();
        if (userInfo != null) {
            int colon = userInfo.indexOf(':');
            user = decode(colon < 0 ? userInfo : userInfo.substring(0, colon));
            password = colon < 0 ? "" : decode(userInfo.substring(colon + 1));
        }
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        String database = decode(path.startsWith("/") ? path.substring(1) : path);
        Map<String, String> params = new LinkedHashMap<>();
        String query = uri.getRawQuery();
        if (query != null && !query.isEmpty()) {
            for (String pair : query.split("&")) {
                if (pair.isEmpty()) continue;
                int eq = pair.indexOf('=');
                params.put(decode(eq < 0 ? pair : pair.substring(0, eq)), eq < 0 ? "" : decode(pair.substring(eq + 1)));
            }
        }
        return new DatabaseUri(
                uri.getScheme().toLowerCase(Locale.ROOT), user, password, host, uri.getPort(), database, params);
    }

    /** The port, or {@code defaultPort} when the URI names none. */
    public int portOr(int defaultPort) {
        return port < 0 ? defaultPort : port;
    }

    /**
     * A JDBC URL {@code jdbc:<subprotocol>://host:port/database?params}: {@code defaults} first,
     * then this URI's own parameters, which win. User and password are not in it: pass them to the
     * driver separately.
     */
    public String jdbcUrl(String subprotocol, int defaultPort, Map<String, String> defaults) {
        Map<String, String> all = new LinkedHashMap<>(defaults);
        all.putAll(params);
        all.keySet().removeIf(k -> k.equalsIgnoreCase("user") || k.equalsIgnoreCase("password"));
        String query = all.entrySet().stream()
                .map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                .collect(Collectors.joining("&"));
        return "jdbc:" + subprotocol + "://" + hostPort(portOr(defaultPort)) + "/" + encode(database)
                + (query.isEmpty() ? "" : "?" + query);
    }

    /** {@code scheme://user@host:port/database}: no password, no parameters. */
    public String redacted() {
        return scheme + "://" + (user.isEmpty() ? "" : user + "@") + hostPort(port) + "/" + database;
    }

    /** Replaces the password in a driver's message, in case a driver ever echoes it. */
    public String scrub(@Nullable String message) {
        if (message == null) return "";
        // very short passwords would mangle unrelated text; drivers do not echo passwords anyway
        return password.length() < 4 ? message : message.replace(password, "***");
    }

    @Override
    public String toString() {
        return redacted();
    }

    private String hostPort(int p) {
        String h = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        return p < 0 ? h : h + ":" + p;
    }

    /** A URI that did not parse, with anything between {@code ://} and {@code @} hidden. */
    private static String redactedText(String text) {
        int start = text.indexOf("://");
        int at = text.lastIndexOf('@');
        return start >= 0 && at > start ? text.substring(0, start + 3) + "***" + text.substring(at) : text;
    }

    private static String decode(String s) {
        return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
