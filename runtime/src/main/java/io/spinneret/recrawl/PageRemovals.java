package io.spinneret.recrawl;

import io.spinneret.api.Request;
import io.spinneret.observe.ChangeStatus;
import io.spinneret.spi.PageRecords;
import io.spinneret.spi.Stats;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * What removing a known page does, wherever a re-crawl finds one gone (a 404 or 410 in
 * {@link Revisits}, no longer linked in {@link UnlinkedPages}): the items its last parse yielded go
 * to be deleted or flagged ({@code recrawl_removed_items}), its record is dropped, its fingerprint
 * leaves the seen set (a link that brings it back makes it a new page), and it is counted as
 * {@code recrawl/removed} and told to the listeners.
 *
 * @param records the scheduler's page records
 * @param unsee the scheduler's {@link io.spinneret.spi.Scheduler#unsee}
 * @param removedItems given the keys of a removed page's items, to delete or flag them in the output
 * @param listeners the crawl's listeners, told each page's change status
 */
public record PageRemovals(
        PageRecords records,
        Consumer<Request> unsee,
        Consumer<List<ItemKey>> removedItems,
        Stats stats,
        BiConsumer<Request, ChangeStatus> listeners) {

    /** Removes {@code page}, whose last record is {@code last} (null: unknown, or its items not to be acted on). */
    void remove(Request page, @Nullable PageRecord last) {
        if (last != null && last.items() != null && !last.items().isEmpty()) removedItems.accept(last.items());
        records.remove(page.fingerprint());
        unsee.accept(page);
        stats.increment(ChangeStatus.REMOVED.counter());
        listeners.accept(page, ChangeStatus.REMOVED);
    }
}
