package io.spinneret.engine;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.download.cache.HttpCache;
import io.spinneret.download.cache.HttpCacheMiddleware;
import io.spinneret.middleware.Middleware;
import io.spinneret.middleware.RealChain;
import io.spinneret.spi.CrawlContext;
import io.spinneret.spi.Downloader;
import java.util.ArrayList;
import java.util.List;

/**
 * Gets the response to one request: through the HTTP cache when {@code http_cache} is on (the
 * outermost link), the middlewares, then the downloader, which counts each page; the middlewares'
 * side requests go to the downloader uncounted.
 */
final class Fetcher {
    private final List<Middleware> chain;
    private final Downloader pages;
    private final Downloader sideRequests;
    private final CrawlContext context;

    Fetcher(List<Middleware> middlewares, Downloader downloader, CrawlContext context) {
        HttpCache cache = HttpCache.from(context.settings(), context.spiderName());
        List<Middleware> links = new ArrayList<>(middlewares.size() + 1);
        if (cache != null) links.add(new HttpCacheMiddleware(cache, context.stats()));
        links.addAll(middlewares);
        this.chain = List.copyOf(links);
        this.pages = new CountingDownloader(downloader, context.stats());
        this.sideRequests = downloader;
        this.context = context;
    }

    /** @throws Exception what a middleware or the downloader threw */
    Response fetch(Request request) throws Exception {
        return RealChain.execute(chain, request, pages, sideRequests, context);
    }
}
