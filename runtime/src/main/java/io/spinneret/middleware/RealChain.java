package io.spinneret.middleware;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.spi.CrawlContext;
import io.spinneret.spi.Downloader;
import java.util.List;

/**
 * The chain that runs: an immutable list of middlewares plus the index of the next one, ending at
 * a {@link Downloader} (normally the {@code DownloaderRouter}). Each {@link #proceed} creates the
 * chain for the next link, so a chain object is never shared between attempts or threads. Side
 * requests ({@link #fetch}) may end at a downloader of their own, e.g. one that does not count them
 * as the crawl's pages.
 */
public final class RealChain implements Chain {
    private final List<Middleware> middlewares;
    private final int index;
    private final Request request;
    private final Downloader downloader;
    private final Downloader sideDownloader;
    private final CrawlContext context;
    private boolean proceeded;

    private RealChain(
            List<Middleware> middlewares,
            int index,
            Request request,
            Downloader downloader,
            Downloader sideDownloader,
            CrawlContext context) {
        this.middlewares = middlewares;
        this.index = index;
        this.request = request;
        this.downloader = downloader;
        this.sideDownloader = sideDownloader;
        this.context = context;
    }

    /**
     * Runs {@code request} through all middlewares (first = outermost) and the downloader.
     *
     * @throws Exception what a middleware or the downloader threw
     */
    public static Response execute(
            List<Middleware> middlewares, Request request, Downloader downloader, CrawlContext context)
            throws Exception {
        return execute(middlewares, request, downloader, downloader, context);
    }

    /**
     * Runs {@code request} through all middlewares (first = outermost) and {@code downloader}; the
     * side requests a middleware sends with {@link #fetch} end at {@code sideDownloader} instead.
     *
     * @throws Exception what a middleware or a downloader threw
     */
    public static Response execute(
            List<Middleware> middlewares,
            Request request,
            Downloader downloader,
            Downloader sideDownloader,
            CrawlContext context)
            throws Exception {
        return new RealChain(List.copyOf(middlewares), 0, request, downloader, sideDownloader, context)
                .proceed(request);
    }

    @Override
    public Request request() {
        return request;
    }

    @Override
    public CrawlContext context() {
        return context;
    }

    @Override
    public Response fetch(Request side) throws Exception {
        // a fresh chain at the same position: the side request runs the middlewares after the caller
        return new RealChain(middlewares, index, side, sideDownloader, sideDownloader, context).proceed(side);
    }

    /**
     * @throws IllegalStateException if the calling middleware already proceeded once on this chain
     *     (a retry hands the next attempt back to the scheduler instead), or a middleware returned null
     */
    @Override
    public Response proceed(Request next) throws Exception {
        if (proceeded) {
            throw new IllegalStateException(
                    "middleware " + middlewares.get(index - 1).name() + " called proceed twice for " + next.url()
                            + "; a middleware proceeds at most once per request");
        }
        proceeded = true;
        if (index >= middlewares.size()) {
            return downloader.download(next);
        }
        Middleware m = middlewares.get(index);
        RealChain rest = new RealChain(middlewares, index + 1, next, downloader, sideDownloader, context);
        Response response = m.intercept(rest);
        if (response == null) {
            throw new IllegalStateException("middleware " + m.name() + " returned null for " + next.url()
                    + "; a middleware must return a response or throw (DropRequest to drop it)");
        }
        return response;
    }
}
