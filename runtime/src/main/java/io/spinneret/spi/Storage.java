package io.spinneret.spi;

import io.spinneret.internal.ItemSchema;
import java.io.IOException;
import java.util.List;

/**
 * Where items go: JSONL and CSV files, SQLite, PostgreSQL, MySQL/MariaDB, MongoDB. One interface:
 * {@link #open}, {@link #write} batches, {@link #close}.
 *
 * <p>Each item type gets its own table, collection or file, named by {@link ItemSchema#table()},
 * created on the first write. Database storages upsert on the item's key, so writing the same
 * items twice leaves one row each; file storages append. {@link #write} returns only once the
 * batch is durable (flushed and, for databases, committed): the engine acknowledges requests after
 * that. Calls come from one pipeline thread at a time.
 */
public interface Storage extends AutoCloseable {
    /** Connects or opens files. */
    void open() throws IOException;

    /** Writes one batch of items of one type; durable when this returns. */
    <T> void write(ItemSchema<T> schema, List<T> items) throws IOException;

    /** Flushes and releases everything. */
    @Override
    void close() throws IOException;

    /** Where the items go, for logs, e.g. {@code books.jsonl} or {@code postgresql://host/db}. */
    String describe();
}
