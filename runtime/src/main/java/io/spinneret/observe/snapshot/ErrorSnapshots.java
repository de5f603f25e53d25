package io.spinneret.observe.snapshot;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.spinneret.annotations.Renderer;
import io.spinneret.annotations.Setting;
import io.spinneret.api.Failure;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.disk.FileErrors;
import io.spinneret.observe.CrawlListener;
import io.spinneret.settings.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code error_snapshots} listener, after Crawlee's error snapshotter: for each failed request
 * (a download that failed, a status that is not 2xx, a callback or errback that threw; routed to
 * an errback or not) it writes a folder {@code <fingerprint>-<reason>} under the snapshot folder
 * with {@code failure.json} (URL, method, reason, status, errback, headers, time) and the response
 * body when one arrived: {@code body.html} (or {@code .json}, {@code .txt}, {@code .bin} by content
 * type); for a browser render the body is the rendered HTML, {@code rendered.html}, and a
 * {@code screenshot.png} and the body as the server sent it, {@code body.html}, are added when the
 * downloader kept them (the {@link #SCREENSHOT_META} and {@link #SERVED_BODY_META} meta keys of
 * the response's request; the browser downloader keeps them for a status that is not 2xx). At most {@code error_snapshots_max_count} snapshots and
 * {@code error_snapshots_max_bytes} bytes per crawl; the same request failing twice for the same
 * reason keeps its first snapshot.
 */
public final class ErrorSnapshots implements CrawlListener {
    private static final Logger LOG = LoggerFactory.getLogger(ErrorSnapshots.class);
    private static final JsonFactory JSON = new JsonFactory();
    /** Meta key under which a downloader may leave a PNG screenshot (byte[]) of a rendered page. */
    public static final String SCREENSHOT_META = "spinneret.screenshot";
    /** Meta key under which a browser downloader may leave the body as served (byte[]), before scripts changed the page. */
    public static final String SERVED_BODY_META = "spinneret.served_body";

    private final Path dir;
    private final int maxCount;
    private final long maxBytes;
    private int count;
    private long bytes;
    private boolean capLogged;

    private ErrorSnapshots(Path dir, int maxCount, long maxBytes) {
        this.dir = dir;
        this.maxCount = maxCount;
        this.maxBytes = maxBytes;
    }

    public static ErrorSnapshots of(Path dir, Settings settings) {
        return new ErrorSnapshots(
                dir,
                settings.getInt(Setting.ERROR_SNAPSHOTS_MAX_COUNT),
                settings.getLong(Setting.ERROR_SNAPSHOTS_MAX_BYTES));
    }

    /** Snapshots written so far. */
    public synchronized int count() {
        return count;
    }

    @Override
    public synchronized void requestFailed(Failure failure, @Nullable String errback) {
        Response resp = failure.response();
        byte[] body = resp == null ? new byte[0] : resp.body();
        byte[] screenshot = kept(resp, SCREENSHOT_META);
        byte[] served = kept(resp, SERVED_BODY_META);
        long size = body.length + (screenshot == null ? 0 : screenshot.length) + (served == null ? 0 : served.length);
        if (count >= maxCount || bytes + size > maxBytes) {
            if (!capLogged) {
                capLogged = true;
                LOG.info(
                        "error snapshots: the cap ({} snapshots, {} bytes) is reached; further failures are not saved",
                        maxCount,
                        maxBytes);
            }
            return;
        }
        Request req = failure.request();
        Path folder = dir.resolve(req.fingerprint().hex().substring(0, 16) + "-" + slug(failure.reason()));
        if (Files.exists(folder)) return;
        try {
            Files.createDirectories(folder);
            writeFailure(folder.resolve("failure.json"), failure, errback);
            if (resp != null && body.length > 0) {
                Files.write(
                        folder.resolve(req.renderer() == Renderer.BROWSER ? "rendered.html" : "body" + extension(resp)),
                        body);
            }
            if (screenshot != null) Files.write(folder.resolve("screenshot.png"), screenshot);
            if (served != null) Files.write(folder.resolve("body.html"), served);
            count++;
            bytes += size;
        } catch (IOException e) {
            LOG.warn("cannot write the error snapshot {}: {}", folder, FileErrors.describe(e));
        }
    }

    private static byte @Nullable [] kept(@Nullable Response resp, String key) {
        return resp != null && resp.request().meta().get(key) instanceof byte[] b ? b : null;
    }

    /** The reason in a file name: lower case letters, digits and dashes, at most 40 characters. */
    static String slug(String reason) {
        String s = reason.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        if (s.length() > 40) s = s.substring(0, 40).replaceAll("-$", "");
        return s.isEmpty() ? "failed" : s;
    }

    private static String extension(Response resp) {
        String type = resp.header("Content-Type").orElse("").toLowerCase(Locale.ROOT);
        if (type.contains("html")) return ".html";
        if (type.contains("json")) return ".json";
        if (type.startsWith("text/") || type.contains("xml")) return ".txt";
        return ".bin";
    }

    private static void writeFailure(Path file, Failure f, @Nullable String errback) throws IOException {
        try (JsonGenerator g = JSON.createGenerator(file.toFile(), JsonEncoding.UTF8)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("url", f.request().url());
            g.writeStringField("method", f.request().method());
            g.writeStringField("reason", f.reason());
            g.writeNumberField("status", f.status());
            g.writeStringField("errback", errback);
            g.writeNumberField("retries", f.request().retryCount());
            g.writeStringField("time", Instant.now().toString());
            Response r = f.response();
            if (r != null) {
                g.writeStringField("response_url", r.url());
                g.writeObjectFieldStart("headers");
                for (Map.Entry<String, List<String>> h : r.headers().entrySet())
                    g.writeStringField(h.getKey(), String.join(", ", h.getValue()));
                g.writeEndObject();
            }
            g.writeEndObject();
        }
    }
}
