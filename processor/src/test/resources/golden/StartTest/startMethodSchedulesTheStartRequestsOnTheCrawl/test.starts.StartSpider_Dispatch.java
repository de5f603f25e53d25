package test.starts;

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
 * Dispatch table of spider {@code starts} ({@link StartSpider}): calls callbacks by name, without reflection.
 */
@Generated("io.spinneret.processor.SpinneretProcessor")
public final class StartSpider_Dispatch implements SpiderDefinition {
    private static final List<String> CALLBACKS = List.of("login", "parse");

    private static final List<String> ERRBACKS = List.of("failed");

    private static final List<String> START_URLS = List.of("https://a.example/", "https://b.example/");

    private static final List<String> SETTINGS = List.of();

    public StartSpider_Dispatch() {
    }

    @Override
    public String name() {
        return "starts";
    }

    @Override
    public String className() {
        return "test.starts.StartSpider";
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
        return Map.ofEntries(Map.entry("login", new PageNeeds(List.of(), List.of(), false)), Map.entry("parse", new PageNeeds(List.of(), List.of(), false)));
    }

    @Override
    public Dispatcher newDispatcher() {
        var spider = new StartSpider();
        return new Dispatcher() {
            @Override
            public void dispatch(String callback, Response response, Crawl crawl) throws Exception {
                StartSpider_Dispatch.dispatch(spider, callback, response, crawl);
            }

            @Override
            public void dispatchFailure(String errback, Failure failure, Crawl crawl) throws
                    Exception {
                StartSpider_Dispatch.dispatchFailure(spider, errback, failure, crawl);
            }

            @Override
            public boolean start(List<String> startUrls, Crawl crawl) throws Exception {
                var result = spider.start(startUrls, crawl);
                if (result != null) {
                    try (result) {
                        result.forEachOrdered(value -> {
                            if (value != null) {
                                crawl.request(value);
                            }
                        });
                    }
                }
                return true;
            }
        };
    }

    private static void dispatch(StartSpider spider, String callback, Response response,
            Crawl crawl) throws Exception {
        switch (callback) {
            case "login" -> {
                spider.login(response);
            }
            case "parse" -> {
                spider.parse(response);
            }
            default -> throw new UnknownCallbackException("starts", callback, CALLBACKS);
        }
    }

    private static void dispatchFailure(StartSpider spider, String errback, Failure failure,
            Crawl crawl) throws Exception {
        switch (errback) {
            case "failed" -> {
                spider.failed(failure);
            }
            default -> throw UnknownCallbackException.errback("starts", errback, ERRBACKS);
        }
    }
}
