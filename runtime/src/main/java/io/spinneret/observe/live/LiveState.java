package io.spinneret.observe.live;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.spinneret.observe.CrawlClosed;
import io.spinneret.observe.CrawlOpened;
import io.spinneret.observe.stats.CrawlTally;
import io.spinneret.spi.Stats;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What the live page shows at one moment, as the JSON its event stream carries: the main counters
 * (from the crawl's own, so that the page ends with the figures of the crawl's result), queue and
 * in flight, the per-domain table, the rates, the latest failures and, once closed, the stop reason.
 */
record LiveState(
        String spider,
        double elapsedSeconds,
        Map<String, Long> counters,
        long queued,
        long inFlight,
        CrawlTally.Snapshot tally,
        List<Rates.Point> rates,
        List<FailureLine> failures,
        @Nullable String stopReason) {
    private static final JsonFactory JSON = new JsonFactory();
    private static final List<String> SHOWN =
            List.of(Stats.REQUESTS, Stats.RESPONSES, Stats.ITEMS, Stats.FAILURES, Stats.DUPLICATES);

    /** A failure as the page lists it. */
    record FailureLine(String time, String url, int status, String reason) {}

    static LiveState of(
            @Nullable CrawlOpened crawl,
            @Nullable CrawlClosed closed,
            CrawlTally.Snapshot tally,
            List<Rates.Point> rates,
            List<FailureLine> failures) {
        if (crawl == null) return new LiveState("", 0, Map.of(), 0, 0, tally, rates, failures, null);
        Map<String, Long> all =
                closed != null ? closed.counters() : crawl.stats().snapshot();
        Map<String, Long> shown = new LinkedHashMap<>();
        for (String k : SHOWN) shown.put(k, all.getOrDefault(k, 0L));
        long sessions = all.getOrDefault(Stats.SESSIONS_CREATED, 0L);
        if (sessions > 0) { // a crawl in sessions: the pool's state
            long retired = all.getOrDefault(Stats.SESSIONS_RETIRED, 0L);
            shown.put("sessions_live", sessions - retired);
            shown.put("sessions_retired", retired);
            shown.put("sessions_blocked", all.getOrDefault(Stats.SESSIONS_BLOCKED, 0L));
        }
        Instant end = closed != null ? closed.endedAt() : Instant.now();
        return new LiveState(
                crawl.spider(),
                Duration.between(crawl.startedAt(), end).toMillis() / 1000.0,
                shown,
                closed != null ? 0 : crawl.queued(),
                closed != null ? 0 : crawl.inFlight(),
                tally,
                rates,
                failures,
                closed != null ? closed.stopReason() : null);
    }

    String toJson() {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(w)) {
            g.writeStartObject();
            g.writeStringField("spider", spider);
            g.writeNumberField("elapsed", elapsedSeconds);
            g.writeObjectFieldStart("counters");
            for (Map.Entry<String, Long> e : counters.entrySet()) g.writeNumberField(e.getKey(), e.getValue());
            g.writeEndObject();
            g.writeNumberField("queued", queued);
            g.writeNumberField("inFlight", inFlight);
            g.writeArrayFieldStart("domains");
            for (Map.Entry<String, CrawlTally.DomainCounts> e : tally.domains().entrySet()) {
                CrawlTally.DomainCounts d = e.getValue();
                g.writeStartObject();
                g.writeStringField("domain", e.getKey());
                g.writeNumberField("requests", d.requests());
                g.writeNumberField("responses", d.responses());
                g.writeNumberField("failures", d.failures());
                g.writeNumberField("delay", Math.round(d.delaySeconds() * 1000) / 1000.0);
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("rates");
            for (Rates.Point p : rates) {
                g.writeStartArray();
                g.writeNumber(p.second());
                g.writeNumber(p.pages());
                g.writeNumber(p.items());
                g.writeEndArray();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("failures");
            for (FailureLine f : failures) {
                g.writeStartObject();
                g.writeStringField("time", f.time());
                g.writeStringField("url", f.url());
                g.writeNumberField("status", f.status());
                g.writeStringField("reason", f.reason());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeStringField("stopReason", stopReason);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }
}
