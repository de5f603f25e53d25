package io.spinneret.writer;

import io.spinneret.internal.ItemSchema;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Finds the generated {@link ItemSchema} of an item by its exact class: a map lookup, no
 * reflection. Immutable and thread-safe.
 */
public final class ItemSchemas {
    private final Map<Class<?>, ItemSchema<?>> byClass;

    public ItemSchemas(Collection<? extends ItemSchema<?>> schemas) {
        HashMap<Class<?>, ItemSchema<?>> m = new HashMap<>();
        for (ItemSchema<?> s : schemas) m.putIfAbsent(s.type(), s);
        this.byClass = Map.copyOf(m);
    }

    /** The schema of {@code item}'s class, or null if no registry declares it. */
    @SuppressWarnings("unchecked")
    public <T> @Nullable ItemSchema<T> of(T item) {
        return (ItemSchema<T>) byClass.get(item.getClass());
    }

    public int size() {
        return byClass.size();
    }
}
