package io.spinneret.engine;

import io.spinneret.internal.ItemSchema;
import io.spinneret.spi.Storage;
import java.util.ArrayList;
import java.util.List;

/** The storage of an embedded crawl: keeps the items in memory, in the order they were stored. */
public final class MemoryStorage implements Storage {
    private final List<Object> items = new ArrayList<>();

    @Override
    public void open() {}

    @Override
    public synchronized <T> void write(ItemSchema<T> schema, List<T> batch) {
        items.addAll(batch);
    }

    @Override
    public void close() {}

    @Override
    public String describe() {
        return "memory";
    }

    public synchronized List<Object> items() {
        return List.copyOf(items);
    }
}
