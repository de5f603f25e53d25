package io.spinneret.engine;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.download.browser.BrowserNotFoundException;
import io.spinneret.internal.PageNeeds;
import io.spinneret.render.AutoChoice;
import io.spinneret.render.PageCheck;
import io.spinneret.render.RenderDecisions;
import io.spinneret.render.RenderDecisions.Plan;
import io.spinneret.render.SampleComparison;
import io.spinneret.spi.Stats;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code renderer = AUTO} for one crawl: HTTP first, the browser for the pages that need it.
 *
 * <p>Which way a request goes is {@link AutoChoice}'s decision (in {@code render}, with what it
 * learns from); this class carries it out. A callback with a {@link PageCheck} (its
 * {@code @Parse(requires)}, or the selectors the processor read in its body) is fetched over HTTP
 * and its page judged: a page that passes is the callback's, one that fails is rendered and the
 * callback run on the rendered page instead ({@code auto/check_failed}); when the browser gives
 * what HTTP lacked, the pattern is decided for the browser and its later pages are rendered
 * without an HTTP fetch first; a pattern whose pages pass is decided for HTTP and never rendered.
 * Without a check, {@link RenderDecisions}
 * says per URL pattern and callback whether to fetch over HTTP, in the browser, or to sample. Every page of an undecided pattern is
 * handled over HTTP at once, so the crawl never waits for the browser to learn: a sample is also
 * rendered in the background, off the worker's slot, its callback run on the rendered page and the
 * results compared ({@link SampleComparison}); the rendered side's output is discarded, so nothing
 * is emitted twice. When a pattern is decided for the browser, each of its pages handled over HTTP
 * so far (samples and provisional ones) is scheduled again as a correction: rendered, its
 * callback's items with a key HTTP already emitted dropped, its requests through the duplicate
 * filter as always.
 *
 * <p>When the browser cannot be found, every page is handled over HTTP from then on (one warning,
 * {@code auto/browser_unavailable}); a render that fails leaves the HTTP result
 * ({@code auto/browser_failed}). Counters: {@code auto/http} (callbacks run on the HTTP
 * response), {@code auto/browser} (on the rendered one), {@code auto/rendered} (every render,
 * samples too), {@code auto/samples}, {@code auto/corrections}, {@code auto/required_missing}.
 * Thread-safe.
 */
final class AutoRendering {
    private static final Logger LOG = LoggerFactory.getLogger(AutoRendering.class);
    private static final String RENDERED = AutoChoice.RENDERED;
    /** Meta of a correction: the keys of the items its HTTP response already gave. */
    static final String EMITTED = "auto_emitted";

    /** Runs a request's callback (and its link rules) on a response; {@code quiet}: a failure is not logged. */
    interface Parser {
        Parsed parse(Request request, Response response, boolean quiet);
    }

    /** What a callback yielded, and what it threw (or null). */
    record Parsed(CollectingCrawl crawl, @Nullable Throwable error) {
        /** As the side of a sample that {@link SampleComparison} compares. */
        SampleComparison.Side side() {
            return new SampleComparison.Side(crawl.items, crawl.itemSchemas, crawl.requests, error);
        }
    }

    /** Runs a task off the workers' slots while the crawl counts it as in flight, so that it does not end meanwhile. */
    interface Background {
        void run(Runnable task);
    }

    private final Fetcher fetcher;
    private final AutoChoice choice;
    private final RenderDecisions<Request> decisions;
    private final Stats stats;
    private final Background background;
    private final Consumer<List<Request>> schedule;
    /**
     * Samples render one at a time: a crawl that only samples (a static site) keeps the browser at
     * one page instead of growing its pool, and the crawl never waits for a sample anyway.
     */
    private final Semaphore samplers = new Semaphore(1);

    /** @param schedule queues corrections, as a callback's requests are queued */
    AutoRendering(
            Fetcher fetcher,
            Map<String, String> required,
            Map<String, PageNeeds> needs,
            RenderDecisions<Request> decisions,
            Stats stats,
            Background background,
            Consumer<List<Request>> schedule) {
        this.fetcher = fetcher;
        this.choice = new AutoChoice(required, needs, decisions);
        this.decisions = decisions;
        this.stats = stats;
        this.background = background;
        this.schedule = schedule;
    }

