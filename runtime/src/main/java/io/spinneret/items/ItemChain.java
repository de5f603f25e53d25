package io.spinneret.items;

import io.spinneret.annotations.Setting;
import io.spinneret.internal.ItemSchema;
import io.spinneret.internal.ProcessorLink;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Stats;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the items of one response through the spider's processors of their type, in order, then
 * through their generated constraints ({@link ItemSchema#violation}): what is dropped is removed,
 * counted as {@code items_dropped/<reason>} and logged with the URL of the page it came from. An
 * invalid item is dropped (reason {@code invalid}; the rule is counted as
 * {@code items_invalid/<Item>.<rule>}), or with {@code invalid_items = fail} also fails the crawl.
 * Each dropped item is also handed, with its reason, to the chain's {@code dropped} callback (the
 * crawl's item-dropped event). Thread-safe; one per crawl.
 */
public final class ItemChain {
    private static final Logger LOG = LoggerFactory.getLogger(ItemChain.class);
    /** Prefix of items dropped on purpose, by reason: {@code items_dropped/invalid}, {@code items_dropped/free}. */
    public static final String DROPPED = "items_dropped/";
    /** Prefix of the broken rules of invalid items, e.g. {@code items_invalid/Book.price @Positive}. */
    public static final String INVALID = "items_invalid/";

    static final String INVALID_REASON = "invalid";

    private record Link(String name, UnaryOperator<Object> process) {}

    private final Map<Class<?>, Link[]> byType;
    private final Stats stats;
    private final boolean failOnInvalid;
    private final Consumer<String> failCrawl;
    private final BiConsumer<Object, String> dropped;
    /** Rules already logged at warn level: the next items breaking them are logged at debug. */
    private final Set<String> warned = ConcurrentHashMap.newKeySet();

    /** @param failCrawl fails the crawl with this message ({@code invalid_items = fail}) */
    public ItemChain(List<ProcessorLink> processors, Settings settings, Stats stats, Consumer<String> failCrawl) {
        this(processors, settings, stats, failCrawl, (item, reason) -> {});
    }

    /**
     * @param failCrawl fails the crawl with this message ({@code invalid_items = fail})
     * @param dropped told of every item the chain drops, with its reason (a {@link DropItem}'s,
     *     {@code <processor> failed} or {@code invalid}), on the thread that applies the chain
     */
    public ItemChain(
            List<ProcessorLink> processors,
            Settings settings,
            Stats stats,
            Consumer<String> failCrawl,
            BiConsumer<Object, String> dropped) {
        Map<Class<?>, List<Link>> lists = new IdentityHashMap<>();
        for (ProcessorLink p : processors)
            lists.computeIfAbsent(p.type(), t -> new ArrayList<>()).add(new Link(p.name(), p.process()));
        this.byType = new IdentityHashMap<>();
        lists.forEach((type, links) -> byType.put(type, links.toArray(Link[]::new)));
        this.stats = stats;
        this.failOnInvalid = settings.getChoice(Setting.INVALID_ITEMS).equals("fail");
        this.failCrawl = failCrawl;
        this.dropped = dropped;
    }

    /**
     * Processes and checks {@code items} in place ({@code schemas.get(i)} describes
     * {@code items.get(i)}): replaced items are set, dropped ones removed from both lists.
     *
     * @param url the page the items came from, for the log
     */
    public void apply(List<Object> items, List<ItemSchema<?>> schemas, String url) {
        int kept = 0;
        for (int i = 0; i < items.size(); i++) { // in emission order: a processor may keep state (first seen wins)
            Object item = process(items.get(i), url);
            if (item == null || !valid(item, schemas.get(i), url)) continue;
            items.set(kept, item);
            schemas.set(kept, schemas.get(i));
            kept++;
        }
        if (kept < items.size()) {
            items.subList(kept, items.size()).clear();
            schemas.subList(kept, schemas.size()).clear();
        }
    }

    /** The item the processors of its type pass on, or null if one dropped it. */
    private Object process(Object item, String url) {
        Link[] links = byType.isEmpty() ? null : byType.get(item.getClass());
        if (links == null) return item;
        for (Link link : links) {
            Object out;
            try {
                out = link.process().apply(item);
            } catch (DropItem d) {
                drop(item, d.reason());
                LOG.debug(
                        "{} dropped a {} from {} ({}): {}",
                        link.name(),
                        item.getClass().getSimpleName(),
                        url,
                        d.reason(),
                        d.getMessage());
                return null;
            } catch (RuntimeException | LinkageError | StackOverflowError e) {
                drop(item, link.name() + " failed");
                LOG.warn(
                        "item processor {} failed on a {} from {}; the item is dropped: {}",
                        link.name(),
                        item.getClass().getSimpleName(),
                        url,
                        e.toString());
                return null;
            }
            if (out == null || out.getClass() != item.getClass()) {
                drop(item, link.name() + " failed");
                LOG.warn(
                        "item processor {} returned {} for a {} from {}; the item is dropped (throw DropItem to drop an item)",
                        link.name(),
                        out == null ? "null" : "a " + out.getClass().getName(),
                        item.getClass().getSimpleName(),
                        url);
                return null;
            }
            item = out;
        }
        return item;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private boolean valid(Object item, ItemSchema schema, String url) {
        String rule = schema.violation(item);
        if (rule == null) return true;
        String what = schema.name() + "." + rule;
        drop(item, INVALID_REASON);
        stats.increment(INVALID + what);
        if (failOnInvalid) {
            failCrawl.accept("invalid " + schema.name() + " from " + url + ": " + rule + " (invalid_items = fail)");
        } else if (warned.add(what)) {
            LOG.warn(
                    "dropped an invalid {} from {}: {} (further {} items breaking this rule are logged at debug level)",
                    schema.name(),
                    url,
                    rule,
                    schema.name());
        } else {
            LOG.debug("dropped an invalid {} from {}: {}", schema.name(), url, rule);
        }
        return false;
    }

    private void drop(Object item, String reason) {
        stats.increment(DROPPED + reason);
        dropped.accept(item, reason);
    }
}
