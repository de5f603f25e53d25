package io.spinneret.engine;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.download.browser.BrowserNotFoundException;
import io.spinneret.render.RenderDecisions;
import io.spinneret.render.RenderDecisions.Plan;
import io.spinneret.render.UrlPattern;
import io.spinneret.spi.Stats;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code renderer = AUTO} for one crawl: HTTP first, the browser for the pages that need it. A
 * callback with {@code @Parse(requires = css)} gets the HTTP response when it has a match, else
 * the page rendered. Without one, {@link RenderDecisions} says per URL pattern and callback whether
 * to fetch over HTTP, in the browser, or both (a sample): a sample runs the callback on both
 * responses, compares what they yielded ({@link AutoComparison}) and keeps the browser's items
 * only, so no item is emitted twice; the requests of both sides are scheduled (HTTP's before the
 * page is rendered), which the frontier's duplicate filter makes one set. When the browser cannot be found, every page is fetched over
 * HTTP from then on (one warning, {@code auto/browser_unavailable} per page); a render that fails
 * gives the callback the HTTP response ({@code auto/browser_failed}). Counters: {@code auto/http}
 * and {@code auto/browser} (pages whose callback got the HTTP or the rendered response),
 * {@code auto/samples}, {@code auto/required_missing}. Thread-safe.
 */
final class AutoRendering {
    private static final Logger LOG = LoggerFactory.getLogger(AutoRendering.class);
    /** Meta of the browser copy of an AUTO request, so that its retry is still handled as AUTO. */
    static final String RENDERED = "auto_rendered";

    /** Runs a request's callback (and its link rules) on a response; {@code quiet}: a failure is not logged. */
    interface Parser {
        Parsed parse(Request request, Response response, boolean quiet);
    }

    /** What a callback yielded, and what it threw (or null). */
    record Parsed(CollectingCrawl crawl, @Nullable Throwable error) {}

    private final Fetcher fetcher;
    private final Map<String, String> required;
    private final RenderDecisions decisions;
    private final Stats stats;
    private final AtomicBoolean browserUnavailable = new AtomicBoolean();

    AutoRendering(Fetcher fetcher, Map<String, String> required, RenderDecisions decisions, Stats stats) {
        this.fetcher = fetcher;
        this.required = Map.copyOf(required);
        this.decisions = decisions;
        this.stats = stats;
    }

    /** Whether {@code request} is handled here: renderer AUTO, or the browser copy of such a request (a retry). */
    static boolean handles(Request request) {
        return request.renderer() == Renderer.AUTO || request.meta().containsKey(RENDERED);
    }

    /** The pattern decisions are learned under: the URL's {@link UrlPattern} and the callback. */
    static String patternOf(Request request) {
        return UrlPattern.of(request.url()) + " (" + request.callback() + ")";
    }

    /** How to fetch {@code request} (or that it must wait: {@link Turn#waits}). Close the turn when done. */
    Turn begin(Request request) {
        if (request.meta().containsKey(RENDERED)) return new Turn(request.toBuilder().renderer(Renderer.AUTO).build(), null, null, Plan.BROWSER);
        if (browserUnavailable.get()) return new Turn(request, null, null, Plan.HTTP);
        String css = required.get(request.callback());
        if (css != null) return new Turn(request, css, null, Plan.HTTP);
        String pattern = patternOf(request);
        return new Turn(request, null, pattern, decisions.plan(pattern));
    }

    /** The decisions learned so far. */
    RenderDecisions decisions() {
        return decisions;
    }

    /** One AUTO request on its way: which request to fetch first, then which response its callback gets. */
    final class Turn implements AutoCloseable {
        private final Request request;
        private final @Nullable String requires;
        private final @Nullable String pattern;
        private final Plan plan;
        private boolean reported;

        private Turn(Request request, @Nullable String requires, @Nullable String pattern, Plan plan) {
            this.request = request;
            this.requires = requires;
            this.pattern = pattern;
            this.plan = plan;
        }

        /** Whether the request is to wait, parked, until its pattern's samples are in: nothing to fetch now. */
        boolean waits() {
            return plan == Plan.WAIT;
        }

