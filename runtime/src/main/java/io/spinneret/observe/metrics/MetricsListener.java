package io.spinneret.observe.metrics;

import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.micrometer.registry.otlp.OtlpConfig;
import io.micrometer.registry.otlp.OtlpMeterRegistry;
import io.spinneret.annotations.Setting;
import io.spinneret.observe.CrawlClosed;
import io.spinneret.observe.http.Endpoint;
import io.spinneret.settings.Settings;
import java.time.Duration;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The metrics of a crawl, off unless {@code metrics} (a Prometheus scrape endpoint at
 * {@code host:port/metrics}) or {@code metrics_otlp} (OTLP/HTTP push) is set. Micrometer is the
 * facade: the events are recorded (see {@link CrawlMetrics}) into a registry for each backend. The endpoint
 * is bound when the listener is opened, so a port in use fails the crawl before it starts; it
 * serves until the crawl's end, and OTLP pushes a last time then.
 */
public final class MetricsListener extends CrawlMetrics implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MetricsListener.class);
    static final String TEXT_FORMAT = "text/plain; version=0.0.4; charset=utf-8";

    private final MeterRegistry registry;
    private final @Nullable PrometheusMeterRegistry prometheus;
    private final @Nullable OtlpMeterRegistry otlp;
    private final @Nullable Endpoint endpoint;

    private MetricsListener(
            MeterRegistry registry,
            @Nullable PrometheusMeterRegistry prometheus,
            @Nullable Endpoint endpoint,
            @Nullable OtlpMeterRegistry otlp) {
        super(registry);
        this.registry = registry;
        this.prometheus = prometheus;
        this.endpoint = endpoint;
        this.otlp = otlp;
    }

    /** The one backend's registry itself, or a composite of both: a composite costs every meter a hop. */
    private static MeterRegistry of(@Nullable PrometheusMeterRegistry prometheus, @Nullable OtlpMeterRegistry otlp) {
        if (otlp == null && prometheus != null) return prometheus;
        if (prometheus == null && otlp != null) return otlp;
        CompositeMeterRegistry both = new CompositeMeterRegistry();
        if (prometheus != null) both.add(prometheus);
        if (otlp != null) both.add(otlp);
        return both;
    }

    /**
     * Binds the scrape endpoint and starts the OTLP registry, as the settings say.
     *
     * @throws io.spinneret.api.SpinneretException if the endpoint cannot be bound
     */
    public static MetricsListener open(Settings settings) {
        String address = settings.getString(Setting.METRICS).trim();
        PrometheusMeterRegistry prometheus = null;
        Endpoint endpoint = null;
        if (!address.isEmpty()) {
            prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
            endpoint = Endpoint.bind(address, settings.getString(Setting.UI_TOKEN), "the metrics endpoint", "metrics");
            PrometheusMeterRegistry p = prometheus;
            endpoint.route("/metrics", exchange -> Endpoint.send(exchange, 200, TEXT_FORMAT, p.scrape(TEXT_FORMAT)));
            endpoint.start();
            LOG.info("metrics at {}metrics", endpoint.url());
        }
        String otlpUrl = settings.getString(Setting.METRICS_OTLP).trim();
        OtlpMeterRegistry otlp =
                otlpUrl.isEmpty() ? null : otlp(otlpUrl, settings.getDuration(Setting.METRICS_OTLP_INTERVAL));
        return new MetricsListener(of(prometheus, otlp), prometheus, endpoint, otlp);
    }

    private static OtlpMeterRegistry otlp(String url, Duration step) {
        Map<String, String> config = Map.of(
                "otlp.url",
                url,
                "otlp.step",
                step.toMillis() + "ms",
                "otlp.resourceAttributes",
                "service.name=spinneret");
        OtlpConfig c = config::get;
        return new OtlpMeterRegistry(c, Clock.SYSTEM);
    }

    /** The registry the meters are in (all backends). */
    public MeterRegistry registry() {
        return registry;
    }

    /** The Prometheus text the endpoint serves now; empty without one. */
    public String scrape() {
        return prometheus == null ? "" : prometheus.scrape(TEXT_FORMAT);
    }

    /** The scrape endpoint's root URL, or null without one. */
    public @Nullable String url() {
        return endpoint == null ? null : endpoint.url().toString();
    }

    @Override
    public void crawlClosed(CrawlClosed crawl) {
        if (otlp != null) otlp.close(); // pushes what the crawl's end recorded
    }

    @Override
    public void close() {
        if (endpoint != null) endpoint.close();
        if (otlp != null && !otlp.isClosed()) otlp.close();
        if (!registry.isClosed()) registry.close();
    }
}
