package test.multi.beta;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;
import io.spinneret.api.UnknownCallbackException;
import io.spinneret.internal.Dispatcher;
import io.spinneret.internal.PageNeeds;
import io.spinneret.internal.SpiderDefinition;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.Generated;

/**
 * Dispatch table of spider {@code beta-generic} ({@link BetaSpider.Generic}): calls callbacks by name, without reflection.
 */
@Generated("io.spinneret.processor.SpinneretProcessor")
public final class BetaSpider_Generic_Dispatch implements SpiderDefinition {
    private static final List<String> CALLBACKS = List.of("parse");

    private static final List<String> START_URLS = List.of();

    private static final List<String> SETTINGS = List.of();

    public BetaSpider_Generic_Dispatch() {
    }

    @Override
    public String name() {
        return "beta-generic";
    }

    @Override
    public String className() {
        return "test.multi.beta.BetaSpider$Generic";
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
    public Map<String, PageNeeds> pageNeeds() {
        return Map.ofEntries(Map.entry("parse", new PageNeeds(List.of(), List.of(), true)));
    }

    @Override
    public Dispatcher newDispatcher() {
        var spider = new BetaSpider.Generic<>();
        return (callback, response, crawl) -> dispatch(spider, callback, response, crawl);
    }

    private static void dispatch(BetaSpider.Generic<?> spider, String callback, Response response,
            Crawl crawl) throws Exception {
        switch (callback) {
            case "parse" -> {
                var result = spider.parse(response);
                if (result != null) {
                    for (var value : result) {
                        if (value != null) {
                            crawl.emit(value);
                        }
                    }
                }
            }
            default -> throw new UnknownCallbackException("beta-generic", callback, CALLBACKS);
        }
    }
}
