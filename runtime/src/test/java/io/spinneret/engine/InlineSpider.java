package io.spinneret.engine;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.Crawl;
import io.spinneret.api.Failure;
import io.spinneret.api.Response;
import io.spinneret.api.UnknownCallbackException;
import io.spinneret.internal.Dispatcher;
import io.spinneret.internal.SpiderDefinition;
import java.util.List;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;

/**
 * A spider whose only callback, {@code parse}, is {@code parse}, and whose only errback, {@code
 * failed}, is {@code failed} (none when null): the tests of inline fetches write them as lambdas.
 */
record InlineSpider(
        String start,
        BiConsumer<Response, Crawl> parse,
        @Nullable BiConsumer<Failure, Crawl> failed) implements SpiderDefinition {
    InlineSpider(String start, BiConsumer<Response, Crawl> parse) {
        this(start, parse, null);
    }

    @Override
    public String name() {
        return "inline";
    }

    @Override
    public String className() {
        return "test.InlineSpider";
    }

    @Override
    public List<String> startUrls() {
        return List.of(start);
    }

    @Override
    public Renderer renderer() {
        return Renderer.HTTP;
    }

    @Override
    public List<String> settings() {
        return List.of();
    }

    @Override
    public List<String> callbacks() {
        return List.of("parse");
    }

    @Override
    public List<String> errbacks() {
        return failed == null ? List.of() : List.of("failed");
    }

    @Override
    public Dispatcher newDispatcher() {
        return new Dispatcher() {
            @Override
            public void dispatch(String callback, Response response, Crawl crawl) {
                if (!callback.equals("parse")) throw new UnknownCallbackException(name(), callback, callbacks());
                parse.accept(response, crawl);
            }

            @Override
            public void dispatchFailure(String errback, Failure failure, Crawl crawl) {
                if (failed == null || !errback.equals("failed"))
                    throw UnknownCallbackException.errback(name(), errback, errbacks());
                failed.accept(failure, crawl);
            }
        };
    }
}
