package test.follow;

import io.spinneret.annotations.Follow;
import io.spinneret.annotations.Renderer;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;
import io.spinneret.api.UnknownCallbackException;
import io.spinneret.internal.Dispatcher;
import io.spinneret.internal.PageNeeds;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.links.LinkRule;
import io.spinneret.links.LinkSelector;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.Generated;

/**
 * Dispatch table of spider {@code follow} ({@link FollowSpider}): calls callbacks by name, without reflection.
 */
@Generated("io.spinneret.processor.SpinneretProcessor")
public final class FollowSpider_Dispatch implements SpiderDefinition {
    private static final List<String> CALLBACKS = List.of("item", "parse");

    private static final List<LinkRule> LINK_RULES = List.of(
        new LinkRule(LinkSelector.DEFAULT.css("nav").deny("\\.pdf$").allowGlob("/docs/**"), "parse", 0, List.of("parse")),
        new LinkRule(LinkSelector.DEFAULT.tags("link").allow("/items/\\d+").scope(Follow.Scope.SAME_ORIGIN), "item", 5, List.of())
    );

    private static final List<String> START_URLS = List.of();

    private static final List<String> SETTINGS = List.of();

    public FollowSpider_Dispatch() {
    }

    @Override
    public String name() {
        return "follow";
    }

    @Override
    public String className() {
        return "test.follow.FollowSpider";
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
        return Map.ofEntries(Map.entry("item", new PageNeeds(List.of(), List.of(), false)), Map.entry("parse", new PageNeeds(List.of(), List.of(), false)));
    }

    @Override
    public Dispatcher newDispatcher() {
        var spider = new FollowSpider();
        return new Dispatcher() {
            @Override
            public void dispatch(String callback, Response response, Crawl crawl) throws Exception {
                FollowSpider_Dispatch.dispatch(spider, callback, response, crawl);
            }

            @Override
            public List<LinkRule> linkRules() {
                return LINK_RULES;
            }
        };
    }

    private static void dispatch(FollowSpider spider, String callback, Response response,
            Crawl crawl) throws Exception {
        switch (callback) {
            case "item" -> {
                spider.item(response);
            }
            case "parse" -> {
                spider.parse(response);
            }
            default -> throw new UnknownCallbackException("follow", callback, CALLBACKS);
        }
    }
}