        /** What to fetch first: the page in the browser for a pattern decided for it, else over HTTP. */
        Request firstRequest() {
            return plan == Plan.BROWSER ? rendered(request) : request;
        }

        /**
         * The callback's output for the 2xx response to {@link #firstRequest}: on that response, or
         * on the page rendered when HTTP lacks what it needs (a {@code requires} without a match,
         * a sample). A sample hands the requests the callback made over HTTP to {@code early} at
         * once, and returns only the browser's other requests.
         *
         * @throws InterruptedException if the crawl's stop interrupted the render (nothing was kept)
         */
        Parsed parse(Response first, Parser parser, Consumer<List<Request>> early) throws InterruptedException {
            if (first.request().meta().containsKey(RENDERED)) {
                stats.increment("auto/browser");
                return parser.parse(request, rebound(first), false);
            }
            if (browserUnavailable.get() && plan != Plan.HTTP) stats.increment("auto/browser_unavailable");
            if (requires != null) {
                if (!first.isHtml() || !first.css(requires).isEmpty()) return http(first, parser);
                stats.increment("auto/required_missing");
                Response rendered = render();
                return rendered == null ? http(first, parser) : browser(rendered, parser);
            }
            if (plan != Plan.SAMPLE) return http(first, parser);
            Parsed overHttp = parser.parse(request, first, true);
            // the frontier drops requests it has seen: scheduling HTTP's now keeps the crawl moving while the page renders
            early.accept(overHttp.crawl().requests);
            Response rendered = render();
            if (rendered == null) {
                stats.increment("auto/http");
                return overHttp;
            }
            Parsed inBrowser = parser.parse(request, rendered, false);
            String difference = AutoComparison.difference(overHttp, inBrowser);
            inBrowser.crawl().requests.removeAll(overHttp.crawl().requests);
            stats.increment("auto/samples");
            reported = true;
            decisions.sampled(pattern, difference == null, difference == null ? "" : difference);
            stats.increment("auto/browser");
            return inBrowser;
        }

        private Parsed http(Response response, Parser parser) {
            stats.increment("auto/http");
            return parser.parse(request, response, false);
        }

        private Parsed browser(Response rendered, Parser parser) {
            stats.increment("auto/browser");
            return parser.parse(request, rendered, false);
        }

        /** The page rendered, or null when that failed (logged; the HTTP response serves instead). */
        private @Nullable Response render() throws InterruptedException {
            if (browserUnavailable.get()) return null;
            try {
                Response r = fetcher.fetchAgain(rendered(request));
                if (r.status() >= 200 && r.status() < 300) return rebound(r);
                stats.increment("auto/browser_failed");
                LOG.warn("renderer auto: rendering {} gave HTTP {}; the callback gets the HTTP response", request.url(), r.status());
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                if (Thread.currentThread().isInterrupted()) throw new InterruptedException("stopping");
                if (notFound(e)) {
                    if (browserUnavailable.compareAndSet(false, true)) {
                        LOG.warn("renderer auto: no browser ({}); every page is fetched over HTTP only from now on", e.getMessage());
                    }
                    stats.increment("auto/browser_unavailable");
                } else {
                    stats.increment("auto/browser_failed");
                    LOG.warn("renderer auto: rendering {} failed ({}); the callback gets the HTTP response", request.url(),
                            FailureLog.reason(e, request.url()));
                }
            }
            return null;
        }

        /** Gives back a sample that was not compared (its fetch failed, or the stop interrupted it). */
        @Override
        public void close() {
            if (plan == Plan.SAMPLE && !reported && pattern != null) decisions.sampleLost(pattern);
        }
    }

    private static Request rendered(Request request) {
        return request.toBuilder().renderer(Renderer.BROWSER).meta(RENDERED, Boolean.TRUE).build();
    }

    /** The rendered response as the response to the AUTO request, so that its links stay AUTO. */
    private Response rebound(Response rendered) {
        return new Response(unrendered(rendered.request()), rendered.url(), rendered.status(), rendered.headers(), rendered.body());
    }

    private static Request unrendered(Request copy) {
        return copy.toBuilder().renderer(Renderer.AUTO).meta(RENDERED, null).build();
    }

    private static boolean notFound(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof BrowserNotFoundException) return true;
        }
        return false;
    }
}
