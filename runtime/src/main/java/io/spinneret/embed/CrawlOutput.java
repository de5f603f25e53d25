package io.spinneret.embed;

import java.util.List;

/**
 * What an embedded crawl ({@link Crawler#of(Class)}) returns: the items it stored, in the order
 * they were stored, and how it ended (its counters, its wall time, why it stopped).
 *
 * @param items every item stored, of whatever {@code @Item} types the spider emits
 * @param result the counters and outcome, as {@code spinneret run} reports them
 */
public record CrawlOutput(List<Object> items, CrawlResult result) {
    public CrawlOutput {
        items = List.copyOf(items);
    }

    /** The items of type {@code type}, in the order they were stored. */
    public <T> List<T> items(Class<T> type) {
        return items.stream().filter(type::isInstance).map(type::cast).toList();
    }
}
