package io.spinneret.internal;

import io.spinneret.api.Crawl;
import io.spinneret.api.Failure;
import io.spinneret.api.Response;
import io.spinneret.api.UnknownCallbackException;
import io.spinneret.links.LinkRule;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Calls a spider's callbacks and errbacks by name: generated {@code switch}es over the names,
 * adapting whatever the method returns into {@link Crawl#request} and {@link Crawl#emit} calls.
 * Thread-safe if the spider instance is (callbacks of one spider run concurrently).
 */
@FunctionalInterface
public interface Dispatcher {
    /**
     * @throws io.spinneret.api.UnknownCallbackException if the spider has no such callback
     * @throws Exception whatever the callback throws
     */
    void dispatch(String callback, Response response, Crawl crawl) throws Exception;

    /**
     * Hands a failed request to its {@code @Errback} method. Generated dispatchers override this;
     * the default is a spider without errbacks.
     *
     * @throws io.spinneret.api.UnknownCallbackException if the spider has no such errback
     * @throws Exception whatever the errback throws
     */
    default void dispatchFailure(String errback, Failure failure, Crawl crawl) throws Exception {
        throw UnknownCallbackException.errback(null, errback, List.of());
    }

    /**
     * Runs the spider's {@code @Start} method, which schedules the start requests on {@code crawl}
     * (a crawl without a response). Generated dispatchers of spiders with one override this.
     *
     * @param startUrls the {@code start_urls} setting if set, else the spider's start URLs
     * @return false if the spider has no {@code @Start} method: then each start URL is crawled
     * @throws Exception whatever the method throws
     */
    default boolean start(List<String> startUrls, Crawl crawl) throws Exception {
        return false;
    }

    /**
     * The spider's {@code @Blocked} method, which judges whether a response means its session is
     * blocked (instead of {@code session_blocked_statuses} and the challenge-page check), or null
     * (the default) for a spider without one. Generated dispatchers of spiders with one override this.
     */
    default @Nullable BlockedCheck blockedCheck() {
        return null;
    }

    /**
     * The spider's link rules, one per {@code @Follow}, which the engine applies to every 2xx HTML
     * page after its callback. Generated dispatchers of spiders with rules override this.
     */
    default List<LinkRule> linkRules() {
        return List.of();
    }
}
