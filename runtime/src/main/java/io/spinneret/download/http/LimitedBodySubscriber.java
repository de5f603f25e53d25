package io.spinneret.download.http;

import io.spinneret.api.PermanentFailureException;
import java.io.IOException;
import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import org.jspecify.annotations.Nullable;

/**
 * Collects a response body (in {@link BodyBuffer} chunks, joined at the end) into one byte array, failing (and cancelling the download) as soon as
 * it grows past a limit, so a huge body costs at most {@code limit} bytes of heap, never an
 * OutOfMemoryError.
 */
final class LimitedBodySubscriber implements BodySubscriber<byte[]> {
    private final CompletableFuture<byte[]> result = new CompletableFuture<>();
    private final long limit;
    private final String url;
    private final long expected;
    private Flow.@Nullable Subscription subscription;
    private final BodyBuffer body;

    /** @param expected the Content-Length, or -1 */
    LimitedBodySubscriber(long limit, long expected, String url) {
        this.limit = limit;
        this.url = url;
        this.expected = expected;
        this.body = new BodyBuffer(
                expected > limit ? 0 : limit, (int) Math.min(expected > 0 ? expected : 8192, BodyBuffer.CHUNK));
    }

    /** Over {@code max_body_size}: never retried, as another attempt brings the same body. */
    static IOException tooLarge(String url, long limit, String what) {
        return new PermanentFailureException(
                "body of " + url + " is larger than max_body_size (" + limit + " bytes)" + what);
    }

    @Override
    public CompletionStage<byte[]> getBody() {
        return result;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        if (expected > limit) {
            // refuse before reading a byte of a body announced as too large
            s.cancel();
            result.completeExceptionally(tooLarge(url, limit, " (Content-Length " + expected + ")"));
            return;
        }
        s.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
        if (result.isDone()) return;
        try {
            for (ByteBuffer b : items) {
                if (!body.append(b)) {
                    fail(tooLarge(url, limit, ""));
                    return;
                }
            }
        } catch (IOException e) { // interrupted while waiting for large-body memory
            fail(e);
        }
    }

    private void fail(IOException e) {
        if (subscription != null) subscription.cancel();
        body.release();
        result.completeExceptionally(e);
    }

    @Override
    public void onError(Throwable t) {
        body.release();
        result.completeExceptionally(t);
    }

    @Override
    public void onComplete() {
        byte[] whole = body.toByteArray();
        body.release();
        result.complete(whole);
    }
}
