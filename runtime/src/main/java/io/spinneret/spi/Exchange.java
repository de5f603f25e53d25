package io.spinneret.spi;

import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One HTTP exchange as it went over the wire, for an {@link ExchangeListener}: the request as the
 * downloader sent it (its default headers, {@code Host} and cookies included) and the response as
 * the server sent it. The response body keeps its {@code Content-Encoding} (gzip stays gzip); a
 * chunked transfer coding is already removed. A browser-rendered page is the navigation's HTTP
 * response, not the DOM after scripts: its body is what the browser received, decoded, and its
 * headers say so (no {@code Content-Encoding}, a {@code Content-Length} of that body).
 *
 * <p>The arrays are shared with the downloader: do not modify them.
 *
 * @param date when the request was sent
 * @param protocol the response's protocol, e.g. {@code HTTP/1.1} or {@code HTTP/2}
 * @param requestHeaders in the order sent
 * @param reason the status line's reason phrase, {@code ""} when the protocol has none (HTTP/2)
 * @param responseHeaders in the order received where the client keeps it
 * @param remoteAddress the server's IP address, when the downloader knows it
 * @param responseHead the status line and header lines byte for byte as received, up to and with
 *     the empty line that ends them, when the downloader reads them off the wire itself (the socket
 *     client); null otherwise (HTTP/2, the JDK client, a browser), where {@code responseHeaders} is
 *     all there is
 */
public record Exchange(
        Instant date,
        String method,
        String url,
        String protocol,
        List<Header> requestHeaders,
        byte[] requestBody,
        int status,
        String reason,
        List<Header> responseHeaders,
        byte[] responseBody,
        @Nullable String remoteAddress,
        byte @Nullable [] responseHead) {

    /** One header line. */
    public record Header(String name, String value) {}

    public Exchange {
        requestHeaders = List.copyOf(requestHeaders);
        responseHeaders = List.copyOf(responseHeaders);
    }

    /** An exchange whose response head was not seen as bytes ({@code responseHead} null). */
    public Exchange(
            Instant date,
            String method,
            String url,
            String protocol,
            List<Header> requestHeaders,
            byte[] requestBody,
            int status,
            String reason,
            List<Header> responseHeaders,
            byte[] responseBody,
            @Nullable String remoteAddress) {
        this(
                date,
                method,
                url,
                protocol,
                requestHeaders,
                requestBody,
                status,
                reason,
                responseHeaders,
                responseBody,
                remoteAddress,
                null);
    }
}
