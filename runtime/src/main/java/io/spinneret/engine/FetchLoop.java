package io.spinneret.engine;

import io.spinneret.annotations.Setting;
import io.spinneret.api.DropRequest;
import io.spinneret.api.FetchException;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.middleware.RetriesExhaustedException;
import io.spinneret.settings.Settings;
import io.spinneret.spi.CrawlContext;
import io.spinneret.spi.Stats;
import java.time.Duration;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import org.jspecify.annotations.Nullable;

/**
 * One request fetched to its final response here and now, on the caller's thread, rather than
 * through the scheduler: each attempt runs the whole chain; a retry the retry middleware schedules
 * is taken back and tried next, after its backoff and after any pause of its host; a redirect (3xx or
 * meta refresh) is followed as {@link Redirects} decides, as in a crawl. Behind inline
 * fetches ({@link InlineFetcher}) and {@code io.spinneret.devtools.PageFetcher}. Thread-safe when its attempt is.
 */
public final class FetchLoop {
    /** One attempt through the chain, with {@code context} as the chain's crawl context. */
    @FunctionalInterface
    public interface Attempt {
        Response fetch(Request request, CrawlContext context) throws Exception;
    }

    private final Attempt attempt;
    private final CrawlContext crawl;
    private final Redirects redirects;
    private final int maxRedirects;
    private final int retryTimes;
    private final ToLongFunction<Request> pausedUntil;
    private final Predicate<Request> offsite;

    /**
     * @param crawl the context the middlewares see, but for the retries, which this loop takes back
     * @param pausedUntil the {@link System#nanoTime} until which a request's host is paused, or -1
     * @param offsite whether a redirect target leads outside {@code allowed_domains}
     */
    public FetchLoop(
            Attempt attempt,
            CrawlContext crawl,
            Settings settings,
            ToLongFunction<Request> pausedUntil,
            Predicate<Request> offsite) {
        this.attempt = attempt;
        this.crawl = crawl;
        this.redirects = new Redirects(settings);
        this.maxRedirects = settings.getInt(Setting.MAX_REDIRECTS);
        this.retryTimes = settings.getInt(Setting.RETRY_TIMES);
        this.pausedUntil = pausedUntil;
        this.offsite = offsite;
    }

    /**
     * The final response to {@code request}, whatever its status but a redirect: one that cannot be
     * followed throws, with the reason a crawl gives.
     *
     * @throws FetchException when no response came (kind DROPPED, TIMEOUT or FAILED)
     * @throws InterruptedException if the thread was interrupted (a stop: the caller decides)
     */
    public Response fetch(Request request) throws InterruptedException {
        Request next = request;
        // each turn is a redirect hop or a retry: both are bounded by their settings
        int turns = maxRedirects + retryTimes + 2;
        for (int turn = 0; turn < turns; turn++) {
            awaitPause(next, -1);
            Retries retries = new Retries(crawl, next);
            Response response;
            try {
                response = attempt.fetch(next, retries);
            } catch (DropRequest d) {
                if (retries.retry == null) {
                    throw new FetchException(
                            FetchException.Kind.DROPPED,
                            next,
                            "dropped (" + d.reason() + "): " + d.getMessage(),
                            null,
                            d.reason(),
                            d);
                }
                awaitPause(retries.retry, retries.resumeAt);
                next = retries.retry;
                continue;
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                if (Thread.currentThread().isInterrupted() || e.getCause() instanceof InterruptedException) {
                    throw (InterruptedException)
                            new InterruptedException("interrupted: " + e.getMessage()).initCause(e);
                }
                Response last =
                        e instanceof RetriesExhaustedException r ? r.response() : null; // a 503 after the retries
                throw new FetchException(
                        last != null ? FetchException.Kind.STATUS : FetchException.downloadFailure(e),
                        next,
                        FailureLog.reason(e, next.url()),
                        last,
                        null,
                        e);
            }
            Request target;
            switch (redirects.decide(response)) {
                case Redirects.Final f -> {
                    return response;
                }
                case Redirects.Refused r -> {
                    crawl.stats().increment(Redirects.STAT_FAILED);
                    throw new FetchException(FetchException.Kind.FAILED, next, r.why(), response, null, null);
                }
                case Redirects.Follow f -> target = f.next();
            }
            if (offsite.test(target)) {
                crawl.stats().increment(Stats.DROPPED + "offsite");
                throw new FetchException(
                        FetchException.Kind.DROPPED,
                        target,
                        "redirected outside allowed_domains",
                        null,
                        "offsite",
                        null);
            }
            crawl.stats().increment(Redirects.STAT);
            next = target;
        }
        throw new FetchException(
                FetchException.Kind.FAILED,
                next,
                "gave up after " + turns + " redirects and retries",
                null,
                null,
                null);
    }

    /** Sleeps until the host of {@code request} is no longer paused (by this loop's retry or by the crawl). */
    private void awaitPause(Request request, long ownResumeAt) throws InterruptedException {
        long until = Math.max(ownResumeAt, pausedUntil.applyAsLong(request));
        long wait = until - System.nanoTime();
        if (until >= 0 && wait > 0) Thread.sleep(Duration.ofNanos(wait));
    }

    /**
     * The context of one attempt: the crawl's, except that the retry middleware's next attempt of
     * this request, and the pause of its host, come back to the loop instead of the scheduler. The
     * pause still reaches the crawl, so its other requests to the host wait too.
     */
    private static final class Retries implements CrawlContext {
        private final CrawlContext crawl;
        private final Request attempt;

        @Nullable
        Request retry;

        long resumeAt = -1;

        Retries(CrawlContext crawl, Request attempt) {
            this.crawl = crawl;
            this.attempt = attempt;
        }

        @Override
        public String spiderName() {
            return crawl.spiderName();
        }

        @Override
        public Settings settings() {
            return crawl.settings();
        }

        @Override
        public Stats stats() {
            return crawl.stats();
        }

        @Override
        public boolean schedule(Request request) {
            if (retry == null
                    && request.url().equals(attempt.url())
                    && request.retryCount() == attempt.retryCount() + 1) {
                retry = request;
                return true;
            }
            return crawl.schedule(request);
        }

        @Override
        public void pauseDomain(String host, Duration pause) {
            crawl.pauseDomain(host, pause);
            if (host.equals(attempt.host()) && pause.isPositive()) {
                resumeAt = Math.max(resumeAt, System.nanoTime() + Math.min(pause.toNanos(), Long.MAX_VALUE / 4));
            }
        }
    }
}
