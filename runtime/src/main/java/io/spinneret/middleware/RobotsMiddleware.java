package io.spinneret.middleware;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import io.spinneret.annotations.Setting;
import io.spinneret.api.DropRequest;
import io.spinneret.api.PermanentFailureException;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.api.Urls;
import io.spinneret.download.guard.BlockedAddressException;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Stats;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Obeys robots.txt (on by default, {@code respect_robots}). A request whose URL the rules disallow
 * is dropped with {@code DropRequest("robots")}, which the engine counts under
 * {@code dropped/robots}; it never reaches the network.
 *
 * <h2>Fetching</h2>
 * robots.txt is fetched once per origin (scheme, host and port, as RFC 9309 scopes it) and cached
 * for the run. Concurrent first requests to a new origin wait on one shared future: exactly one of
 * them fetches. The fetch is a side request through the rest of the chain ({@link Chain#fetch}):
 * the middlewares after this one (user agent, proxy, throttle) and the real downloader, so robots.txt
 * goes out with the crawl's user agent, through its proxies, within its per-domain politeness, and
 * with the same HTTP client, without re-entering this middleware. It is tried again like any request
 * ({@link RetryPolicy}: connection errors and 5xx, with backoff), so one dead proxy does not shut a
 * host out, and up to five redirects are followed.
 *
 * <h2>Semantics (RFC 9309, parsed by crawler-commons' {@link SimpleRobotRulesParser})</h2>
 * The group for the user agents' product tokens (see {@link UserAgentMiddleware#productTokens()}),
 * else {@code *}; longest match wins and Allow wins a tie; {@code *} and {@code $} in paths. Only the
 * first 500 KiB are parsed. 2xx: the rules. 4xx (and more than five redirects): robots.txt is
 * unavailable, everything is allowed. 5xx or unreachable after retries: everything is disallowed
 * for {@code robots_error_ttl}, then robots.txt is fetched again. A {@code Crawl-delay} raises the
 * host's delay in the throttle; crawler-commons treats a Crawl-delay above 300 s as disallow-all.
 * The robots.txt path itself is always allowed. A permanent failure (an untrusted certificate) is
 * not tried again. A robots.txt refused by {@code network_boundary} is neither tried again nor
 * "unavailable": the host's requests are not sent, each failing with the boundary's reason.
 *
 * <p>Stats: {@code robots/fetched}, {@code robots/unavailable} (5xx or unreachable). Thread-safe.
 */
public final class RobotsMiddleware implements Middleware {
    private static final Logger LOG = LoggerFactory.getLogger(RobotsMiddleware.class);

    public static final String NAME = "robots";
    /** The reason of the {@link DropRequest} of a disallowed request. */
    public static final String DROP_REASON = "robots";
    /** Set on the robots.txt side request, so later middlewares can tell it apart. */
    public static final String META = "robots_txt";

    public static final String STAT_FETCHED = "robots/fetched";
    public static final String STAT_UNAVAILABLE = "robots/unavailable";

    /** RFC 9309 §2.5: parse at least 500 KiB; we parse exactly that much. */
    static final int MAX_BYTES = 500 * 1024;
    /** RFC 9309 §2.3.1.2: follow at least five consecutive redirects. */
    static final int MAX_REDIRECTS = 5;

    private final boolean enabled;
    private final List<String> tokens;
    private final long errorTtlNanos;
    private final RetryPolicy fetchRetry;
    private final BiConsumer<String, Duration> crawlDelaySink;
    private final ConcurrentHashMap<String, CompletableFuture<HostRules>> cache = new ConcurrentHashMap<>();

    /** The rules of one origin, and until when they hold ({@code Long.MAX_VALUE}: the whole run). */
    /** @param refused the host's address is refused by {@code network_boundary} (summary says how) */
    private record HostRules(BaseRobotRules rules, boolean error, long expiresAt, String summary, boolean refused) {
        HostRules(BaseRobotRules rules, boolean error, long expiresAt, String summary) {
            this(rules, error, expiresAt, summary, false);
        }

        boolean expired(long now) {
            return expiresAt != Long.MAX_VALUE && now - expiresAt >= 0;
        }
    }

    /**
     * @param tokens robots.txt product tokens to match groups on, lower case (e.g. {@code spinneret})
     * @param errorTtl how long a host whose robots.txt failed stays disallowed
     * @param fetchRetry how often and how patiently robots.txt is fetched
     * @param crawlDelaySink told {@code (host, delay)} for each Crawl-delay found, e.g.
     *     {@link ThrottleMiddleware#raiseDelay}
     */
    public RobotsMiddleware(
            boolean enabled,
            List<String> tokens,
            Duration errorTtl,
            RetryPolicy fetchRetry,
            BiConsumer<String, Duration> crawlDelaySink) {
        this.enabled = enabled;
        this.tokens = tokens.isEmpty() ? List.of("spinneret") : List.copyOf(tokens);
        this.errorTtlNanos = errorTtl.toNanos();
        this.fetchRetry = fetchRetry;
        this.crawlDelaySink = crawlDelaySink;
    }

    /** The robots middleware of {@code respect_robots} and {@code robots_error_ttl}, for these agents. */
    public static RobotsMiddleware from(
            Settings settings,
            List<String> tokens,
            RetryPolicy fetchRetry,
            BiConsumer<String, Duration> crawlDelaySink) {
        return new RobotsMiddleware(
                settings.getBoolean(Setting.RESPECT_ROBOTS),
                tokens,
                settings.getDuration(Setting.ROBOTS_ERROR_TTL),
                fetchRetry,
                crawlDelaySink);
    }

    @Override
    public String name() {
        return NAME;
    }

    public boolean enabled() {
        return enabled;
    }

    @Override
    public Response intercept(Chain chain) throws Exception {
        Request request = chain.request();
        if (!enabled) return chain.proceed(request);
        String origin = origin(request.url());
        if (origin == null || isRobotsTxt(request.url())) return chain.proceed(request);
        HostRules rules = rulesFor(origin, chain);
        if (rules.refused()) {
            throw new BlockedAddressException("not sent: " + origin + "/robots.txt was " + rules.summary());
        }
        if (rules.error()) {
            throw new RobotsUnavailableException(
                    "not sent: " + origin + "/robots.txt is unavailable (" + rules.summary()
                            + "), so RFC 9309 disallows the host for " + ttlSeconds() + " s (robots_error_ttl)");
        }
        if (!rules.rules().isAllowed(request.url())) {
            throw new DropRequest(DROP_REASON, request.url() + " is disallowed by " + origin + "/robots.txt");
        }
        return chain.proceed(request);
    }

    /** {@code robots_error_ttl} as written: {@code 300}, {@code 0.3}. */
    private String ttlSeconds() {
        return BigDecimal.valueOf(errorTtlNanos, 9).stripTrailingZeros().toPlainString();
    }

    /** The cached rules of {@code origin}, fetching them first if no other request is already doing so. */
    private HostRules rulesFor(String origin, Chain chain) throws Exception {
        while (true) {
            CompletableFuture<HostRules> shared = cache.get(origin);
            if (shared != null
                    && shared.isDone()
                    && !shared.isCompletedExceptionally()
                    && shared.join().expired(System.nanoTime())) {
                cache.remove(origin, shared); // an error's TTL ran out: fetch again
                continue;
            }
            if (shared == null) {
                CompletableFuture<HostRules> mine = new CompletableFuture<>();
                shared = cache.putIfAbsent(origin, mine);
                if (shared == null) {
                    try {
                        HostRules rules = fetch(origin, chain);
                        mine.complete(rules);
                        return rules;
                    } catch (Throwable t) {
                        // interrupted (or a bug): let the next waiter fetch instead of caching the failure
                        cache.remove(origin, mine);
                        mine.completeExceptionally(t);
                        throw t;
                    }
                }
            }
            try {
                return shared.get();
            } catch (ExecutionException e) {
                // the fetching request gave up without an answer; loop and fetch ourselves
            }
        }
    }

    private HostRules fetch(String origin, Chain chain) throws Exception {
        Stats stats = chain.context().stats();
        String url = origin + "/robots.txt";
        int redirects = 0;
        int retries = 0;
        while (true) {
            Response response = null;
            String problem;
            try {
                response = chain.fetch(
                        Request.builder(url).dontFilter(true).meta(META, true).build());
                problem = response.status() >= 500 ? "HTTP " + response.status() : null;
            } catch (BlockedAddressException e) {
                // every request to this host is refused alike: none is sent, each fails with the boundary's reason
                LOG.debug("robots.txt of {}: {}", origin, e.getMessage());
                return new HostRules(
                        new SimpleRobotRules(SimpleRobotRules.RobotRulesMode.ALLOW_NONE),
                        true,
                        Long.MAX_VALUE,
                        e.getMessage(),
                        true);
            } catch (PermanentFailureException e) {
                problem = RetryPolicy.describe(e);
                retries = fetchRetry.times(); // another attempt cannot mend it (an untrusted certificate, say)
            } catch (IOException e) {
                problem = RetryPolicy.describe(e);
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                // a later middleware refused or broke the fetch (e.g. a user's DropRequest): no answer from the
                // host, so treat it as unreachable (disallow for the TTL), the polite reading; trying again won't help
                problem = RetryPolicy.describe(e);
                retries = fetchRetry.times();
            }
            if (problem != null) {
                if (retries < fetchRetry.times()) {
                    Duration wait = fetchRetry.delay(retries++, response);
                    LOG.debug("robots.txt of {} failed ({}); trying again in {} ms", origin, problem, wait.toMillis());
                    Thread.sleep(wait);
                    continue;
                }
                stats.increment(STAT_UNAVAILABLE);
                LOG.warn(
                        "robots.txt of {} is unavailable ({}): disallowing the host for {} s",
                        origin,
                        problem,
                        ttlSeconds());
                return new HostRules(
                        new SimpleRobotRules(SimpleRobotRules.RobotRulesMode.ALLOW_NONE),
                        true,
                        System.nanoTime() + errorTtlNanos,
                        problem);
            }
            Response got = response;
            int status = got.status();
            if (status >= 300 && status < 400) {
                Optional<String> location = got.header("Location").flatMap(l -> Urls.resolve(got.url(), l));
                if (location.isPresent() && redirects++ < MAX_REDIRECTS) {
                    url = location.get();
                    continue;
                }
                return allowAll(
                        origin,
                        stats,
                        location.isPresent() ? "more than " + MAX_REDIRECTS + " redirects" : "HTTP " + status);
            }
            if (status >= 400) return allowAll(origin, stats, "HTTP " + status);
            stats.increment(STAT_FETCHED);
            byte[] body = got.body().length > MAX_BYTES ? Arrays.copyOf(got.body(), MAX_BYTES) : got.body();
            BaseRobotRules rules = new SimpleRobotRulesParser() // not thread-safe (warning counter): one per parse
                    .parseContent(url, body, got.header("Content-Type").orElse("text/plain"), tokens);
            long delayMs = rules.getCrawlDelay();
            if (delayMs > 0) crawlDelaySink.accept(Urls.host(origin), Duration.ofMillis(delayMs));
            LOG.debug("robots.txt of {}: {}", origin, rules);
            return new HostRules(rules, false, Long.MAX_VALUE, "rules");
        }
    }

    private static HostRules allowAll(String origin, Stats stats, String why) {
        stats.increment(STAT_FETCHED);
        LOG.debug("robots.txt of {} is not there ({}): everything allowed", origin, why);
        return new HostRules(
                new SimpleRobotRules(SimpleRobotRules.RobotRulesMode.ALLOW_ALL), false, Long.MAX_VALUE, why);
    }

    /** {@code scheme://host[:port]} of an http(s) URL, lower case, default port omitted; null otherwise. */
    static @Nullable String origin(String url) {
        int sep = url.indexOf("://");
        if (sep < 0) return null;
        String scheme = url.substring(0, sep).toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) return null;
        String host = Urls.host(url);
        if (host.isEmpty()) return null;
        int end = authorityEnd(url, sep + 3);
        String authority = url.substring(sep + 3, end);
        int at = authority.lastIndexOf('@');
        if (at >= 0) authority = authority.substring(at + 1);
        int colon = authority.lastIndexOf(':');
        String port = colon >= 0 && authority.indexOf(']', colon) < 0 ? authority.substring(colon + 1) : "";
        boolean defaultPort = port.isEmpty()
                || scheme.equals("http") && port.equals("80")
                || scheme.equals("https") && port.equals("443");
        return scheme + "://" + host + (defaultPort ? "" : ":" + port);
    }

    /** True for the robots.txt URL of any origin: path exactly {@code /robots.txt}, any query. */
    static boolean isRobotsTxt(String url) {
        int sep = url.indexOf("://");
        if (sep < 0) return false;
        int slash = authorityEnd(url, sep + 3);
        int end = slash;
        while (end < url.length() && url.charAt(end) != '?' && url.charAt(end) != '#') end++;
        return url.substring(slash, end).equals("/robots.txt");
    }

    private static int authorityEnd(String url, int from) {
        int end = from;
        while (end < url.length() && "/?#".indexOf(url.charAt(end)) < 0) end++;
        return end;
    }

    @Override
    public String toString() {
        return NAME + (enabled ? "(as " + String.join(", ", tokens) + ")" : "(off)");
    }
}
