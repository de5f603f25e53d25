package io.spinneret.internal;

import io.spinneret.api.Crawl;
import io.spinneret.api.Response;

/**
 * Calls a spider's callback by name: a generated {@code switch} over the callback names, adapting
 * whatever the method returns into {@link Crawl#request} and {@link Crawl#emit} calls.
 * Thread-safe if the spider instance is (callbacks of one spider run concurrently).
 */
@FunctionalInterface
public interface Dispatcher {
    /**
     * @throws io.spinneret.api.UnknownCallbackException if the spider has no such callback
     * @throws Exception whatever the callback throws
     */
    void dispatch(String callback, Response response, Crawl crawl) throws Exception;
}
