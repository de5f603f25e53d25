package io.spinneret.engine;

import io.spinneret.api.Request;
import io.spinneret.internal.ItemSchema;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Whether a callback yielded the same over HTTP as in the browser, for {@code renderer = AUTO}'s
 * samples: the same number of items with the same item types and keys, the same number of
 * follow-up requests to the same URLs and callbacks, and no exception over HTTP that the browser
 * did not also throw. Field values other than the key are not compared. Stateless.
 */
final class AutoComparison {
    private AutoComparison() {}

    /** How HTTP's result differs from the browser's, for the log; null when they agree. */
    static @Nullable String difference(AutoRendering.Parsed http, AutoRendering.Parsed browser) {
        if (http.error() != null && browser.error() == null) return "the callback threw " + http.error().getClass().getSimpleName() + " over HTTP";
        CollectingCrawl h = http.crawl(), b = browser.crawl();
        if (h.items.size() != b.items.size()) return "HTTP " + h.items.size() + " items, browser " + b.items.size();
        if (!keys(h).equals(keys(b))) return "the items' keys differ";
        if (h.requests.size() != b.requests.size()) return "HTTP " + h.requests.size() + " requests, browser " + b.requests.size();
        if (!targets(h.requests).equals(targets(b.requests))) return "the follow-up requests differ";
        return null;
    }

    /** The items' types and keys, {@code com.example.Book:<key>}, sorted. */
    static List<String> keys(CollectingCrawl crawl) {
        List<String> out = new ArrayList<>(crawl.items.size());
        for (int i = 0; i < crawl.items.size(); i++) out.add(key(crawl.itemSchemas.get(i), crawl.items.get(i)));
        out.sort(null);
        return out;
    }

    /** An item's type and key, {@code com.example.Book:<key>}. */
    @SuppressWarnings("unchecked")
    static <T> String key(ItemSchema<?> schema, Object item) {
        return item.getClass().getName() + ":" + ((ItemSchema<T>) schema).key((T) item);
    }

    private static Set<String> targets(List<Request> requests) {
        Set<String> out = new HashSet<>();
        for (Request r : requests) out.add(r.method() + " " + r.url() + " -> " + r.callback());
        return out;
    }
}
