package io.spinneret.spi;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import java.io.IOException;

/**
 * Fetches one request. Implementations are thread-safe and block the calling (virtual) thread.
 * Redirects are not followed here: a 3xx response is returned as is and the engine follows it,
 * so that every hop is deduplicated and passes through the middleware.
 */
public interface Downloader extends AutoCloseable {
    /**
     * @throws IOException on connection errors, timeouts and bodies over the size limit; the
     *     message says which
     */
    Response download(Request request) throws IOException, InterruptedException;

    @Override
    default void close() {}
}
