package io.spinneret.middleware;

import io.spinneret.settings.Settings;
import java.util.ArrayList;
import java.util.List;

/**
 * The built-in middlewares in their documented order — retry, robots, user agent, proxy, throttle
 * (retry outermost, so it sees responses and failures last) — plus the user's own at the positions
 * they chose. The engine runs the list it returns, first = outermost.
 */
public final class MiddlewareStack {
    private MiddlewareStack() {}

    /** The effective chain for a crawl with these settings. */
    public static List<Middleware> build(Settings settings) {
        List<Middleware> chain = new ArrayList<>();
        // filled in by the middleware package: retry, robots, user agent, proxy, throttle
        return chain;
    }
}
