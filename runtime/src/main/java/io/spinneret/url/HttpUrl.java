package io.spinneret.url;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * An {@code http} or {@code https} URL record of the URL Standard, as {@link UrlParser} makes it:
 * every component already percent-encoded as the standard says, the host serialized (lower-case
 * ASCII domain, IPv4 dotted quad, or bracketed IPv6), the port absent ({@code -1}) when it is the
 * scheme's default. Immutable.
 *
 * @param path the path segments; never empty ({@code http://h} has the one segment {@code ""})
 */
public record HttpUrl(
        String scheme,
        String username,
        String password,
        String host,
        int port,
        List<String> path,
        @Nullable String query,
        @Nullable String fragment) {

    public HttpUrl {
        path = List.copyOf(path);
    }

    /** The URL serializer's output, fragment included: what a browser's {@code a.href} shows. */
    public String href() {
        StringBuilder out = withoutFragment();
        if (fragment != null) out.append('#').append(fragment);
        return out.toString();
    }

    /** The serialization with the fragment excluded. */
    public String hrefWithoutFragment() {
        return withoutFragment().toString();
    }

    /** {@code host} or {@code host:port}, as a {@code Host} header carries it. */
    public String authority() {
        return port < 0 ? host : host + ":" + port;
    }

    /** The port, or the scheme's default when the URL has none. */
    public int portOrDefault() {
        return port >= 0 ? port : defaultPort(scheme);
    }

    /** The request target of an origin-form request line: the path, then {@code ?} and the query if there is one. */
    public String pathAndQuery() {
        String path = pathname();
        return query == null ? path : path + "?" + query;
    }

    /** The path serialized: each segment after a {@code /}. */
    public String pathname() {
        StringBuilder out = new StringBuilder();
        for (String segment : path) out.append('/').append(segment);
        return out.toString();
    }

    private StringBuilder withoutFragment() {
        StringBuilder out = new StringBuilder(64).append(scheme).append("://");
        if (!username.isEmpty() || !password.isEmpty()) {
            out.append(username);
            if (!password.isEmpty()) out.append(':').append(password);
            out.append('@');
        }
        out.append(host);
        if (port >= 0) out.append(':').append(port);
        for (String segment : path) out.append('/').append(segment);
        if (query != null) out.append('?').append(query);
        return out;
    }

    /** The default port of {@code http} (80) or {@code https} (443). */
    static int defaultPort(String scheme) {
        return scheme.equals("https") ? 443 : 80;
    }

    @Override
    public String toString() {
        return href();
    }
}