    /** Whether {@code request} is handled here: renderer AUTO, or the browser copy of such a request. */
    static boolean handles(Request request) {
        return AutoChoice.handles(request);
    }

    /** How to fetch {@code request} ({@link AutoChoice}). Close the turn when done. */
    Turn begin(Request request) {
        AutoChoice.Choice c = choice.choose(request);
        return new Turn(request, c.check(), c.pattern(), c.plan());
    }

    /** One AUTO request on its way: which request to fetch first, then which response its callback gets. */
    final class Turn implements AutoCloseable {
        /** The request as AUTO (a correction's meta kept, so that its retries stay corrections). */
        private final Request request;

        private final @Nullable PageCheck check;
        private final @Nullable String pattern;
        private final Plan plan;
        private boolean handedOver;

        private Turn(Request request, @Nullable PageCheck check, @Nullable String pattern, Plan plan) {
            this.request = request.renderer() == Renderer.AUTO
                    ? request
                    : request.toBuilder().renderer(Renderer.AUTO).build();
            this.check = check;
            this.pattern = pattern;
            this.plan = plan;
        }

        /** What to fetch first: the page in the browser for a pattern decided for it, else over HTTP. */
        Request firstRequest() {
            return plan == Plan.BROWSER ? rendered(request) : request;
        }

        /**
         * The callback's output for the 2xx response to {@link #firstRequest}: on that response, or
         * on the page rendered when the HTTP page fails the callback's {@link PageCheck}.
         *
         * @throws InterruptedException if the crawl's stop interrupted a render (nothing was kept)
         */
        Parsed parse(Response first, Parser parser) throws InterruptedException {
            if (first.request().meta().containsKey(RENDERED)) {
                stats.increment("auto/rendered");
                return browser(rebound(first), parser);
            }
            if (check != null && pattern != null) return judge(first, parser, check, pattern);
            Parsed overHttp = http(first, parser);
            if (plan == Plan.PROVISIONAL) {
                Request correction = correction(request, overHttp);
                if (decisions.provisional(pattern, correction))
                    overHttp.crawl().requests.add(correction);
            } else if (plan == Plan.SAMPLE) {
                handedOver = true;
                background.run(() -> compare(overHttp, parser));
            }
            return overHttp;
        }

        /**
         * The callback's output for an HTTP page judged by {@code check}: the HTTP one when the page
         * passes (deciding the pattern for HTTP, once), else the rendered one (deciding the pattern
         * for the browser when the browser gives what HTTP did not).
         */
        private Parsed judge(Response first, Parser parser, PageCheck check, String pattern)
                throws InterruptedException {
            String failure = check.before(first);
            Parsed overHttp = null;
            if (failure == null) {
                overHttp = http(first, parser);
                failure = check.after(
                        first,
                        overHttp.crawl().items.size(),
                        overHttp.crawl().requests.size());
                if (failure == null) {
                    decisions.judged(pattern, Plan.HTTP, "HTTP suffices (" + request.url() + " passes the check)");
                    return overHttp;
                }
            }
            stats.increment("auto/check_failed");
            if (check.required() && overHttp == null) stats.increment("auto/required_missing");
            LOG.debug("renderer auto: {} fails over HTTP ({}); rendering it", request.url(), failure);
            Response rendered = render(request);
            if (rendered == null) return overHttp != null ? overHttp : http(first, parser);
            Parsed inBrowser = browser(rendered, parser);
            CollectingCrawl b = inBrowser.crawl();
            boolean browserPasses = check.after(rendered, b.items.size(), b.requests.size()) == null;
            boolean differs =
                    overHttp == null || SampleComparison.difference(overHttp.side(), inBrowser.side()) != null;
            if (browserPasses && differs) {
                decisions.judged(
                        pattern,
                        Plan.BROWSER,
                        "browser needed (" + request.url() + ": " + failure + "; in the browser " + b.items.size()
                                + " items, " + b.requests.size() + " requests)");
            }
            return inBrowser;
        }

