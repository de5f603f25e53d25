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

/** A spider whose only callback, {@code parse}, is {@code parse}: the tests of inline fetches write it as a lambda. */
record InlineSpider(String start, BiConsumer<Response, Crawl> parse) implements SpiderDefinition {
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
        return List.of();
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
                throw UnknownCallbackException.errback(name(), errback, errbacks());
            }
        };
    }
}
