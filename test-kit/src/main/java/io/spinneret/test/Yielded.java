package io.spinneret.test;

import io.spinneret.api.Request;
import io.spinneret.devtools.CallbackRun;
import io.spinneret.internal.SpiderDefinition;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AssertionFailureBuilder;

/**
 * What one callback yielded on one page: items, requests, and the exception it threw, if it did.
 * The {@code assert...} methods fail a JUnit test with a message that shows what was yielded.
 * Immutable.
 */
public final class Yielded {
    private final SpiderDefinition spider;
    private final CallbackRun run;

    Yielded(SpiderDefinition spider, CallbackRun run) {
        this.spider = spider;
        this.run = run;
    }

    /** Every item, in order. */
    public List<Object> items() {
        return run.items();
    }

    /** The items of {@code type}, in order. */
    public <T> List<T> items(Class<T> type) {
        return run.items(type);
    }

    /** The one item of {@code type}; fails if there are none or several. */
    public <T> T item(Class<T> type) {
        List<T> items = run.items(type);
        if (items.size() != 1) fail("expected exactly one " + type.getSimpleName() + " item, got " + items.size());
        return items.get(0);
    }

    /** Every item as the JSON line a crawl's {@code .jsonl} output would hold. */
    public List<String> itemsAsJson() {
        return run.itemsAsJson();
    }

    /** Every request, in order (absolute URLs). */
    public List<Request> requests() {
        return run.requests();
    }

    /** The requests for {@code callback}, in order. */
    public List<Request> requests(String callback) {
        return run.requests().stream()
                .filter(r -> r.callback().equals(callback))
                .toList();
    }

    /** The URLs of the requests for {@code callback}, in order. */
    public List<String> urls(String callback) {
        return requests(callback).stream().map(Request::url).toList();
    }

    /** The requests the callback fetched inline ({@code crawl.fetch}), in order, answered or not. */
    public List<Request> fetched() {
        return run.fetched();
    }

    /** What the callback threw, or null. */
    public @Nullable Throwable error() {
        return run.error();
    }

    /** Fails, with the callback's exception as the cause, if it threw. */
    public Yielded assertNoError() {
        Throwable error = run.error();
        if (error != null) {
            StackTraceElement at = CallbackRun.spiderFrame(error, spider);
            throw AssertionFailureBuilder.assertionFailure()
                    .message("the callback threw " + error + (at == null ? "" : " at " + at) + "; " + summary())
                    .cause(error)
                    .build();
        }
        return this;
    }

    /** Fails unless the callback made a request for {@code url} to {@code callback}. */
    public Yielded assertRequest(String url, String callback) {
        if (run.requests().stream()
                .noneMatch(r -> r.url().equals(url) && r.callback().equals(callback))) {
            fail("no request for " + url + " to '" + callback + "'");
        }
        return this;
    }

    /** Fails unless the callback made exactly {@code count} requests to {@code callback}. */
    public Yielded assertRequestCount(String callback, int count) {
        int got = requests(callback).size();
        if (got != count) fail("expected " + count + " requests to '" + callback + "', got " + got);
        return this;
    }

    /** Fails unless the callback yielded exactly {@code count} items. */
    public Yielded assertItemCount(int count) {
        if (run.items().size() != count)
            fail("expected " + count + " items, got " + run.items().size());
        return this;
    }

    private void fail(String what) {
        throw AssertionFailureBuilder.assertionFailure()
                .message(what + "; " + summary())
                .build();
    }

    /** The first few items and requests, for a failure message. */
    private String summary() {
        StringBuilder b = new StringBuilder().append(run.items().size()).append(" items");
        List<String> json = run.itemsAsJson();
        for (int i = 0; i < Math.min(3, json.size()); i++)
            b.append(i == 0 ? ": " : ", ").append(json.get(i));
        b.append("; ").append(run.requests().size()).append(" requests");
        for (int i = 0; i < Math.min(5, run.requests().size()); i++) {
            Request r = run.requests().get(i);
            b.append(i == 0 ? ": " : ", ").append(r.url()).append(" -> ").append(r.callback());
        }
        if (run.requests().size() > 5) b.append(", ...");
        return b.toString();
    }
}
