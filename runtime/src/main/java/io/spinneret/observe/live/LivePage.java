package io.spinneret.observe.live;

import com.sun.net.httpserver.HttpExchange;
import io.spinneret.annotations.Setting;
import io.spinneret.api.Failure;
import io.spinneret.api.SpinneretException;
import io.spinneret.observe.CrawlClosed;
import io.spinneret.observe.CrawlOpened;
import io.spinneret.observe.http.Endpoint;
import io.spinneret.observe.stats.CrawlTally;
import io.spinneret.settings.Settings;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code ui} listener: serves the live crawl page from the crawling process. {@code /} is the
 * page, {@code /events} a stream of server-sent events, one JSON {@link LiveState} a second and a
 * last one when the crawl closes, {@code /state} the same JSON once. The page draws pages and items
 * per second over time, the queue, in flight, a table per domain (requests, failures, observed
 * delay), the latest failures with their reasons and, at the end, the stop reason.
 *
 * <p>Bound to loopback unless {@code ui} names another address, which then needs {@code ui_token}:
 * open {@code http://host:port/?token=...}. The server is bound when the listener opens and closed
 * after the crawl, once the open pages got the last state (two seconds at most).
 */
public final class LivePage extends CrawlTally implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LivePage.class);
    static final int FAILURES_KEPT = 20;
    private static final long LAST_STATE_WAIT_MILLIS = 2000;

    private final Endpoint endpoint;
    private final byte[] page;
    private final ArrayDeque<LiveState.FailureLine> failures = new ArrayDeque<>();
    private final Rates rates = new Rates();
    private volatile @Nullable CrawlOpened crawl;
    private volatile @Nullable CrawlClosed closed;
    private int streams;

    private LivePage(Endpoint endpoint) {
        super(false); // the page shows no latencies: no histogram to keep, nor percentiles to work out each second
        this.endpoint = endpoint;
        try (InputStream in = LivePage.class.getResourceAsStream("page.html")) {
            if (in == null) throw new IllegalStateException("page.html is missing from the runtime jar");
            this.page = in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Binds the page's server at {@code ui}.
     *
     * @throws SpinneretException for a bad address, a port in use, or another address than loopback without {@code ui_token}
     */
    public static LivePage open(Settings settings) {
        Endpoint endpoint = Endpoint.bind(
                settings.getString(Setting.UI).trim(),
                settings.getString(Setting.UI_TOKEN),
                "the live crawl page",
                "ui");
        LivePage live = new LivePage(endpoint);
        endpoint.route("/", live::page);
        endpoint.route("/events", live::events);
        endpoint.route(
                "/state",
                x -> Endpoint.send(x, 200, "application/json", live.state().toJson()));
        endpoint.start();
        LOG.info("live crawl page at {}", endpoint.url());
        return live;
    }

    /** The page's URL (without the token). */
    public String url() {
        return endpoint.url().toString();
    }

    @Override
    public void crawlOpened(CrawlOpened crawl) {
        this.crawl = crawl;
        rates.start(crawl);
    }

    @Override
    public void requestFailed(Failure failure, @Nullable String errback) {
        super.requestFailed(failure, errback);
        if (failure.ignoredStatus()) return; // a response the crawl ignored (a 404), not a failure
        synchronized (failures) {
            if (failures.size() == FAILURES_KEPT) failures.removeFirst();
            failures.addLast(new LiveState.FailureLine(
                    Instant.now().toString(), failure.request().url(), failure.status(), failure.reason()));
        }
    }

    @Override
    public void crawlClosed(CrawlClosed crawl) {
        rates.stop();
        this.closed = crawl;
        synchronized (this) {
            notifyAll();
            long until = System.currentTimeMillis() + LAST_STATE_WAIT_MILLIS;
            try {
                for (long left; streams > 0 && (left = until - System.currentTimeMillis()) > 0; ) wait(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** What the page shows now. */
    public LiveState state() {
        List<LiveState.FailureLine> latest;
        synchronized (failures) {
            latest = List.copyOf(failures);
        }
        return LiveState.of(crawl, closed, snapshot(), rates.points(), latest);
    }

    private void page(HttpExchange x) throws IOException {
        if (!x.getRequestURI().getPath().equals("/")) {
            Endpoint.send(x, 404, "text/plain; charset=utf-8", "not found\n");
            return;
        }
        x.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
        x.getResponseHeaders().set("Cache-Control", "no-store");
        x.sendResponseHeaders(200, page.length);
        x.getResponseBody().write(page);
    }

    /** One event a second, and the last state as soon as the crawl closes; then the stream ends. */
    private void events(HttpExchange x) throws IOException {
        x.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
        x.getResponseHeaders().set("Cache-Control", "no-store");
        x.sendResponseHeaders(200, 0);
        OutputStream out = x.getResponseBody();
        synchronized (this) {
            streams++;
        }
        try {
            while (true) {
                boolean last = closed != null;
                out.write(("data: " + state().toJson() + "\n\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
                if (last) return;
                synchronized (this) {
                    if (closed == null) wait(1000);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            synchronized (this) {
                streams--;
                notifyAll();
            }
        }
    }

    @Override
    public void close() {
        rates.stop();
        endpoint.close();
    }
}