        /** In the background: renders the sampled page, compares, and schedules the corrections a browser decision calls for. */
        private void compare(Parsed overHttp, Parser parser) {
            Response rendered = null;
            try {
                samplers.acquire();
                try {
                    rendered = render(request);
                } finally {
                    samplers.release();
                }
            } catch (InterruptedException e) {
                // stopping: the sample is lost
            }
            if (rendered == null) {
                decisions.sampleLost(pattern);
                return;
            }
            Parsed inBrowser = parser.parse(request, rendered, true);
            String difference = SampleComparison.difference(overHttp.side(), inBrowser.side());
            stats.increment("auto/samples");
            List<Request> corrections = new ArrayList<>(
                    decisions.sampled(pattern, difference == null, difference == null ? "" : difference));
            if (difference != null) corrections.add(correction(request, overHttp));
            if (!corrections.isEmpty()) {
                stats.add("auto/corrections", corrections.size());
                schedule.accept(corrections);
            }
        }

        private Parsed http(Response response, Parser parser) {
            stats.increment("auto/http");
            return parser.parse(request, response, false);
        }

        /** The callback on the rendered page; for a correction, without the items HTTP already gave. */
        private Parsed browser(Response rendered, Parser parser) {
            stats.increment("auto/browser");
            Parsed p = parser.parse(request, rendered, false);
            if (request.meta().get(EMITTED) instanceof List<?> emitted && !emitted.isEmpty()) {
                Set<String> seen = new HashSet<>();
                for (Object k : emitted) seen.add(String.valueOf(k));
                CollectingCrawl c = p.crawl();
                for (int i = c.items.size() - 1; i >= 0; i--) {
                    if (seen.contains(SampleComparison.key(c.itemSchemas.get(i), c.items.get(i)))) {
                        c.items.remove(i);
                        c.itemSchemas.remove(i);
                    }
                }
            }
            return p;
        }

        /** A sample whose render never started gives its place back. */
        @Override
        public void close() {
            if (plan == Plan.SAMPLE && !handedOver && pattern != null) decisions.sampleLost(pattern);
        }
    }

    /** The page rendered, or null when that failed (logged; the HTTP result stands). */
    private @Nullable Response render(Request request) throws InterruptedException {
        if (choice.browserUnavailable()) {
            stats.increment("auto/browser_unavailable");
            return null;
        }
        try {
            stats.increment("auto/rendered");
            Response r = fetcher.fetchAgain(rendered(request));
            if (r.status() >= 200 && r.status() < 300) return rebound(r);
            stats.increment("auto/browser_failed");
            LOG.warn("renderer auto: rendering {} gave HTTP {}; the HTTP response stands", request.url(), r.status());
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            if (Thread.currentThread().isInterrupted()) throw new InterruptedException("stopping");
            if (notFound(e)) {
                if (choice.markBrowserUnavailable()) {
                    LOG.warn(
                            "renderer auto: no browser ({}); every page is fetched over HTTP only from now on",
                            e.getMessage());
                }
                stats.increment("auto/browser_unavailable");
            } else {
                stats.increment("auto/browser_failed");
                LOG.warn(
                        "renderer auto: rendering {} failed ({}); the HTTP response stands",
                        request.url(),
                        FailureLog.reason(e, request.url()));
            }
        }
        return null;
    }

    /** The page to render again once its pattern is decided for the browser: the items HTTP gave are not emitted twice. */
    private static Request correction(Request request, Parsed overHttp) {
        return rendered(request).toBuilder()
                .dontFilter(true)
                .meta(EMITTED, SampleComparison.keys(overHttp.crawl().items, overHttp.crawl().itemSchemas))
                .build();
    }

    private static Request rendered(Request request) {
        return request.toBuilder()
                .renderer(Renderer.BROWSER)
                .meta(RENDERED, Boolean.TRUE)
                .build();
    }

    /** The rendered response as the response to the AUTO request, so that its links stay AUTO. */
    private static Response rebound(Response rendered) {
        Request r = rendered.request().toBuilder()
                .renderer(Renderer.AUTO)
                .meta(RENDERED, null)
                .meta(EMITTED, null)
                .build();
        return new Response(r, rendered.url(), rendered.status(), rendered.headers(), rendered.body());
    }

    private static boolean notFound(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof BrowserNotFoundException) return true;
        }
        return false;
    }
}
