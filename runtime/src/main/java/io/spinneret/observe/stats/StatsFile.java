package io.spinneret.observe.stats;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.spinneret.disk.AtomicMove;
import io.spinneret.disk.FileErrors;
import io.spinneret.observe.CrawlClosed;
import io.spinneret.settings.InvalidSettingException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code stats_file} listener: when the crawl closes, writes its final stats as one JSON
 * object, replacing the file whole (written beside it, then moved into place):
 *
 * <pre>{@code
 * {"spider": "books", "started": "2026-12-01T23:00:00Z", "ended": "...", "elapsed_seconds": 4.9,
 *  "stop_reason": "finished", "failure": null,
 *  "counters": {"items": 1000, "requests": 1050, ...},
 *  "domains": {"127.0.0.1": {"requests": 1050, "responses": 1050, "failures": 0, "bytes": ..., "delay_seconds": 0.0}},
 *  "status_codes": {"200": 1050},
 *  "latency_ms": {"count": 1050, "mean": 3.2, "p50": 2.9, "p90": 5.1, "p95": 6.0, "p99": 9.8, "max": 20.1}}
 * }</pre>
 */
public final class StatsFile extends CrawlTally {
    private static final Logger LOG = LoggerFactory.getLogger(StatsFile.class);
    private static final JsonFactory JSON = new JsonFactory();

    private final Path file;

    /** @throws InvalidSettingException if the file cannot be written (checked now, not after the crawl) */
    public StatsFile(Path file) {
        this.file = file;
        checkWritable(file);
    }

    /**
     * Writes and deletes the temporary file the stats go through, so that a path that cannot be
     * written (a directory, no permission, a file where a directory should be) fails before the crawl.
     */
    private static void checkWritable(Path file) {
        if (Files.isDirectory(file)) throw new InvalidSettingException("stats_file " + file + " is a directory");
        try {
            Path dir = file.toAbsolutePath().getParent();
            if (dir != null) Files.createDirectories(dir);
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.write(tmp, new byte[0]);
            Files.delete(tmp);
        } catch (IOException e) {
            throw new InvalidSettingException("cannot write the stats_file " + file + ": " + FileErrors.describe(e));
        }
    }

    @Override
    public void crawlClosed(CrawlClosed crawl) {
        try {
            Path dir = file.toAbsolutePath().getParent();
            if (dir != null) Files.createDirectories(dir);
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            try (JsonGenerator g = JSON.createGenerator(tmp.toFile(), JsonEncoding.UTF8)) {
                g.useDefaultPrettyPrinter();
                write(g, crawl, snapshot());
            }
            AtomicMove.replace(tmp, file);
            LOG.info("stats written to {}", file);
        } catch (IOException e) {
            LOG.warn("cannot write the stats file {}: {}", file, FileErrors.describe(e));
        }
    }

    static void write(JsonGenerator g, CrawlClosed crawl, Snapshot s) throws IOException {
        g.writeStartObject();
        g.writeStringField("spider", crawl.spider());
        g.writeStringField("started", crawl.startedAt().toString());
        g.writeStringField("ended", crawl.endedAt().toString());
        g.writeNumberField("elapsed_seconds", crawl.elapsed().toMillis() / 1000.0);
        g.writeStringField("stop_reason", crawl.stopReason());
        g.writeStringField("failure", crawl.failure());
        g.writeObjectFieldStart("counters");
        for (Map.Entry<String, Long> e : new TreeMap<>(crawl.counters()).entrySet())
            g.writeNumberField(e.getKey(), e.getValue());
        g.writeEndObject();
        g.writeObjectFieldStart("domains");
        for (Map.Entry<String, DomainCounts> e : s.domains().entrySet()) {
            DomainCounts d = e.getValue();
            g.writeObjectFieldStart(e.getKey());
            g.writeNumberField("requests", d.requests());
            g.writeNumberField("responses", d.responses());
            g.writeNumberField("failures", d.failures());
            g.writeNumberField("bytes", d.bytes());
            g.writeNumberField("delay_seconds", Math.round(d.delaySeconds() * 1000) / 1000.0);
            g.writeEndObject();
        }
        g.writeEndObject();
        g.writeObjectFieldStart("status_codes");
        for (Map.Entry<Integer, Long> e : s.statuses().entrySet())
            g.writeNumberField(String.valueOf(e.getKey()), e.getValue());
        g.writeEndObject();
        Latency l = s.latency();
        g.writeObjectFieldStart("latency_ms");
        g.writeNumberField("count", l.count());
        g.writeNumberField("mean", l.meanMs());
        g.writeNumberField("p50", l.p50Ms());
        g.writeNumberField("p90", l.p90Ms());
        g.writeNumberField("p95", l.p95Ms());
        g.writeNumberField("p99", l.p99Ms());
        g.writeNumberField("max", l.maxMs());
        g.writeEndObject();
        g.writeEndObject();
    }
}
