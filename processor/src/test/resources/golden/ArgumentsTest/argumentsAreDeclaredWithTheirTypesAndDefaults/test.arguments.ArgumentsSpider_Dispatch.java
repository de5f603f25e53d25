package test.arguments;

import io.spinneret.annotations.ArgType;
import io.spinneret.annotations.Renderer;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;
import io.spinneret.api.UnknownCallbackException;
import io.spinneret.internal.ArgumentSpec;
import io.spinneret.internal.Dispatcher;
import io.spinneret.internal.PageNeeds;
import io.spinneret.internal.SpiderArguments;
import io.spinneret.internal.SpiderDefinition;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.Generated;

/**
 * Dispatch table of spider {@code args} ({@link ArgumentsSpider}): calls callbacks by name, without reflection.
 */
@Generated("io.spinneret.processor.SpinneretProcessor")
public final class ArgumentsSpider_Dispatch implements SpiderDefinition {
    private static final List<String> CALLBACKS = List.of("parse");

    private static final List<String> START_URLS = List.of("https://a.example/");

    private static final List<String> SETTINGS = List.of();

    private static final List<ArgumentSpec> ARGUMENTS = List.of(
        new ArgumentSpec("category", ArgType.STRING, List.of(), null, "only this category"),
        new ArgumentSpec("max_pages", ArgType.INT, List.of(), "0", "listing pages to follow (0 = all)"),
        new ArgumentSpec("ratio", ArgType.DOUBLE, List.of(), "1.5", ""),
        new ArgumentSpec("verbose", ArgType.BOOLEAN, List.of(), "false", ""),
        new ArgumentSpec("big", ArgType.LONG, List.of(), "9000000000", ""),
        new ArgumentSpec("order", ArgType.ENUM, List.of("NEWEST", "OLDEST"), "newest", ""),
        new ArgumentSpec("tags", ArgType.LIST, List.of(), "a, b", ""));

    public ArgumentsSpider_Dispatch() {
    }

    @Override
    public String name() {
        return "args";
    }

    @Override
    public String className() {
        return "test.arguments.ArgumentsSpider";
    }

    @Override
    public List<String> startUrls() {
        return START_URLS;
    }

    @Override
    public Renderer renderer() {
        return Renderer.HTTP;
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
    public List<ArgumentSpec> arguments() {
        return ARGUMENTS;
    }

    @Override
    public Dispatcher newDispatcher() {
        return newDispatcher(Map.of());
    }

    @Override
    public Map<String, PageNeeds> pageNeeds() {
        return Map.ofEntries(Map.entry("parse", new PageNeeds(List.of(), List.of(), false)));
    }

    @Override
    public Dispatcher newDispatcher(Map<String, String> arguments) {
        var args = SpiderArguments.check(this, arguments);
        var spider = new ArgumentsSpider();
        spider.category = args.get("category");
        spider.maxPages = SpiderArguments.toInt(args.get("max_pages"));
        spider.ratio = SpiderArguments.toDouble(args.get("ratio"));
        spider.verbose = SpiderArguments.toBoolean(args.get("verbose"));
        spider.big = SpiderArguments.toLong(args.get("big"));
        spider.order = ArgumentsSpider.Order.valueOf(SpiderArguments.toChoice(args.get("order"), ARGUMENTS.get(5).choices()));
        spider.tags = SpiderArguments.toList(args.get("tags"));
        return (callback, response, crawl) -> dispatch(spider, callback, response, crawl);
    }

    private static void dispatch(ArgumentsSpider spider, String callback, Response response,
            Crawl crawl) throws Exception {
        switch (callback) {
            case "parse" -> {
                spider.parse(response);
            }
            default -> throw new UnknownCallbackException("args", callback, CALLBACKS);
        }
    }
}
