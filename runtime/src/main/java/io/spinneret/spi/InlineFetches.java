package io.spinneret.spi;

import io.spinneret.api.FetchException;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.api.SpinneretException;

/**
 * What a callback's {@link io.spinneret.api.Crawl#fetch(Request)} calls: in a crawl, the engine's
 * chain; in {@code spinneret parse} and {@code shell}, the session's {@link PageFetcher}; in a
 * test, canned responses. Implementations return only 2xx responses (see {@link #require2xx}).
 */
@FunctionalInterface
public interface InlineFetches {
    /**
     * @return a 2xx response to {@code request}
     * @throws FetchException when there is none
     */
    Response fetch(Request request);

    /** For a crawl's callback outside the engine, when nothing can be fetched: throws, naming {@code where}. */
    static InlineFetches none(String where) {
        return request -> {
            throw new SpinneretException("crawl.fetch(" + request.url() + ") cannot fetch here: " + where);
        };
    }

    /**
     * {@code response} if its status is 2xx; else the {@link FetchException} of kind {@code STATUS}
     * that the callback gets, carrying the response (as an errback gets a non-2xx one).
     */
    static Response require2xx(Response response) {
        int status = response.status();
        if (status >= 200 && status < 300) return response;
        throw new FetchException(
                FetchException.Kind.STATUS, response.request(), "HTTP " + status, response, null, null);
    }
}
