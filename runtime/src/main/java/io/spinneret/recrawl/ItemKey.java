package io.spinneret.recrawl;

import io.spinneret.internal.Field;
import io.spinneret.internal.FieldType;
import io.spinneret.internal.ItemSchema;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Which stored item a page yielded: its table and key, kept in the page's record
 * ({@code recrawl_removed_items} delete or flag) so that the item can be deleted or flagged once the page
 * is gone.
 *
 * @param table the items' table (or collection)
 * @param key the key field (its column name and type)
 * @param value the key's value, of the Java type {@link ItemSchema#values} gives for the field's type
 */
public record ItemKey(String table, Field key, Object value) {

    /** The key of {@code item}, or null if it has none. */
    static <T> @Nullable ItemKey of(ItemSchema<T> schema, T item) {
        Object value = schema.values(item)[schema.keyIndex()];
        return value == null
                ? null
                : new ItemKey(schema.table(), schema.fields().get(schema.keyIndex()), value);
    }

    /** The value as kept in a record. */
    String text() {
        return value.toString();
    }

    /** The value of {@code text} for a key of {@code type}. */
    static Object value(FieldType type, String text) {
        return switch (type) {
            case STRING, JSON -> text;
            case INTEGER -> Long.valueOf(text);
            case FLOATING -> Double.valueOf(text);
            case DECIMAL -> new BigDecimal(text);
            case BOOLEAN -> Boolean.valueOf(text);
            case TIMESTAMP -> Instant.parse(text);
            case DATE -> LocalDate.parse(text);
        };
    }

    /** Deletes or flags items of one table by key: {@code ItemWriter.removeItems}. */
    @FunctionalInterface
    public interface Removal {
        void remove(String table, Field key, List<Object> values);
    }

    /** Hands {@code keys} to {@code removal}, one call per table and key field. */
    public static void byTable(List<ItemKey> keys, Removal removal) {
        Map<ItemKey, List<Object>> byTable = new LinkedHashMap<>();
        for (ItemKey k : keys) {
            byTable.computeIfAbsent(new ItemKey(k.table(), k.key(), ""), t -> new ArrayList<>())
                    .add(k.value());
        }
        byTable.forEach((t, values) -> removal.remove(t.table(), t.key(), values));
    }
}
