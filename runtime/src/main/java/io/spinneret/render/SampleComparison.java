package io.spinneret.render;

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
public final class SampleComparison {
    /** What a callback yielded on one side: its items with their schemas (same order), its requests, what it threw or null. */
    public record Side(
            List<Object> items,
            List<ItemSchema<?>> schemas,
            List<Request> requests,
            @Nullable Throwable error) {}

    private SampleComparison() {}

    /** How HTTP's result differs from the browser's, for the log; null when they agree. */
    public static @Nullable String difference(Side http, Side browser) {
        if (http.error() != null && browser.error() == null)
            return "the callback threw " + http.error().getClass().getSimpleName() + " over HTTP";
        if (http.items().size() != browser.items().size())
            return "HTTP " + http.items().size() + " items, browser "
                    + browser.items().size();
        if (!keys(http.items(), http.schemas()).equals(keys(browser.items(), browser.schemas())))
            return "the items' keys differ";
        if (http.requests().size() != browser.requests().size()) {
            return "HTTP " + http.requests().size() + " requests, browser "
                    + browser.requests().size();
        }
        if (!targets(http.requests()).equals(targets(browser.requests()))) return "the follow-up requests differ";
        return null;
    }

    /** The items' types and keys, {@code com.example.Book:<key>}, sorted; {@code schemas} in the items' order. */
    public static List<String> keys(List<Object> items, List<ItemSchema<?>> schemas) {
        List<String> out = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) out.add(key(schemas.get(i), items.get(i)));
        out.sort(null);
        return out;
    }

    /** An item's type and key, {@code com.example.Book:<key>}. */
    @SuppressWarnings("unchecked")
    public static <T> String key(ItemSchema<?> schema, Object item) {
        return item.getClass().getName() + ":" + ((ItemSchema<T>) schema).key((T) item);
    }

    private static Set<String> targets(List<Request> requests) {
        Set<String> out = new HashSet<>();
        for (Request r : requests) out.add(r.method() + " " + r.url() + " -> " + r.callback());
        return out;
    }
}
