package io.spinneret.api;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Why a request failed, as handed to its {@link io.spinneret.annotations.Errback errback}.
 *
 * @param request the request as it was last tried (its {@link Request#retryCount()} says how often)
 * @param reason a one-line description, as the crawl's log gives it
 * @param exception what was thrown, or null when a response arrived with an unwanted status
 * @param response the response, when one arrived (a 404 page, say); null when nothing was fetched
 */
public record Failure(
        Request request,
        String reason,
        @Nullable Throwable exception,
        @Nullable Response response) {
    public Failure {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(reason, "reason");
    }

    /**
     * True when a response arrived with a status that is not handed to callbacks (a 404, say): the
     * crawl counts it as a response it ignored ({@code http_status/404}), not as a failure, in the
     * summary, the stats file and the live page alike.
     */
    public boolean ignoredStatus() {
        return exception == null && response != null;
    }

    /** The HTTP status of {@link #response()}, or 0 when there is none. */
    public int status() {
        return response == null ? 0 : response.status();
    }
}
