package test.errbacks;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.Crawl;
import io.spinneret.api.Failure;
import io.spinneret.api.Response;
import io.spinneret.api.UnknownCallbackException;
import io.spinneret.internal.Dispatcher;
import io.spinneret.internal.PageNeeds;
import io.spinneret.internal.SpiderDefinition;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.Generated;

/**
 * Dispatch table of spider {@code errbacks} ({@link ErrbackSpider}): calls callbacks by name, without reflection.
 */
@Generated("io.spinneret.processor.SpinneretProcessor")
public final class ErrbackSpider_Dispatch implements SpiderDefinition {
    private static final List<String> CALLBACKS = List.of("detail", "parse");

    private static final List<String> ERRBACKS = List.of("elsewhere", "gone", "logged");

    private static final List<String> START_URLS = List.of("https://errbacks.example/");

    private static final List<String> SETTINGS = List.of();

    public ErrbackSpider_Dispatch() {
    }

    @Override
    public String name() {
        return "errbacks";
    }

    @Override
    public String className() {
        return "test.errbacks.ErrbackSpider";
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
    public List<String> errbacks() {
        return ERRBACKS;
    }

    @Override
    public Map<String, PageNeeds> pageNeeds() {
        return Map.ofEntries(Map.entry("detail", new PageNeeds(List.of(), List.of(), false)), Map.entry("parse", new PageNeeds(List.of(), List.of(), false)));
    }

    @Override
    public Dispatcher newDispatcher() {
        var spider = new ErrbackSpider();
        return new Dispatcher() {
            @Override
            public void dispatch(String callback, Response response, Crawl crawl) throws Exception {
                ErrbackSpider_Dispatch.dispatch(spider, callback, response, crawl);
            }

            @Override
            public void dispatchFailure(String errback, Failure failure, Crawl crawl) throws
                    Exception {
                ErrbackSpider_Dispatch.dispatchFailure(spider, errback, failure, crawl);
            }
        };
    }

    private static void dispatch(ErrbackSpider spider, String callback, Response response,
            Crawl crawl) throws Exception {
        switch (callback) {
            case "detail" -> {
                spider.detail(response);
            }
            case "parse" -> {
                spider.parse(response, crawl);
            }
            default -> throw new UnknownCallbackException("errbacks", callback, CALLBACKS);
        }
    }

    private static void dispatchFailure(ErrbackSpider spider, String errback, Failure failure,
            Crawl crawl) throws Exception {
        switch (errback) {
            case "elsewhere" -> {
                var result = spider.elsewhere(crawl, failure);
                if (result != null) {
                    for (var value : result) {
                        if (value != null) {
                            crawl.request(value);
                        }
                    }
                }
            }
            case "gone" -> {
                var result = spider.recordGone(failure);
                if (result != null) {
                    crawl.emit(result);
                }
            }
            case "logged" -> {
                spider.logged(failure, crawl);
            }
            default -> throw UnknownCallbackException.errback("errbacks", errback, ERRBACKS);
        }
    }
}
