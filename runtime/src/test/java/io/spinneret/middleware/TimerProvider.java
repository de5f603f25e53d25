package io.spinneret.middleware;

import io.spinneret.api.Response;
import io.spinneret.settings.Settings;

/** A user middleware provider, registered in META-INF/services of the test classpath. */
public final class TimerProvider implements MiddlewareProvider {
    @Override
    public String name() {
        return "timer";
    }

    @Override
    public Middleware create(Settings settings) {
        return new TimerMiddleware();
    }

    /** Records how long the rest of the chain took, in a response-side header-free way: the stats. */
    static final class TimerMiddleware implements Middleware {
        @Override
        public Response intercept(Chain chain) throws Exception {
            long t0 = System.nanoTime();
            try {
                return chain.proceed(chain.request().withMeta("timer", true));
            } finally {
                chain.context().stats().add("timer/nanos", System.nanoTime() - t0);
                chain.context().stats().increment("timer/requests");
            }
        }
    }
}
