package io.spinneret.download.browser;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.PlaywrightException;
import com.microsoft.playwright.Route;
import io.spinneret.api.Request;
import io.spinneret.url.HttpUrl;
import io.spinneret.url.UrlParser;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The route handler of a render slot's page, and when the page's requests go through it: always
 * under {@code network_boundary}, or to block resources when {@link ResourceBlocker} could not;
 * else only for a navigation that needs its request's method and body. Used on the slot's thread
 * only (the handler runs there too, inside a Playwright call).
 */
final class PageRoutes {
    private static final Logger LOG = LoggerFactory.getLogger(RenderWorker.class); // the slot's log

    private final int index;
    private final BrowserOptions options;
    /** The request being rendered, for the route handler (which runs on this thread). */
    private @Nullable Request current;

    private boolean methodApplied;
    /** Why the boundary refused the navigation under way, or null. */
    private @Nullable String blocked;
    /**
     * True when all the page's requests go through the route handler: under the boundary, or to
     * block resources (see {@link ResourceBlocker} for why that is the fallback).
     */
    private boolean pageRouted;

    PageRoutes(int index, BrowserOptions options) {
        this.index = index;
        this.options = options;
    }

    /** Sets up a new page: routes its requests, or has {@link ResourceBlocker} block resources. */
    void attachTo(Page p) {
        pageRouted = false;
        if (options.boundary().active()) {
            // every request of the page is checked against the boundary (at the cost of a round trip each)
            p.route("**/*", this::route);
            pageRouted = true;
        }
        if (!pageRouted && !ResourceBlocker.intercepted(options.block()).isEmpty()) {
            try {
                ResourceBlocker.attach(p, options.block());
            } catch (PlaywrightException e) {
                // no DevTools session: block through a route, which costs every request a round trip
                LOG.debug(
                        "render worker {}: blocking resources through a route: {}",
                        index,
                        PlaywrightErrors.firstLine(e.getMessage()));
                p.route("**/*", this::route);
                pageRouted = true;
            }
        }
    }

    /** Starts the render of {@code request}, which the handler applies to its navigation. */
    void begin(Request request) {
        current = request;
        methodApplied = false;
        blocked = null;
    }

    /**
     * Routes the page's requests for the navigation of {@code request} alone, if it needs its
     * method or body and the page's requests are not routed anyway.
     *
     * @return true if it did: then {@link #unrouteNavigation} after the navigation
     */
    boolean routeNavigation(Page p, Request request) {
        boolean temporaryRoute = needsMethodOverride(request) && !pageRouted;
        if (temporaryRoute) p.route("**/*", this::route);
        return temporaryRoute;
    }

    /** Removes the route {@link #routeNavigation} added, unless the page is gone. */
    void unrouteNavigation(Page p) {
        if (!p.isClosed()) p.unroute("**/*");
    }

    /** Ends the render {@link #begin} started. */
    void end() {
        current = null;
    }

    /** Why the boundary refused the navigation of the render under way, or null. */
    @Nullable
    String blocked() {
        return blocked;
    }

    /**
     * Route handler (runs on this thread, inside a Playwright call): applies a request's method and
     * body to its navigation, and blocks resource types when {@link ResourceBlocker} could not.
     */
    private void route(Route route) {
        com.microsoft.playwright.Request r = route.request();
        Request req = current;
        if (options.boundary().active()) {
            String refused = refusedByBoundary(r.url());
            if (refused != null) {
                if (r.isNavigationRequest() && req != null && blocked == null) blocked = refused + ", for " + req.url();
                LOG.debug("render worker {}: {}", index, refused);
                route.abort("blockedbyclient");
                return;
            }
        }
        if (req != null && !methodApplied && needsMethodOverride(req) && r.isNavigationRequest()) {
            methodApplied = true;
            Route.ResumeOptions o = new Route.ResumeOptions().setMethod(req.method());
            byte[] body = req.body();
            if (body != null) o.setPostData(body);
            route.resume(o);
        } else if (options.block().contains(r.resourceType())) {
            route.abort("blockedbyclient");
        } else {
            route.resume();
        }
    }

    /**
     * Why {@code url} may not be fetched under {@code network_boundary}, or null. Checked on every
     * address the host resolves to here; Chromium resolves the name again by itself, so this is a
     * check per request, not on the connection (see docs/downloading.md).
     */
    private @Nullable String refusedByBoundary(String url) {
        // data:, blob:, about: reach no address; ws(s) is read as http(s), whose hosts it shares
        String asHttp = url.regionMatches(true, 0, "ws", 0, 2) ? "http" + url.substring(2) : url;
        String host = UrlParser.parse(asHttp).map(HttpUrl::host).orElse(null);
        if (host == null) return null;
        try {
            for (InetAddress a : InetAddress.getAllByName(host)) {
                Optional<String> why = options.boundary().refusal(a);
                if (why.isPresent()) {
                    return "refused by network_boundary: " + host + " is " + a.getHostAddress() + ", a " + why.get()
                            + " address";
                }
            }
        } catch (UnknownHostException e) {
            return null; // Chromium will fail on it as well
        }
        return null;
    }

    private static boolean needsMethodOverride(Request r) {
        return !r.method().equals("GET") || r.body() != null;
    }
}
