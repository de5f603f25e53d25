package io.spinneret.observe.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.spinneret.annotations.Setting;
import io.spinneret.api.Failure;
import io.spinneret.api.Request;
import io.spinneret.observe.ChangeStatus;
import io.spinneret.observe.CrawlListener;
import io.spinneret.observe.CrawlOpened;
import io.spinneret.spi.Stats;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A listener that turns a crawl's events into Micrometer meters on {@code registry}. In Prometheus
 * names: {@code spinneret_requests_total{domain,status}} (responses, by status),
 * {@code spinneret_response_seconds} (a histogram of download latency),
 * {@code spinneret_response_bytes_total{domain}}, {@code spinneret_failures_total{domain}},
 * {@code spinneret_requests_scheduled_total}, {@code spinneret_requests_dropped_total{reason}},
 * {@code spinneret_items_total{type}}, {@code spinneret_items_dropped_total{type,reason}}, and the
 * gauges {@code spinneret_queue_size} and {@code spinneret_in_flight}; with {@code session_pool}, the gauge
 * {@code spinneret_sessions_live} and the counters {@code spinneret_sessions_retired_total} and
 * {@code spinneret_sessions_blocked_total}. Every meter has the tag
 * {@code spider}. Events come on one thread, so the meter caches need no locks.
 */
class CrawlMetrics implements CrawlListener {
    /**
     * The latency histogram's buckets: the Prometheus client libraries' default ones, 5 ms to 10 s.
     * Micrometer's percentile histogram would have 73 between 1 ms and a minute, which tripled every
     * scrape's text and work, a cost paid in each second of a crawl.
     */
    static final Duration[] LATENCY_BUCKETS = {
        Duration.ofMillis(5),
        Duration.ofMillis(10),
        Duration.ofMillis(25),
        Duration.ofMillis(50),
        Duration.ofMillis(100),
        Duration.ofMillis(250),
        Duration.ofMillis(500),
        Duration.ofSeconds(1),
        Duration.ofMillis(2500),
        Duration.ofSeconds(5),
        Duration.ofSeconds(10)
    };

    private final MeterRegistry registry;
    /** Meters found by their tag values without building a key: most events hit these. */
    private final Map<String, Domain> domains = new HashMap<>();

    private final Map<Class<?>, Counter> itemsByType = new HashMap<>();
    private final Map<String, Counter> counters = new HashMap<>();
    private @Nullable Counter scheduled;
    private @Nullable Timer latency;
    private String spider = "";

    /** The meters of one domain. */
    private static final class Domain {
        final Map<Integer, Counter> byStatus = new HashMap<>();

        @Nullable
        Counter bytes;

        @Nullable
        Counter failures;
    }

    CrawlMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    public void crawlOpened(CrawlOpened crawl) {
        spider = crawl.spider();
        Gauge.builder("spinneret.queue.size", crawl, CrawlOpened::queued)
                .tag("spider", spider)
                .description("requests waiting in the scheduler")
                .register(registry);
        Gauge.builder("spinneret.in.flight", crawl, CrawlOpened::inFlight)
                .tag("spider", spider)
                .description("requests being crawled")
                .register(registry);
        if (crawl.settings().getBoolean(Setting.SESSION_POOL)) sessionMeters(crawl.stats());
        latency = Timer.builder("spinneret.response")
                .tag("spider", spider)
                .serviceLevelObjectives(LATENCY_BUCKETS)
                .description("time from a download's start to its whole body")
                .register(registry);
    }

    /** The session pool's state, read from the crawl's counters at each scrape. */
    private void sessionMeters(Stats stats) {
        Gauge.builder(
                        "spinneret.sessions.live",
                        stats,
                        s -> s.get(Stats.SESSIONS_CREATED) - s.get(Stats.SESSIONS_RETIRED))
                .tag("spider", spider)
                .description("pooled and named sessions not retired")
                .register(registry);
        FunctionCounter.builder("spinneret.sessions.retired", stats, s -> s.get(Stats.SESSIONS_RETIRED))
                .tag("spider", spider)
                .description("sessions retired (blocked, used up, too old, proxy failed)")
                .register(registry);
        FunctionCounter.builder("spinneret.sessions.blocked", stats, s -> s.get(Stats.SESSIONS_BLOCKED))
                .tag("spider", spider)
                .description("responses judged blocked")
                .register(registry);
    }

    private Counter register(String name, String description, String... tags) {
        return Counter.builder(name)
                .tag("spider", spider)
                .tags(tags)
                .description(description)
                .register(registry);
    }

    /** For the rarer meters: found by a key made of the name and tags. */
    private Counter counter(String name, String description, String... tags) {
        String key = name + '|' + String.join("|", tags);
        Counter c = counters.get(key);
        if (c == null) {
            c = register(name, description, tags);
            counters.put(key, c);
        }
        return c;
    }

    @Override
    public void requestScheduled(Request request) {
        Counter c = scheduled;
        if (c == null) scheduled = c = register("spinneret.requests.scheduled", "requests put into the scheduler");
        c.increment();
    }

    @Override
    public void requestDropped(Request request, String reason) {
        counter("spinneret.requests.dropped", "requests not crawled on purpose", "reason", reason)
                .increment();
    }

    @Override
    public void responseReceived(Request request, int status, long bytes, Duration took) {
        String host = request.host();
        Domain d = domains.computeIfAbsent(host, h -> new Domain());
        Counter byStatus = d.byStatus.get(status);
        if (byStatus == null) {
            byStatus = register(
                    "spinneret.requests",
                    "responses received, by status",
                    "domain",
                    host,
                    "status",
                    Integer.toString(status));
            d.byStatus.put(status, byStatus);
        }
        byStatus.increment();
        Counter b = d.bytes;
        if (b == null) d.bytes = b = register("spinneret.response.bytes", "body bytes received", "domain", host);
        b.increment(bytes);
        Timer t = latency;
        if (t != null) t.record(took);
    }

    @Override
    public void requestFailed(Failure failure, @Nullable String errback) {
        String host = failure.request().host();
        Domain d = domains.computeIfAbsent(host, h -> new Domain());
        Counter c = d.failures;
        if (c == null)
            d.failures = c = register("spinneret.failures", "failed requests, callbacks and errbacks", "domain", host);
        c.increment();
    }

    @Override
    public void itemScraped(Object item) {
        Counter c = itemsByType.get(item.getClass());
        if (c == null) {
            c = register(
                    "spinneret.items",
                    "items accepted for storage",
                    "type",
                    item.getClass().getSimpleName());
            itemsByType.put(item.getClass(), c);
        }
        c.increment();
    }

    @Override
    public void itemDropped(Object item, String reason) {
        counter(
                        "spinneret.items.dropped",
                        "items not stored on purpose",
                        "type",
                        item.getClass().getSimpleName(),
                        "reason",
                        reason)
                .increment();
    }

    @Override
    public void changeStatus(Request request, ChangeStatus status) {
        counter(
                        "spinneret.recrawl.pages",
                        "pages a re-crawl judged, by change status",
                        "status",
                        status.name().toLowerCase(Locale.ROOT))
                .increment();
    }
}
