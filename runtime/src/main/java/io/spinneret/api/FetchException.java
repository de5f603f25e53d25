package io.spinneret.api;

import java.net.SocketTimeoutException;
import java.net.http.HttpTimeoutException;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * An inline fetch ({@link Crawl#fetch(Request)}) that brought no 2xx response: what a crawl would
 * have handed to the request's errback, thrown into the callback that asked for it. Unchecked, so a
 * callback that does not catch it fails as with any exception (logged, counted, the crawl goes on);
 * one that catches it decides: skip the item, emit it without the extra data, schedule something.
 *
 * <pre>{@code
 * try {
 *     JsonNode stock = crawl.fetch(apiUrl).json();
 * } catch (FetchException e) {
 *     if (e.kind() != FetchException.Kind.STATUS || e.status() != 404) throw e;
 * }
 * }</pre>
 *
 * <p>{@link Kind#STOPPING} is special: the crawl is stopping (a signal, or the drain after a limit
 * ran out of time) and the fetch was not made or not finished. The engine then discards what the
 * callback emitted, caught or not, and gives the request back to the scheduler, so a resumed crawl
 * runs the whole callback again.
 */
public class FetchException extends SpinneretException {
    /** Why there is no 2xx response. */
    public enum Kind {
        /** A response arrived with a status outside 2xx ({@link #response()} holds it; 5xx after the retries). */
        STATUS,
        /** A middleware dropped the request on purpose: robots.txt, {@code allowed_domains}, one of your own ({@link #dropReason()}). */
        DROPPED,
        /** The download timed out (after its retries). */
        TIMEOUT,
        /** Any other download failure: refused connection, blocked address, body too large, redirects that cannot be followed. */
        FAILED,
        /** The crawl is stopping; the request whose callback asked is requeued and redone by {@code --resume}. */
        STOPPING
    }

    private final Kind kind;
    private final Request request;
    private final String reason;
    private final @Nullable Response response;
    private final @Nullable String dropReason;

    /**
     * @param request the request as it was last tried (after redirects and retries)
     * @param reason one line, as a crawl's log gives it ({@code HTTP 404}, {@code blocked by robots.txt})
     * @param response the non-2xx response, if one arrived
     * @param dropReason the stats key of a {@link DropRequest} ({@code robots}, {@code offsite}), for {@link Kind#DROPPED}
     */
    public FetchException(
            Kind kind,
            Request request,
            String reason,
            @Nullable Response response,
            @Nullable String dropReason,
            @Nullable Throwable cause) {
        super("inline fetch of " + request.method() + " " + request.url() + " failed: " + reason, cause);
        this.kind = Objects.requireNonNull(kind, "kind");
        this.request = request;
        this.reason = Objects.requireNonNull(reason, "reason");
        this.response = response;
        this.dropReason = dropReason;
    }

    /** The kind of a download failure {@code t}: {@link Kind#TIMEOUT} when a timeout is among its causes, else {@link Kind#FAILED}. */
    public static Kind downloadFailure(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof SocketTimeoutException || c instanceof HttpTimeoutException) return Kind.TIMEOUT;
        }
        return Kind.FAILED;
    }

    public Kind kind() {
        return kind;
    }

    /** The request as it was last tried: after its redirects, with its {@link Request#retryCount()}. */
    public Request request() {
        return request;
    }

    /** Why, without the URL: {@code HTTP 404}, {@code HTTP 503 (after 2 retries)}, {@code blocked by robots.txt}. */
    public String reason() {
        return reason;
    }

    /** The response with a status outside 2xx, or null when none arrived. */
    public @Nullable Response response() {
        return response;
    }

    /** The status of {@link #response()}, or 0 when none arrived. */
    public int status() {
        return response == null ? 0 : response.status();
    }

    /** For {@link Kind#DROPPED}: the middleware's reason, e.g. {@code robots} or {@code offsite}; else null. */
    public @Nullable String dropReason() {
        return dropReason;
    }

    /** This failure as an errback gets it, e.g. to hand it to the spider's own errback method. */
    public Failure failure() {
        return new Failure(request, reason, getCause(), response);
    }
}
