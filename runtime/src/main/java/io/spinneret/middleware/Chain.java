package io.spinneret.middleware;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.engine.CrawlContext;

/** The rest of the middleware chain, as seen by one {@link Middleware}. */
public interface Chain {
    /** The request as it reaches this middleware. */
    Request request();

    /** Passes a (possibly changed) request to the next middleware, ending at the downloader. */
    Response proceed(Request request) throws Exception;

    /** The crawl this request belongs to. */
    CrawlContext context();
}
