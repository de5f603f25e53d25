package io.spinneret.engine;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.spi.Downloader;
import io.spinneret.spi.Stats;
import java.io.IOException;
import java.util.concurrent.atomic.LongAdder;

/**
 * The end of the chain for a crawl's pages: counts each download as a request, and as a response
 * once one arrived. Side requests of the middlewares (robots.txt) bypass it. Does not close the
 * downloader it wraps. Tells the crawl's listeners when each download starts and ends.
 */
final class CountingDownloader implements Downloader {
    private final Downloader downloader;
    private final LongAdder requests, responses;
    private final CrawlEvents events;

    CountingDownloader(Downloader downloader, Stats stats, CrawlEvents events) {
        this.events = events;
        this.downloader = downloader;
        this.requests = stats.counter(Stats.REQUESTS);
        this.responses = stats.counter(Stats.RESPONSES);
    }

    @Override
    public Response download(Request request) throws IOException, InterruptedException {
        requests.increment();
        if (!events.on()) {
            Response r = downloader.download(request);
            responses.increment();
            return r;
        }
        events.started(request);
        long t0 = System.nanoTime();
        Response r = downloader.download(request);
        responses.increment();
        events.received(request, r.status(), r.body().length, System.nanoTime() - t0);
        return r;
    }
}
