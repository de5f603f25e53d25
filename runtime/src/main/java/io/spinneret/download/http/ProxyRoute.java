package io.spinneret.download.http;

import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The HTTP proxy of a request (request meta {@code proxy}, {@code http://[user:pass@]host:port}):
 * where to connect, and the {@code Proxy-Authorization} value (Basic) its credentials make. The
 * credentials never leave this record except in that header: {@link #toString} and every message
 * built from it name {@code http://host:port} only.
 */
record ProxyRoute(String host, int port, @Nullable String authorization) {

    /** @throws IOException naming the proxy without its credentials if it is not {@code http://host:port} */
    static ProxyRoute parse(String proxy) throws IOException {
        URI p;
        try {
            p = URI.create(proxy.contains("://") ? proxy : "http://" + proxy);
        } catch (IllegalArgumentException e) {
            throw new IOException("bad proxy '" + redact(proxy) + "' in request meta: expected http://host:port");
        }
        if (p.getHost() == null || p.getPort() < 0 || !"http".equalsIgnoreCase(p.getScheme())) {
            throw new IOException("bad proxy '" + redact(proxy) + "' in request meta: expected http://host:port");
        }
        String info = p.getRawUserInfo();
        String authorization = null;
        if (info != null) {
            int colon = info.indexOf(':');
            String user = decode(colon < 0 ? info : info.substring(0, colon));
            String pass = colon < 0 ? "" : decode(info.substring(colon + 1));
            authorization =
                    "Basic " + Base64.getEncoder().encodeToString((user + ":" + pass).getBytes(StandardCharsets.UTF_8));
        }
        return new ProxyRoute(p.getHost().toLowerCase(Locale.ROOT), p.getPort(), authorization);
    }

    /** Percent-decoding; a {@code +} stays a plus (URLDecoder would make it a space). */
    private static String decode(String s) {
        return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    /** {@code proxy} with any {@code user:pass@} cut out, for messages. */
    static String redact(String proxy) {
        int scheme = proxy.indexOf("://");
        int start = scheme < 0 ? 0 : scheme + 3;
        int at = proxy.lastIndexOf('@');
        return at < start ? proxy : proxy.substring(0, start) + proxy.substring(at + 1);
    }

    /** {@code host:port}, the key of the proxy's connections. */
    String address() {
        return host + ":" + port;
    }

    @Override
    public String toString() {
        return "http://" + address();
    }
}
