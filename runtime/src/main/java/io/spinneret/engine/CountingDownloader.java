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
 * downloader it wraps.
 */
final class CountingDownloader implements Downloader {
    private final Downloader downloader;
    private final LongAdder requests, responses;

    CountingDownloader(Downloader downloader, Stats stats) {
        this.downloader = downloader;
        this.requests = stats.counter(Stats.REQUESTS);
        this.responses = stats.counter(Stats.RESPONSES);
    }

    @Override
    public Response download(Request request) throws IOException, InterruptedException {
        requests.increment();
        Response r = downloader.download(request);
        responses.increment();
        return r;
    }
}
