package io.spinneret.spi;

import io.spinneret.internal.Field;
import java.io.IOException;
import java.time.Instant;
import java.util.List;

/**
 * A {@link Storage} that can act on the items of pages a re-crawl found gone
 * ({@code recrawl_removed_items}): delete them, or flag them removed. The storages that upsert on
 * an item's key (the SQL databases, MongoDB) are; file storages append, and have nothing to delete
 * or flag.
 *
 * <p>Flags. A removed item keeps its row (document), with {@link #REMOVED_AT} set to the time its
 * page was found removed; every other row has null there. A later write of the same key (the page
 * came back) sets it back to null. A timestamp rather than a boolean: it says when, so a consumer
 * can purge what was removed long ago or sync what was removed since its last run, and
 * {@code _removed_at IS NULL} selects the live rows as {@code NOT _removed} would; a nullable
 * column without a default is also the one every database adds to a large table without rewriting
 * it.
 */
public interface ItemRemovals {
    /** The column (document field) of a removed item's flag: the time, in UTC; null while its page is there. */
    String REMOVED_AT = "_removed_at";

    /**
     * Deletes the rows (documents) of {@code table} whose key is one of {@code keys}; keys with no
     * row are ignored, as is a table that does not exist. Durable when this returns. Called from the
     * pipeline thread, as {@link Storage#write} is.
     *
     * @param key the key field of the items' schema (its column and type)
     * @param keys key values of the types {@link io.spinneret.internal.ItemSchema#values} gives
     */
    void removeItems(String table, Field key, List<Object> keys) throws IOException;

    /**
     * Flags removed the rows of {@code table} whose key is one of {@code keys}: sets their
     * {@link #REMOVED_AT} to {@code at}, adding the column to the table if it lacks it. A row
     * already flagged keeps its first time; keys with no row are ignored, as is a table that does
     * not exist. Durable when this returns. Called from the pipeline thread.
     */
    void flagItems(String table, Field key, List<Object> keys, Instant at) throws IOException;

    /**
     * Gives every table written from now on the {@link #REMOVED_AT} column (null), adding it to an
     * existing table that lacks it, so that queries can filter on it before any page is gone. Called
     * once, before the first write, when removed items are flagged. Whether or not this was called, a
     * write clears the flag of each item it writes wherever the column exists.
     */
    void keepRemovedFlags();
}
