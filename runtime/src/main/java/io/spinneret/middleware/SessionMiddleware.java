package io.spinneret.middleware;

import io.spinneret.api.DropRequest;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.session.SessionPool;
import io.spinneret.spi.SessionStore.StoredSession;
import java.io.IOException;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs requests in sessions ({@link SessionPool}): the one a request names
 * ({@link Request#session()}), else, with {@code session_pool = true}, one the pool chooses. The
 * request goes out with the session's cookie jar, proxy and user agent (a new session takes the
 * next of the proxy pool and of the user-agent rotation), and the jar's cookies go back to the
 * store after the response.
 *
 * <p>A response judged blocked retires a pooled session at once and schedules the request again,
 * as it came in, so that the pool gives it a fresh session; this attempt ends with
 * {@code DropRequest("session")}, not counted as a failure, and after {@code session_retry_times}
 * such retries the blocked response goes on to the retry middleware and the spider. A connection
 * failure through a session's proxy retires that session too. A named session is the spider's:
 * it is never retired, and its blocked responses go on as they are (counted as
 * {@code session/blocked}).
 *
 * <p>Just inside the retry middleware, so that a blocked 429 is retried here, in a fresh session,
 * before the retry middleware would retry it in the same one; and outside the user-agent and proxy
 * middlewares, which keep what a session set. Without a pool (a crawl's own is given by the
 * engine) it passes requests through. Thread-safe.
 */
public final class SessionMiddleware implements Middleware {
    private static final Logger LOG = LoggerFactory.getLogger(SessionMiddleware.class);
    public static final String NAME = "session";

    private final @Nullable SessionPool pool;
    private final ProxyPool proxies;
    private final UserAgentMiddleware agents;

    /** @param pool the crawl's sessions, or null to pass every request through */
    public SessionMiddleware(@Nullable SessionPool pool, ProxyPool proxies, UserAgentMiddleware agents) {
        this.pool = pool;
        this.proxies = proxies;
        this.agents = agents;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Response intercept(Chain chain) throws Exception {
        Request request = chain.request();
        String named = request.session();
        if (pool == null || named == null && !pool.pooled()) return chain.proceed(request);
        Supplier<SessionPool.Identity> identity = () -> new SessionPool.Identity(
                proxies.next().orElse(null),
                UserAgentMiddleware.hasUserAgent(request.headers()) ? null : agents.nextAgent());
        StoredSession session = named != null ? pool.named(named, identity) : pool.acquire(identity);
        Response response;
        try {
            response = chain.proceed(pool.bind(request, session));
        } catch (IOException e) {
            if (named == null && session.proxy() != null && !RetryPolicy.permanent(e))
                pool.retire(session.id(), "proxy_failed");
            throw e;
        } finally {
            pool.saveCookies(session);
        }
        if (!pool.blocked(response) || named != null) return response;
        pool.retire(session.id(), "blocked");
        int retries = SessionPool.blockedRetries(request);
        if (retries >= pool.retryTimes()) {
            chain.context().stats().increment(SessionPool.STAT_RETRIES_EXHAUSTED);
            LOG.debug(
                    "{}: blocked in session {}, {} times in a row; passing the response on",
                    request.url(),
                    session.id(),
                    retries + 1);
            return response;
        }
        Request again = request.toBuilder()
                .meta(SessionPool.META_BLOCKED_RETRIES, retries + 1)
                .dontFilter(true)
                .build();
        if (!chain.context().schedule(again)) return response;
        chain.context().stats().increment(SessionPool.STAT_BLOCKED_RETRIES);
        throw new DropRequest(
                NAME,
                "HTTP " + response.status() + " blocked session " + session.id() + "; " + request.url()
                        + " scheduled again in a fresh session (" + (retries + 1) + " of " + pool.retryTimes() + ")");
    }

    @Override
    public String toString() {
        return NAME + (pool == null ? "(off)" : pool.pooled() ? "(pool)" : "(named only)");
    }
}
