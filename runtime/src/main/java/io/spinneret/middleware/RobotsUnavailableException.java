package io.spinneret.middleware;

import io.spinneret.api.SpinneretException;

/**
 * Thrown by {@link RobotsMiddleware} for a request to a host whose robots.txt could not be had (5xx
 * or unreachable after retries). RFC 9309 then disallows the whole host, so the request is not
 * sent; unlike a URL that the rules disallow, which is dropped on purpose, this is a failure of the
 * crawl: the engine counts it as one and logs it with this message, and the crawl exits with 1. A
 * dead host therefore fails its requests whether robots.txt is obeyed or not. Not retried: the host
 * stays disallowed for {@code robots_error_ttl}.
 */
public final class RobotsUnavailableException extends SpinneretException {
    RobotsUnavailableException(String message) {
        super(message);
    }
}
