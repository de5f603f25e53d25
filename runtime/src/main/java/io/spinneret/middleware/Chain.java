package io.spinneret.middleware;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.spi.CrawlContext;

/** The rest of the middleware chain, as seen by one {@link Middleware}. */
public interface Chain {
    /** The request as it reaches this middleware. */
    Request request();

    /** Passes a (possibly changed) request to the next middleware, ending at the downloader. */
    Response proceed(Request request) throws Exception;

    /**
     * Sends a side request that the calling middleware needs for itself (robots.txt is the
     * built-in case) through the rest of the chain: the middlewares after the caller, then the
     * downloader. Unlike {@link #proceed}, it may be called any number of times and does not count
     * as this chain's proceed; the caller's own request is not affected. Because it starts after the
     * caller, a side request never re-enters the middleware that sent it. The crawl does not count
     * a side request among its {@code requests} and {@code responses}: those are its pages.
     *
     * @throws Exception what a later middleware or the downloader threw
     */
    Response fetch(Request request) throws Exception;

    /** The crawl this request belongs to. */
    CrawlContext context();
}
