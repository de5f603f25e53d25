package io.spinneret.middleware;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.UnknownCallbackException;
import io.spinneret.internal.Dispatcher;
import io.spinneret.internal.SpiderDefinition;
import java.util.List;

/** A hand-written stand-in for a generated spider: {@code parse} follows every link on the page. */
final class LinksSpider implements SpiderDefinition {
    private final List<String> startUrls;

    LinksSpider(String... startUrls) {
        this.startUrls = List.of(startUrls);
    }

    @Override
    public String name() {
        return "links";
    }

    @Override
    public String className() {
        return "io.spinneret.middleware.LinksSpider";
    }

    @Override
    public List<String> startUrls() {
        return startUrls;
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
    public Dispatcher newDispatcher() {
        return (callback, response, crawl) -> {
            if (!callback.equals("parse")) throw new UnknownCallbackException(name(), callback, callbacks());
            for (var a : response.css("a[href]")) crawl.follow(a.attr("href"));
        };
    }
}
