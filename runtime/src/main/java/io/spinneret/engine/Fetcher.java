package io.spinneret.engine;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.middleware.Middleware;
import io.spinneret.middleware.MiddlewareStack;
import io.spinneret.middleware.RealChain;
import io.spinneret.spi.CrawlContext;
import io.spinneret.spi.Downloader;
import java.util.List;

/**
 * Gets the response to one request: through the middleware chain (the HTTP cache first when
 * {@code http_cache} is on: {@link MiddlewareStack}), then the downloader, which counts each page; the middlewares'
 * side requests go to the downloader uncounted. Every download, page or side request, passes the
 * crawl's {@link SendGate}, so that none is sent once a signal closed it.
 */
public final class Fetcher {
    private final List<Middleware> chain;
    /** The chain for items' files: without the retry middleware, which would reschedule a retry as a page. */
    private final List<Middleware> fileChain;

    private final Downloader pages;
    private final Downloader sideRequests;
    private final CrawlContext context;
    private final SendGate gate;

    public Fetcher(
            List<Middleware> middlewares,
            Downloader downloader,
            CrawlContext context,
            SendGate gate,
            CrawlEvents events) {
        this.chain = List.copyOf(middlewares);
        this.fileChain = MiddlewareStack.withoutRetry(chain);
        // the gate first: a request it refuses was never sent, so it is not counted either
        this.pages = gated(new CountingDownloader(downloader, context.stats(), events), gate);
        this.sideRequests = gated(downloader, gate);
        this.context = context;
        this.gate = gate;
    }

    private static Downloader gated(Downloader downloader, SendGate gate) {
        return request -> {
            gate.enter();
            try {
                return downloader.download(request);
            } finally {
                gate.exit();
            }
        };
    }

    /**
     * Called by an engine worker for the request it leased: from here to the response the request
     * is on its way, and a closing {@link SendGate} interrupts its waits.
     *
     * @throws Exception what a middleware or the downloader threw
     */
    Response fetch(Request request) throws Exception {
        gate.lease();
        Response response = RealChain.execute(chain, request, pages, sideRequests, context);
        gate.inHand();
        return response;
    }

    /**
     * One attempt of an inline fetch ({@link InlineFetcher}), on the worker whose callback asked:
     * through the whole chain and the counted downloader, with {@code context} as the middlewares'
     * crawl context. The caller brackets its attempts with {@link #onTheWay} and {@link #inHand}.
     *
     * @throws Exception what a middleware or the downloader threw
     */
    public Response attempt(Request request, CrawlContext context) throws Exception {
        return RealChain.execute(chain, request, pages, sideRequests, context);
    }

    /** The worker is on its way to the wire again (an inline fetch): a closing {@link SendGate} interrupts its waits. */
    void onTheWay() {
        gate.lease();
    }

    /** Back to handling the response in hand, after an inline fetch. */
    void inHand() {
        gate.inHand();
    }

    /**
     * A second download of a page, for {@code renderer = AUTO} (the page rendered after its HTTP
     * response), by the worker that holds it or in the background: counted as a page, through the chain without the retry middleware,
     * since a failed render falls back to the HTTP response rather than being rescheduled.
     *
     * @throws Exception what a middleware or the downloader threw
     */
    Response fetchAgain(Request request) throws Exception {
        if (!gate.isWorker()) return RealChain.execute(fileChain, request, pages, sideRequests, context);
        gate.lease();
        try {
            return RealChain.execute(fileChain, request, pages, sideRequests, context);
        } finally {
            gate.inHand();
        }
    }

    /**
     * Gets a file of an item for the files pipeline, on the worker that holds the item's response:
     * through the chain as a side request (not counted among the pages), without the retry
     * middleware (the pipeline retries itself). Once a signal closed the gate it is not sent.
     */
    Response fetchFile(Request request) throws Exception {
        try {
            return RealChain.execute(fileChain, request, sideRequests, sideRequests, context);
        } finally {
            gate.inHand(); // back to handling the response
        }
    }
}
