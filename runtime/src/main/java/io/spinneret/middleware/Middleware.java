package io.spinneret.middleware;

import io.spinneret.api.Response;

/**
 * One layer of the onion around the downloader, OkHttp-interceptor style: code before
 * {@link Chain#proceed} runs on the way out, code after it on the way back, so the first
 * middleware of the chain sees the response last. Blocking is fine: every request runs on its own
 * virtual thread.
 *
 * <pre>{@code
 * Middleware timing = chain -> {
 *     long t0 = System.nanoTime();
 *     Response r = chain.proceed(chain.request().toBuilder().header("X-Trace", "1").build());
 *     log.info("{} took {} ms", r.url(), (System.nanoTime() - t0) / 1_000_000);
 *     return r;
 * };
 * }</pre>
 *
 * <p>A middleware must return a response or throw: {@link io.spinneret.api.DropRequest} to drop
 * the request on purpose, anything else to fail it. It calls {@code proceed} at most once per
 * attempt; the chain names a middleware that returns null.
 */
@FunctionalInterface
public interface Middleware {
    Response intercept(Chain chain) throws Exception;

    /** A middleware's name for logs and for positioning; defaults to its class's simple name. */
    default String name() {
        return getClass().getSimpleName();
    }

    /**
     * {@code middleware} under another name, e.g. to give a lambda a name that
     * {@link MiddlewareStack.Builder#before} and {@code after} can refer to.
     */
    static Middleware named(String name, Middleware middleware) {
        return new Middleware() {
            @Override
            public Response intercept(Chain chain) throws Exception {
                return middleware.intercept(chain);
            }

            @Override
            public String name() {
                return name;
            }

            @Override
            public String toString() {
                return name;
            }
        };
    }
}
