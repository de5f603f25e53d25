package io.spinneret.download.http;

import io.spinneret.api.Request;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The HTTP/1.1 request head the socket path sends: the same header rules as HttpDownloader (the
 * headers {@link java.net.http.HttpClient} sets itself are ignored from requests; User-Agent,
 * Accept and Accept-Encoding get defaults), cookies from the jar merged into one Cookie header.
 */
final class RequestHead {
    private static final Set<String> NO_EMPTY_LENGTH = Set.of("GET", "HEAD", "DELETE", "OPTIONS", "TRACE", "CONNECT");

    private RequestHead() {}

    /**
     * @param target the request target in origin form: the URL's path and query as the URL parser
     *     serialized them, sent as they are
     * @param absolutePrefix {@code http://host[:port]} to send the request target in absolute form
     *     (to a proxy), or null for origin form
     * @param proxyAuthorization the {@code Proxy-Authorization} value for the proxy, or null
     */
    static byte[] encode(
            Request request,
            String target,
            String method,
            int bodyLength,
            String hostHeader,
            String defaultUserAgent,
            @Nullable String jarCookies,
            @Nullable String absolutePrefix,
            @Nullable String proxyAuthorization) {
        StringBuilder sb = new StringBuilder(256);
        checkToken(method, "method");
        sb.append(method).append(' ');
        if (absolutePrefix != null) sb.append(absolutePrefix);
        sb.append(target);
        sb.append(" HTTP/1.1\r\nHost: ").append(hostHeader).append("\r\n");
        if (proxyAuthorization != null)
            sb.append("Proxy-Authorization: ").append(proxyAuthorization).append("\r\n");
        boolean ua = false, accept = false, encoding = false;
        String cookie = null;
        for (Map.Entry<String, String> h : request.headers().entrySet()) {
            String name = h.getKey().toLowerCase(Locale.ROOT);
            if (HttpDownloader.RESTRICTED.contains(name)
                    || (proxyAuthorization != null && name.equals("proxy-authorization"))) continue;
            checkToken(h.getKey(), "header name");
            checkValue(h.getKey(), h.getValue());
            if (name.equals("cookie") && jarCookies != null) {
                cookie = h.getValue();
                continue;
            }
            ua |= name.equals("user-agent");
            accept |= name.equals("accept");
            encoding |= name.equals("accept-encoding");
            sb.append(h.getKey()).append(": ").append(h.getValue()).append("\r\n");
        }
        if (!ua) sb.append("User-Agent: ").append(defaultUserAgent).append("\r\n");
        if (!accept) sb.append("Accept: ").append(HttpDownloader.DEFAULT_ACCEPT).append("\r\n");
        if (!encoding)
            sb.append("Accept-Encoding: ")
                    .append(ContentDecoder.ACCEPT_ENCODING)
                    .append("\r\n");
        if (jarCookies != null) {
            sb.append("Cookie: ");
            if (cookie != null && !cookie.isBlank()) sb.append(cookie).append("; ");
            sb.append(jarCookies).append("\r\n");
        }
        if (bodyLength > 0 || !NO_EMPTY_LENGTH.contains(method))
            sb.append("Content-Length: ").append(bodyLength).append("\r\n");
        sb.append("\r\n");
        return sb.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /** As {@link java.net.http.HttpRequest.Builder#header} would: a token, no separators or spaces. */
    private static void checkToken(String s, String what) {
        if (s.isEmpty()) throw new IllegalArgumentException("empty " + what);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c <= ' ' || c >= 127 || "()<>@,;:\\\"/[]?={}".indexOf(c) >= 0) {
                throw new IllegalArgumentException("invalid " + what + " '" + s + "'");
            }
        }
    }

    private static void checkValue(String name, String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\r' || c == '\n' || c > 255 || (c < ' ' && c != '\t')) {
                throw new IllegalArgumentException("invalid header value for " + name);
            }
        }
    }
}
