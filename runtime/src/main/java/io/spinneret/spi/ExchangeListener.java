package io.spinneret.spi;

/**
 * Told of every HTTP exchange a downloader completes (a page, a redirect hop, a side request such
 * as robots.txt, an error status): the {@code warc_output} recorder is one. Not told of requests
 * that got no response (a refused connection, a timeout), nor of responses replayed from the HTTP
 * cache. Called on the downloading thread right after the response is read, so it should be quick;
 * it must be thread-safe and should not throw (what it throws is logged and ignored).
 */
@FunctionalInterface
public interface ExchangeListener {
    void exchanged(Exchange exchange);
}
