package test.shapes;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;
import io.spinneret.api.UnknownCallbackException;
import io.spinneret.internal.Dispatcher;
import io.spinneret.internal.Emit;
import io.spinneret.internal.PageNeeds;
import io.spinneret.internal.SpiderDefinition;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.Generated;

/**
 * Dispatch table of spider {@code shapes} ({@link ShapesSpider}): calls callbacks by name, without reflection.
 */
@Generated("io.spinneret.processor.SpinneretProcessor")
public final class ShapesSpider_Dispatch implements SpiderDefinition {
    private static final List<String> CALLBACKS = List.of("array", "counter", "crawlFirst", "crawlOnly", "emptyOptional", "generic", "interfaces", "item", "iterable", "list", "mixed", "nothing", "nullItem", "objects", "optional", "parse", "request", "stream", "throws", "wildcardSet");

    private static final List<String> START_URLS = List.of("https://shapes.example/");

    private static final List<String> SETTINGS = List.of();

    public ShapesSpider_Dispatch() {
    }

    @Override
    public String name() {
        return "shapes";
    }

    @Override
    public String className() {
        return "test.shapes.ShapesSpider";
    }

    @Override
    public List<String> startUrls() {
        return START_URLS;
    }

    @Override
    public Renderer renderer() {
        return Renderer.BROWSER;
    }

    @Override
    public List<String> settings() {
        return SETTINGS;
    }

    @Override
    public List<String> callbacks() {
        return CALLBACKS;
    }

    @Override
    public Map<String, PageNeeds> pageNeeds() {
        return Map.ofEntries(Map.entry("array", new PageNeeds(List.of(), List.of(), true)), Map.entry("counter", new PageNeeds(List.of(), List.of(), true)), Map.entry("crawlFirst", new PageNeeds(List.of(), List.of(), false)), Map.entry("crawlOnly", new PageNeeds(List.of(), List.of(), false)), Map.entry("emptyOptional", new PageNeeds(List.of(), List.of(), true)), Map.entry("generic", new PageNeeds(List.of(), List.of(), true)), Map.entry("interfaces", new PageNeeds(List.of(), List.of(), true)), Map.entry("item", new PageNeeds(List.of(), List.of(), true)), Map.entry("iterable", new PageNeeds(List.of(), List.of(), false)), Map.entry("list", new PageNeeds(List.of(), List.of(), true)), Map.entry("mixed", new PageNeeds(List.of(), List.of(), false)), Map.entry("nothing", new PageNeeds(List.of(), List.of(), false)), Map.entry("nullItem", new PageNeeds(List.of(), List.of(), true)), Map.entry("objects", new PageNeeds(List.of(), List.of(), true)), Map.entry("optional", new PageNeeds(List.of(), List.of(), false)), Map.entry("parse", new PageNeeds(List.of("h1"), List.of(), true)), Map.entry("request", new PageNeeds(List.of(), List.of(), false)), Map.entry("stream", new PageNeeds(List.of(), List.of(), true)), Map.entry("throws", new PageNeeds(List.of(), List.of(), false)), Map.entry("wildcardSet", new PageNeeds(List.of(), List.of(), false)));
    }

    @Override
    public Dispatcher newDispatcher() {
        var spider = new ShapesSpider();
        return (callback, response, crawl) -> dispatch(spider, callback, response, crawl);
    }

    private static void dispatch(ShapesSpider spider, String callback, Response response,
            Crawl crawl) throws Exception {
        switch (callback) {
            case "array" -> {
                var result = spider.array(response);
                if (result != null) {
                    for (var value : result) {
                        if (value != null) {
                            crawl.emit(value);
                        }
                    }
                }
            }
            case "counter" -> {
                var result = spider.counter(response);
                if (result != null) {
                    crawl.emit(result);
                }
            }
            case "crawlFirst" -> {
                spider.crawlFirst(crawl, response);
            }
            case "crawlOnly" -> {
                spider.crawlOnly(crawl);
            }
            case "emptyOptional" -> {
                var result = spider.emptyOptional(response);
                if (result != null) {
                    result.ifPresent(crawl::emit);
                }
            }
            case "generic" -> {
                var result = spider.generic(response);
                if (result != null) {
                    for (var value : result) {
                        if (value != null) {
                            crawl.emit(value);
                        }
                    }
                }
            }
            case "interfaces" -> {
                Emit.value(spider.interfaces(response), crawl);
            }
            case "item" -> {
                var result = spider.item(response);
                if (result != null) {
                    crawl.emit(result);
                }
            }
            case "iterable" -> {
                var result = spider.iterable(response);
                if (result != null) {
                    for (var value : result) {
                        if (value != null) {
                            crawl.request(value);
                        }
                    }
                }
            }
            case "list" -> {
                var result = spider.list(response);
                if (result != null) {
                    for (var value : result) {
                        if (value != null) {
                            crawl.emit(value);
                        }
                    }
                }
            }
            case "mixed" -> {
                Emit.value(spider.mixed(response), crawl);
            }
            case "nothing" -> {
                spider.nothing();
            }
            case "nullItem" -> {
                var result = spider.nullItem(response);
                if (result != null) {
                    crawl.emit(result);
                }
            }
            case "objects" -> {
                Emit.value(spider.objects(response), crawl);
            }
            case "optional" -> {
                var result = spider.optional(response);
                if (result != null) {
                    result.ifPresent(crawl::request);
                }
            }
            case "parse" -> {
                spider.parse(response, crawl);
            }
            case "request" -> {
                var result = spider.request(response);
                if (result != null) {
                    crawl.request(result);
                }
            }
            case "stream" -> {
                var result = spider.stream(response);
                if (result != null) {
                    try (result) {
                        result.forEachOrdered(value -> {
                            if (value != null) {
                                crawl.emit(value);
                            }
                        });
                    }
                }
            }
            case "throws" -> {
                spider.failing(response);
            }
            case "wildcardSet" -> {
                var result = spider.wildcardSet(response);
                if (result != null) {
                    for (var value : result) {
                        if (value != null) {
                            crawl.request(value);
                        }
                    }
                }
            }
            default -> throw new UnknownCallbackException("shapes", callback, CALLBACKS);
        }
    }
}
