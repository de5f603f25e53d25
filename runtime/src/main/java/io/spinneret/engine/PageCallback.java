package io.spinneret.engine;

import io.spinneret.api.Response;
import io.spinneret.internal.Dispatcher;
import io.spinneret.settings.Settings;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A callback run on a 2xx page, yielding what a crawl takes from it: what the callback emitted
 * (up to where it threw, if it did), then the requests of the spider's {@code @Follow} rules that
 * read pages of that callback ({@link PageFollowing}: each link once, none from a {@code nofollow}
 * page), and no items from a page that says {@code noindex}. The one place a callback's requests
 * are made, for the crawl, {@code parse}, the shell and the test kit; {@code allowed_domains},
 * {@code depth_limit} and the duplicate filter apply later, when a crawl schedules them. Thread-safe.
 */
public final class PageCallback {
    private final Dispatcher dispatcher;
    private final PageFollowing following;

    /** The callbacks and link rules of {@code dispatcher}'s spider, with the robots settings of {@code settings}. */
    public PageCallback(Dispatcher dispatcher, Settings settings) {
        this.dispatcher = dispatcher;
        this.following = new PageFollowing(dispatcher.linkRules(), settings);
    }

    /** The spider's callbacks and errbacks. */
    public Dispatcher dispatcher() {
        return dispatcher;
    }

    /**
     * What {@code callback} yields on {@code page}, collected in {@code crawl}.
     *
     * @param error what the callback threw, or null
     * @param noindex the items dropped because the page says {@code noindex}, in order
     */
    public record Yield(CollectingCrawl crawl, @Nullable Throwable error, List<Object> noindex) {}

    /** Runs {@code callback} on {@code page}, the links of the rules and the {@code noindex} drop after it. */
    public Yield run(String callback, Response page, CollectingCrawl crawl) {
        Throwable error = null;
        try {
            dispatcher.dispatch(callback, page, crawl);
        } catch (Throwable t) {
            if (t instanceof VirtualMachineError && !(t instanceof StackOverflowError)) throw (VirtualMachineError) t;
            error = t;
            if (crawl.stoppedInline) return new Yield(crawl, t, List.of()); // the stop's, not the callback's failure
        }
        crawl.requests.addAll(following.links(callback, page));
        List<Object> noindex = List.of();
        if (!crawl.items.isEmpty() && following.dropsItems(page)) {
            noindex = List.copyOf(crawl.items);
            crawl.items.clear();
            crawl.itemSchemas.clear();
        }
        return new Yield(crawl, error, noindex);
    }
}
