package io.spinneret.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import io.spinneret.api.StoredFile;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The schema and serializers of one {@code @Item} record, generated as {@code <Item>_Serializer}.
 * No reflection: every method reads the record's accessors directly. Thread-safe and stateless.
 *
 * @param <T> the record type
 */
public interface ItemSchema<T> {
    Class<T> type();

    /** The record's simple name, e.g. {@code Book}. */
    String name();

    /** The table or collection name: {@code @Item(table)}, else the simple name in snake_case. */
    String table();

    /** Fields in declaration order. */
    List<Field> fields();

    /** Index into {@link #fields()} of the key field. */
    int keyIndex();

    /** Field values in declaration order, typed as documented on {@link FieldType}; nulls kept. */
    Object[] values(T item);

    /** Writes the item as one JSON object. */
    void writeJson(T item, JsonGenerator out) throws IOException;

    /** The item as CSV cells in field order: null as {@code ""}, JSON fields as JSON text, times ISO-8601. */
    String[] csvRow(T item);

    /**
     * The item as a document: field name to value, nested records as maps, collections as lists,
     * times as {@link java.time.Instant} / {@link java.time.LocalDate}, decimals as BigDecimal.
     */
    Map<String, Object> document(T item);

    /**
     * The first rule {@code item} breaks, as {@code "<component> @<Constraint>"} (e.g.
     * {@code "price @Positive"}, {@code "upc @NotNull (key)"}), or null if it is valid. Generated
     * serializers check the record's constraint annotations and that the key is not null, reading
     * the accessors directly; this default checks the key only.
     */
    default @Nullable String violation(T item) {
        return key(item) == null ? fields().get(keyIndex()).name() + " @NotNull (key)" : null;
    }

    /**
     * The files of an item's {@code @FileUrl} components, in component order (a list component's
     * files in list order); empty for items without any.
     */
    default List<StoredFile> files(T item) {
        return List.of();
    }

    /**
     * A copy of {@code item} with its files replaced by {@code files}, one for each of
     * {@link #files(Object)} in the same order (the generated code calls the canonical constructor).
     */
    default T withFiles(T item, List<StoredFile> files) {
        return item;
    }

    /** True when the record has {@code @FileUrl} components, whose files the files pipeline downloads. */
    default boolean hasFiles() {
        return false;
    }

    /** The key value of an item, as in {@link #values}. */
    default Object key(T item) {
        return values(item)[keyIndex()];
    }
}
