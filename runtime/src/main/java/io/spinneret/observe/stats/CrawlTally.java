package io.spinneret.observe.stats;

import io.spinneret.api.Failure;
import io.spinneret.api.Request;
import io.spinneret.observe.CrawlListener;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.jspecify.annotations.Nullable;

/**
 * A listener that keeps what the crawl's counters do not: requests, responses, failures, bytes and
 * the observed delay per domain, responses per status, and the latency distribution (an
 * HdrHistogram, so that percentiles stay exact to 3 digits over any number of responses in constant
 * memory). The stats file and the live page build on it. Its events come on one thread; its
 * {@link #snapshot} may be read on any.
 */
public class CrawlTally implements CrawlListener {
    /** Latencies above an hour are counted as an hour. */
    private static final long MAX_MICROS = TimeUnit.HOURS.toMicros(1);

    private final Map<String, Domain> domains = new TreeMap<>();
    private final Map<Integer, Long> statuses = new TreeMap<>();
    private final @Nullable Histogram latency;

    /** A tally with the latency distribution. */
    public CrawlTally() {
        this(true);
    }

    /** @param latencies whether to keep the latency distribution (without it, {@link Snapshot#latency} is all zeros) */
    protected CrawlTally(boolean latencies) {
        this.latency = latencies ? new Histogram(MAX_MICROS, 3) : null;
    }

    private static final class Domain {
        long requests, responses, failures, bytes, lastStartNanos;
        double delaySeconds = -1; // a moving average of the gaps between two requests' starts
    }

    @Override
    public synchronized void requestStarted(Request request) {
        Domain d = domains.computeIfAbsent(request.host(), h -> new Domain());
        d.requests++;
        long now = System.nanoTime();
        if (d.lastStartNanos != 0) {
            double gap = (now - d.lastStartNanos) / 1e9;
            d.delaySeconds = d.delaySeconds < 0 ? gap : 0.8 * d.delaySeconds + 0.2 * gap;
        }
        d.lastStartNanos = now;
    }

    @Override
    public synchronized void responseReceived(Request request, int status, long bytes, Duration took) {
        Domain d = domains.computeIfAbsent(request.host(), h -> new Domain());
        d.responses++;
        d.bytes += bytes;
        statuses.merge(status, 1L, Long::sum);
        if (latency != null) latency.recordValue(Math.min(MAX_MICROS, Math.max(0, took.toNanos() / 1000)));
    }

    @Override
    public synchronized void requestFailed(Failure failure, @Nullable String errback) {
        if (failure.ignoredStatus()) return; // a response (counted when received), not a failure
        domains.computeIfAbsent(failure.request().host(), h -> new Domain()).failures++;
    }

    /** What the tallies hold now. */
    public synchronized Snapshot snapshot() {
        Map<String, DomainCounts> ds = new LinkedHashMap<>();
        domains.forEach((host, d) -> ds.put(
                host,
                new DomainCounts(
                        d.requests, d.responses, d.failures, d.bytes, d.delaySeconds < 0 ? 0 : d.delaySeconds)));
        return new Snapshot(ds, new LinkedHashMap<>(statuses), latencies());
    }

    private Latency latencies() {
        Histogram latency = this.latency;
        if (latency == null || latency.getTotalCount() == 0) return new Latency(0, 0, 0, 0, 0, 0, 0);
        return new Latency(
                latency.getTotalCount(),
                ms(latency.getMean()),
                ms(latency.getValueAtPercentile(50)),
                ms(latency.getValueAtPercentile(90)),
                ms(latency.getValueAtPercentile(95)),
                ms(latency.getValueAtPercentile(99)),
                ms(latency.getMaxValue()));
    }

    private static double ms(double micros) {
        return Math.round(micros) / 1000.0;
    }

    /** One domain's figures; {@code delaySeconds} is the observed gap between its requests' starts, 0 before the second. */
    public record DomainCounts(long requests, long responses, long failures, long bytes, double delaySeconds) {}

    /** Response latencies in milliseconds (from the download's start to the whole body). */
    public record Latency(
            long count, double meanMs, double p50Ms, double p90Ms, double p95Ms, double p99Ms, double maxMs) {}

    /** The tallies at one moment: domains by name, response statuses by code. */
    public record Snapshot(Map<String, DomainCounts> domains, Map<Integer, Long> statuses, Latency latency) {}
}
