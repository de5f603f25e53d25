package io.spinneret.middleware;

import io.spinneret.api.DropRequest;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.spi.Stats;
import java.io.IOException;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tries failed requests again: connection errors, timeouts, 5xx, 429 and {@code retry_http_codes}
 * (see {@link RetryPolicy}), at most {@code retry_times} times per request. A failure another
 * attempt cannot mend ({@link RetryPolicy#permanent}: an invalid URL or port, a body over
 * {@code max_body_size}, an untrusted certificate) fails at once, counted as
 * {@code retry/not_retryable}. The outermost built-in middleware, so on the way back it decides last: the proxy
 * middleware has already put a dead proxy into cooldown when the retry's next attempt picks one.
 *
 * <h2>How a retry happens</h2>
 * The next attempt is {@link Request#nextAttempt()} of the request as it reached this middleware
 * (retry count + 1 and dont-filter, so the scheduler's duplicate filter lets it through; without
 * dont-filter it has the fingerprint of the original and would be dropped silently). After the
 * backoff it goes back to the scheduler through {@link io.spinneret.spi.CrawlContext#schedule},
 * and the current attempt ends with {@code DropRequest("retry")}: counted, not a failure.
 *
 * <h2>Waiting: the host paused, or the request's own thread</h2>
 * A 429 or a 503, or the {@code retry_pause_domain_after}-th failure in a row from one host
 * (see {@link HostFailures}), pauses the whole host for the backoff (at least what
 * {@code Retry-After} asks for, seconds or an HTTP date, capped at {@code retry_backoff_max}) through
 * {@link io.spinneret.spi.CrawlContext#pauseDomain}: the next attempt is scheduled at once and, with
 * every other request to that host, waits in the scheduler, or parked by the engine, holding
 * none of its concurrency slots, while other hosts go on at full speed. The next attempt is in the
 * scheduler before this one is acknowledged, so a crash during the pause loses nothing.
 *
 * <p>An isolated failure (a 500 among successes, one connection reset) is waited out on the
 * request's own virtual thread <em>before</em> the next attempt is scheduled: the current request
 * stays in flight meanwhile, so the engine's termination check (pending + in flight) cannot end the
 * crawl while a retry is waiting, and a crash during the wait loses nothing. The cost is one engine
 * concurrency slot held during that (short) wait.
 *
 * <h2>Giving up</h2>
 * When the last allowed attempt fails, the middleware counts {@code retry/max_reached} and throws
 * {@link RetriesExhaustedException}, whose message names the URL, the retries and the last reason
 * (the engine logs it at warn level and counts the failure; cause: the last
 * connection error, if any; {@link RetriesExhaustedException#response()}: the last error response,
 * if any). The engine counts that as the request's failure; the error response is not handed to the
 * spider's callback. With {@code retry_times = 0} the middleware passes everything through untouched.
 *
 * <p>Stats: {@code retry/count} (retries scheduled), {@code retry/reason/<why>} (e.g.
 * {@code http_503}, {@code ConnectException}), {@code retry/max_reached}, {@code retry/not_retryable},
 * {@code retry/host_paused} (pauses of a host). Thread-safe.
 */
public final class RetryMiddleware implements Middleware {
    private static final Logger LOG = LoggerFactory.getLogger(RetryMiddleware.class);

    public static final String NAME = "retry";
    public static final String STAT_COUNT = "retry/count";
    public static final String STAT_MAX_REACHED = "retry/max_reached";
    public static final String STAT_NOT_RETRYABLE = "retry/not_retryable";
    public static final String STAT_HOST_PAUSED = "retry/host_paused";

    private final RetryPolicy policy;
    private final HostFailures streaks;

    /** A middleware that never pauses a host for failures in a row (a 429 or 503 still pauses it). */
    public RetryMiddleware(RetryPolicy policy) {
        this(policy, 0);
    }

    /** @param pauseAfter failures in a row from one host that pause it ({@code retry_pause_domain_after}); 0: never */
    public RetryMiddleware(RetryPolicy policy, int pauseAfter) {
        this.policy = policy;
        this.streaks = new HostFailures(pauseAfter);
    }

    public RetryPolicy policy() {
        return policy;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Response intercept(Chain chain) throws Exception {
        Request request = chain.request();
        if (policy.times() == 0) return chain.proceed(request);
        Response response;
        try {
            response = chain.proceed(request);
        } catch (IOException e) {
            if (RetryPolicy.permanent(e)) {
                chain.context().stats().increment(STAT_NOT_RETRYABLE);
                throw e;
            }
            return retryOrGiveUp(
                    chain,
                    request,
                    RetryPolicy.rootCause(e).getClass().getSimpleName(),
                    RetryPolicy.describe(e),
                    null,
                    e);
        }
        if (policy.retryable(response.status())) {
            return retryOrGiveUp(
                    chain, request, "http_" + response.status(), "HTTP " + response.status(), response, null);
        }
        streaks.succeeded(request);
        return response;
    }

    /** Schedules the next attempt and drops this one, or gives up; never returns normally. */
    private Response retryOrGiveUp(
            Chain chain,
            Request request,
            String reasonKey,
            String reason,
            @Nullable Response response,
            @Nullable IOException error)
            throws InterruptedException {
        Stats stats = chain.context().stats();
        if (request.retryCount() >= policy.times()) {
            stats.increment(STAT_MAX_REACHED);
            RetriesExhaustedException gaveUp =
                    new RetriesExhaustedException(request.url(), request.retryCount(), reason, response, error);
            // the engine logs the failure with this message at warn level; logging it here too would say it twice
            LOG.debug(gaveUp.getMessage());
            throw gaveUp;
        }
        Duration wait = policy.delay(request.retryCount(), response);
        boolean overloaded = response != null && (response.status() == 429 || response.status() == 503);
        boolean pauseHost = streaks.failed(request) || overloaded;
        LOG.debug(
                "retrying {} ({} of {}) in {} ms{}: {}",
                request.url(),
                request.retryCount() + 1,
                policy.times(),
                wait.toMillis(),
                pauseHost ? ", its host paused meanwhile" : "",
                reason);
        if (pauseHost) {
            chain.context().pauseDomain(request.host(), wait);
            if (!wait.isZero()) stats.increment(STAT_HOST_PAUSED);
        } else if (!wait.isZero()) {
            Thread.sleep(wait);
        }
        Request next = request.nextAttempt();
        if (!chain.context().schedule(next)) {
            // only a scheduler ignoring dont-filter (or one shutting down) refuses it: say so, never lose it silently
            stats.increment(STAT_MAX_REACHED);
            RetriesExhaustedException gaveUp = new RetriesExhaustedException(
                    request.url(),
                    request.retryCount(),
                    reason + "; the scheduler refused the next attempt",
                    response,
                    error);
            LOG.warn(gaveUp.getMessage());
            throw gaveUp;
        }
        stats.increment(STAT_COUNT);
        stats.increment("retry/reason/" + reasonKey);
        throw new DropRequest(
                NAME,
                "retry " + next.retryCount() + " of " + policy.times() + " scheduled for " + request.url() + " after "
                        + reason);
    }

    @Override
    public String toString() {
        return NAME + (policy.times() == 0 ? "(off)" : "(" + policy.times() + " times)");
    }
}
