package io.spinneret.middleware;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends each request through a proxy of the {@link ProxyPool}, round robin over the healthy ones,
 * by setting request meta {@value #META} to {@code http://host:port}; the HTTP downloader honours
 * that meta key. A proxy through which a request fails with a connection error, a 5xx or a 407 goes
 * into cooldown for {@code proxy_cooldown}. The retry middleware sits outside this one, so by the
 * time it schedules the next attempt the failed proxy is already out and the attempt gets another.
 *
 * <p>A request that already carries meta {@value #META} keeps it: a per-request proxy overrides the
 * pool, and is not put into cooldown. With an empty pool this middleware passes requests through.
 *
 * <p>Stats: {@code proxy/cooldown} (proxies put into cooldown). Thread-safe.
 */
public final class ProxyMiddleware implements Middleware {
    private static final Logger LOG = LoggerFactory.getLogger(ProxyMiddleware.class);

    public static final String NAME = "proxy";
    /** The request meta key naming the proxy of a request. */
    public static final String META = "proxy";

    public static final String STAT_COOLDOWN = "proxy/cooldown";

    private final ProxyPool pool;

    public ProxyMiddleware(ProxyPool pool) {
        this.pool = pool;
    }

    public ProxyPool pool() {
        return pool;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Response intercept(Chain chain) throws Exception {
        Request request = chain.request();
        if (pool.isEmpty() || request.meta().get(META) != null) return chain.proceed(request);
        String proxy = pool.next().orElseThrow();
        Response response;
        try {
            response = chain.proceed(request.withMeta(META, proxy));
        } catch (IOException e) {
            cooldown(chain, proxy, RetryPolicy.describe(e), request);
            throw e;
        }
        if (response.status() == 407 || response.status() >= 500) {
            cooldown(chain, proxy, "HTTP " + response.status(), request);
        }
        return response;
    }

    private void cooldown(Chain chain, String proxy, String reason, Request request) {
        if (pool.fail(proxy)) {
            chain.context().stats().increment(STAT_COOLDOWN);
            LOG.warn(
                    "proxy {} cooling down for {} s after {} on {} ({} of {} proxies healthy)",
                    ProxyPool.redact(proxy),
                    pool.cooldown().toMillis() / 1000.0,
                    reason,
                    request.url(),
                    pool.healthyCount(),
                    pool.size());
        }
    }

    @Override
    public String toString() {
        return NAME + "(" + (pool.isEmpty() ? "none" : pool.size() + (pool.size() == 1 ? " proxy" : " proxies")) + ")";
    }
}
