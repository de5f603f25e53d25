package io.spinneret.download;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.download.http.CookieJars;
import io.spinneret.spi.Downloader;
import java.io.IOException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends each request to the downloader of its {@link Request#renderer()} ({@code AUTO} to HTTP). Downloaders are created
 * on first use, so a crawl that never asks for the browser never starts one. Thread-safe.
 */
public final class DownloaderRouter implements Downloader {
    private static final Logger LOG = LoggerFactory.getLogger(DownloaderRouter.class);

    private final Map<Renderer, Supplier<? extends Downloader>> factories;
    private final List<AutoCloseable> closedAfter;
    private final CookieJars cookies;
    private final Map<Renderer, Downloader> started = new EnumMap<>(Renderer.class);
    /** {@link #started} by ordinal, for the lock-free read on every request. */
    private final AtomicReferenceArray<Downloader> ready = new AtomicReferenceArray<>(Renderer.values().length);

    /** @param factories how to create the downloader of each renderer; called at most once each */
    public DownloaderRouter(Map<Renderer, Supplier<? extends Downloader>> factories) {
        this(factories, List.of());
    }

    /** @param closedAfter closed after the downloaders, by {@link #close} (e.g. the WARC recorder they report to) */
    public DownloaderRouter(
            Map<Renderer, Supplier<? extends Downloader>> factories, List<? extends AutoCloseable> closedAfter) {
        this(factories, closedAfter, new CookieJars(null));
    }

    /** @param cookies the cookie jars the downloaders share, for the session pool to fill and read */
    public DownloaderRouter(
            Map<Renderer, Supplier<? extends Downloader>> factories,
            List<? extends AutoCloseable> closedAfter,
            CookieJars cookies) {
        this.factories = new EnumMap<>(factories);
        this.closedAfter = List.copyOf(closedAfter);
        this.cookies = cookies;
    }

    /** The cookie jars the downloaders share. */
    public CookieJars cookies() {
        return cookies;
    }

    @Override
    public Response download(Request request) throws IOException, InterruptedException {
        // AUTO's choice is the engine's (it asks for BROWSER when a page needs it): here it is HTTP
        Renderer renderer = request.renderer() == Renderer.AUTO ? Renderer.HTTP : request.renderer();
        return downloaderFor(renderer).download(request);
    }

    /**
     * The downloader of a renderer, creating it on first use. Once created it is read without a
     * lock: this runs for every request, and the first browser request may hold the lock for the
     * seconds Chromium takes to start.
     */
    public Downloader downloaderFor(Renderer renderer) {
        Downloader d = ready.get(renderer.ordinal());
        return d != null ? d : start(renderer);
    }

    private Downloader start(Renderer renderer) {
        synchronized (started) {
            Downloader d = started.get(renderer);
            if (d == null) {
                Supplier<? extends Downloader> f = factories.get(renderer);
                if (f == null) throw new IllegalStateException("no downloader configured for renderer " + renderer);
                d = f.get();
                started.put(renderer, d);
                ready.set(renderer.ordinal(), d);
                LOG.debug("started {} downloader", renderer);
            }
            return d;
        }
    }

    /** True once the downloader of {@code renderer} has been created. */
    public boolean isStarted(Renderer renderer) {
        return ready.get(renderer.ordinal()) != null;
    }

    @Override
    public void close() {
        synchronized (started) {
            for (Downloader d : started.values()) {
                try {
                    d.close();
                } catch (Exception e) {
                    LOG.warn("closing {} failed: {}", d, e.toString());
                }
            }
            started.clear();
            for (int i = 0; i < ready.length(); i++) ready.set(i, null);
            for (AutoCloseable c : closedAfter) {
                try {
                    c.close();
                } catch (Exception e) {
                    LOG.warn("closing {} failed: {}", c, e.toString());
                }
            }
        }
    }
}
