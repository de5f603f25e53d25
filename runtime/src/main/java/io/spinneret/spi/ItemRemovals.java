package io.spinneret.spi;

import io.spinneret.internal.Field;
import java.io.IOException;
import java.util.List;

/**
 * A {@link Storage} that can delete the items of pages a re-crawl found gone
 * ({@code recrawl_removed_items = delete}): the storages that upsert on an item's key (the SQL
 * databases, MongoDB). File storages append, and have nothing to delete.
 */
public interface ItemRemovals {
    /**
     * Deletes the rows (documents) of {@code table} whose key is one of {@code keys}; keys with no
     * row are ignored, as is a table that does not exist. Durable when this returns. Called from the
     * pipeline thread, as {@link Storage#write} is.
     *
     * @param key the key field of the items' schema (its column and type)
     * @param keys key values of the types {@link io.spinneret.internal.ItemSchema#values} gives
     */
    void removeItems(String table, Field key, List<Object> keys) throws IOException;
}
