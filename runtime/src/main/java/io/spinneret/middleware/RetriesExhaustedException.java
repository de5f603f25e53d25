package io.spinneret.middleware;

import io.spinneret.api.Response;
import io.spinneret.api.SpinneretException;
import org.jspecify.annotations.Nullable;

/**
 * Thrown by {@link RetryMiddleware} when a request failed on its last allowed attempt: the engine
 * counts it as a failure. The message names the URL, the number of retries and the last reason; the
 * cause is the last connection error, if that is how the last attempt failed.
 */
public final class RetriesExhaustedException extends SpinneretException {
    private final String url;
    private final int retries;
    private final String reason;
    private final transient @Nullable Response response;

    RetriesExhaustedException(
            String url, int retries, String reason, @Nullable Response response, @Nullable Throwable cause) {
        super("gave up on " + url + " after " + retries + (retries == 1 ? " retry: " : " retries: ") + reason, cause);
        this.url = url;
        this.retries = retries;
        this.reason = reason;
        this.response = response;
    }

    /** Why the last attempt failed, e.g. {@code HTTP 503} or {@code ConnectException: Connection refused}. */
    public String reason() {
        return reason;
    }

    public String url() {
        return url;
    }

    /** Retries made after the first attempt. */
    public int retries() {
        return retries;
    }

    /** The last attempt's response if it had a retryable status, null after a connection error. */
    public @Nullable Response response() {
        return response;
    }
}
