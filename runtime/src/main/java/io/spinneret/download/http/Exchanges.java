package io.spinneret.download.http;

import io.spinneret.spi.Exchange;
import io.spinneret.spi.ExchangeListener;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the HTTP clients need to tell an {@link ExchangeListener} of an exchange: header lists from
 * the wire forms they keep, and a report that never lets the listener's failure reach the crawl.
 */
final class Exchanges {
    private static final Logger LOG = LoggerFactory.getLogger(Exchanges.class);

    private Exchanges() {}

    /** The header lines of an encoded request head ({@link RequestHead#encode}), in the order sent. */
    static List<Exchange.Header> ofHead(byte[] head) {
        String text = new String(head, StandardCharsets.ISO_8859_1);
        List<Exchange.Header> out = new ArrayList<>();
        String[] lines = text.split("\r\n");
        for (int i = 1; i < lines.length; i++) { // the first line is the request line
            int colon = lines[i].indexOf(':');
            if (colon > 0)
                out.add(new Exchange.Header(
                        lines[i].substring(0, colon),
                        lines[i].substring(colon + 1).trim()));
        }
        return out;
    }

    /** Header lines from a header map, names in the map's order. */
    static List<Exchange.Header> of(Map<String, List<String>> headers) {
        List<Exchange.Header> out = new ArrayList<>();
        for (Map.Entry<String, List<String>> h : headers.entrySet()) {
            if (h.getKey().startsWith(":")) continue; // HTTP/2 pseudo-headers
            for (String v : h.getValue()) out.add(new Exchange.Header(h.getKey(), v));
        }
        return out;
    }

    /** The reason phrase of a status line such as {@code HTTP/1.1 404 Not Found}, or {@code ""}. */
    static String reason(String statusLine) {
        return statusLine.length() > 13 ? statusLine.substring(13).trim() : "";
    }

    static void report(ExchangeListener listener, Exchange exchange) {
        try {
            listener.exchanged(exchange);
        } catch (RuntimeException e) {
            LOG.warn("exchange listener {} failed on {}: {}", listener, exchange.url(), e.toString());
        }
    }
}
