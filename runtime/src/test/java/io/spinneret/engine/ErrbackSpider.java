package io.spinneret.engine;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.Crawl;
import io.spinneret.api.Failure;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.api.UnknownCallbackException;
import io.spinneret.internal.Dispatcher;
import io.spinneret.internal.Emit;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.testing.Book;
import java.util.List;
import java.util.Map;

/**
 * parse requests each URL of {@code targets} with the errback its value names (null: none);
 * book turns a page into an item; the errback "record" stores a failure as an item (title =
 * its reason, price = its status) and, for a 404, follows a link from the error page; "boom" throws.
 */
record ErrbackSpider(String start, Map<String, String> targets) implements SpiderDefinition {
    @Override
    public String name() {
        return "errbacks";
    }

    @Override
    public String className() {
        return "test.ErrbackSpider";
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
        return List.of("book", "parse");
    }

    @Override
    public List<String> errbacks() {
        return List.of("boom", "record");
    }

    @Override
    public Dispatcher newDispatcher() {
        return new Dispatcher() {
            @Override
            public void dispatch(String callback, Response response, Crawl crawl) {
                switch (callback) {
                    case "parse" ->
                        targets.forEach((url, errback) -> crawl.request(Request.builder(url)
                                .callback("book")
                                .errback(errback)
                                .build()));
                    case "book" ->
                        Emit.value(new Book(response.url(), response.textOf("h1"), 0, response.url()), crawl);
                    default -> throw new UnknownCallbackException(name(), callback, callbacks());
                }
            }

            @Override
            public void dispatchFailure(String errback, Failure failure, Crawl crawl) {
                switch (errback) {
                    case "record" -> {
                        crawl.emit(new Book(
                                failure.request().url(),
                                failure.reason(),
                                failure.status(),
                                "failed " + failure.request().url()));
                        if (failure.status() == 404) crawl.follow("/book/7", "book");
                    }
                    case "boom" -> throw new IllegalStateException("errback bug");
                    default -> throw UnknownCallbackException.errback(name(), errback, errbacks());
                }
            }
        };
    }
}
