package io.spinneret.download.browser;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One request waiting for, or being rendered by, a {@link RenderWorker}. The caller blocks in
 * {@link #await()}; a worker claims the job with {@link #start()} and completes it. A job the caller
 * gave up on before a worker claimed it is skipped.
 */
final class RenderJob {
    private static final int QUEUED = 0, RUNNING = 1, CANCELLED = 2;

    final Request request;
    private final AtomicInteger state = new AtomicInteger(QUEUED);
    private final CompletableFuture<Response> result = new CompletableFuture<>();

    RenderJob(Request request) {
        this.request = request;
    }

    /** Claims the job for a worker; false if the caller already gave up on it. */
    boolean start() {
        return state.compareAndSet(QUEUED, RUNNING);
    }

    /** Gives up on the job; a worker that has not claimed it yet will skip it. */
    void cancel() {
        state.compareAndSet(QUEUED, CANCELLED);
        result.cancel(false);
    }

    void complete(Response response) {
        result.complete(response);
    }

    void fail(Throwable error) {
        result.completeExceptionally(error);
    }

    /** Blocks (a virtual thread parks cheaply here) until the job is rendered or fails. */
    Response await() throws IOException, InterruptedException {
        try {
            return result.get();
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof IOException io) throw io;
            if (c instanceof RuntimeException r) throw r;
            if (c instanceof Error err) throw err;
            throw new IOException(c);
        }
    }
}
