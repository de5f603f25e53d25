package io.spinneret.download.browser;

import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.options.HttpHeader;
import io.spinneret.spi.Exchange;
import io.spinneret.spi.ExchangeListener;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Tells an {@link ExchangeListener} of each rendered page's navigation. Used on the slot's thread. */
final class ExchangeReporter {
    private static final Logger LOG = LoggerFactory.getLogger(RenderWorker.class); // the slot's log

    private final int index;
    private final ExchangeListener listener;

    ExchangeReporter(int index, ExchangeListener listener) {
        this.index = index;
        this.listener = listener;
    }

    /**
     * Tells the listener of the navigation's HTTP exchange: the response as the server sent it, not
     * the DOM. The browser hands over the body decoded, so the headers lose {@code Content-Encoding}.
     * A response the browser no longer holds is not reported.
     */
    void report(Instant sent, com.microsoft.playwright.Response nav) {
        Exchange x;
        try {
            com.microsoft.playwright.Request r = nav.request();
            List<Exchange.Header> sentHeaders = new ArrayList<>();
            for (HttpHeader h : r.headersArray()) sentHeaders.add(new Exchange.Header(h.name, h.value));
            List<Exchange.Header> received = new ArrayList<>();
            for (HttpHeader h : nav.headersArray()) {
                if (!h.name.equalsIgnoreCase("content-encoding")) received.add(new Exchange.Header(h.name, h.value));
            }
            byte[] requestBody = r.postDataBuffer();
            var server = nav.serverAddr();
            x = new Exchange(
                    sent,
                    r.method(),
                    nav.url(),
                    "HTTP/1.1",
                    sentHeaders,
                    requestBody == null ? new byte[0] : requestBody,
                    nav.status(),
                    nav.statusText(),
                    received,
                    nav.body(),
                    server == null ? null : server.ipAddress);
        } catch (PlaywrightException e) {
            LOG.debug(
                    "render worker {}: the exchange of {} is not recorded: {}",
                    index,
                    nav.url(),
                    PlaywrightErrors.firstLine(e.getMessage()));
            return;
        }
        try {
            listener.exchanged(x);
        } catch (RuntimeException e) {
            LOG.warn("exchange listener {} failed on {}: {}", listener, x.url(), e.toString());
        }
    }
}
