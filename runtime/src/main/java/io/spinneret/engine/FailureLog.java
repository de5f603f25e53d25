package io.spinneret.engine;

import io.spinneret.api.Request;
import io.spinneret.api.SpinneretException;
import io.spinneret.middleware.RetriesExhaustedException;
import io.spinneret.spi.Stats;
import java.io.IOException;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts and logs what fails in a crawl, one warning line each: a request that could not be
 * fetched, a callback or an errback that threw. The stack trace is logged at debug level.
 * Thread-safe.
 */
final class FailureLog {
    /** The engine's logger: the lines read {@code [WARN] Engine - GET <url> failed: ...}, as before this class. */
    private static final Logger LOG = LoggerFactory.getLogger(Engine.class);

    private final Stats stats;
    private final LongAdder failures;

    FailureLog(Stats stats) {
        this.stats = stats;
        this.failures = stats.counter(Stats.FAILURES);
    }

    /** A request that could not be fetched (after its retries, if any), or whose redirect could not be followed. */
    void download(Request req, Throwable t) {
        failures.increment();
        stats.increment("failures/download");
        if (t instanceof RetriesExhaustedException r && r.url().equals(req.url())) {
            LOG.warn(
                    "{} {} failed after {} {}: {}",
                    req.method(),
                    req.url(),
                    r.retries(),
                    r.retries() == 1 ? "retry" : "retries",
                    r.reason());
        } else {
            LOG.warn("{} {} failed: {}", req.method(), req.url(), reason(t, req.url()));
        }
        details(req, t);
    }

    void callback(Request req, Throwable t, String callback) {
        failures.increment();
        stats.increment("failures/callback");
        LOG.warn("callback '{}' failed on {}: {}", callback, req.url(), reason(t, req.url()));
        details(req, t);
    }

    void errback(Request req, Throwable t, String errback) {
        failures.increment();
        stats.increment("failures/errback");
        LOG.warn("errback '{}' failed on {}: {}", errback, req.url(), reason(t, req.url()));
        details(req, t);
    }

    private static void details(Request req, Throwable t) {
        if (LOG.isDebugEnabled()) LOG.debug("failure details for " + req.url(), t);
    }

    /**
     * A one-line description of {@code t}, as the failure log line and
     * {@link io.spinneret.api.Failure#reason()} give it. Both name the URL already, so the
     * downloader's "... for &lt;url&gt;" is left out of it.
     */
    static String reason(Throwable t, String url) {
        if (t instanceof RetriesExhaustedException r)
            return r.reason() + " (after " + r.retries() + (r.retries() == 1 ? " retry)" : " retries)");
        String reason = t.getMessage() == null
                ? t.getClass().getSimpleName()
                : t.getClass() == IOException.class || t instanceof SpinneretException
                        ? t.getMessage()
                        : t.getClass().getSimpleName() + ": " + t.getMessage();
        if (reason.endsWith(" for " + url)) return reason.substring(0, reason.length() - url.length() - 5);
        return reason.replace(" of " + url + " ", " ");
    }
}
