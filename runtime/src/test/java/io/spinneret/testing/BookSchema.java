package io.spinneret.testing;

import com.fasterxml.jackson.core.JsonGenerator;
import io.spinneret.internal.Field;
import io.spinneret.internal.FieldType;
import io.spinneret.internal.ItemSchema;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A hand-written stand-in for the generated {@code Book_Serializer}. */
public final class BookSchema implements ItemSchema<Book> {
    public static final BookSchema INSTANCE = new BookSchema();

    @Override
    public Class<Book> type() {
        return Book.class;
    }

    @Override
    public String name() {
        return "Book";
    }

    @Override
    public String table() {
        return "book";
    }

    @Override
    public List<Field> fields() {
        return List.of(
                new Field("url", FieldType.STRING, true),
                new Field("title", FieldType.STRING, true),
                new Field("price", FieldType.FLOATING, false),
                new Field("upc", FieldType.STRING, true));
    }

    @Override
    public int keyIndex() {
        return 3;
    }

    @Override
    public Object[] values(Book b) {
        return new Object[] {b.url(), b.title(), b.price(), b.upc()};
    }

    @Override
    public void writeJson(Book b, JsonGenerator out) throws IOException {
        out.writeStartObject();
        out.writeStringField("url", b.url());
        out.writeStringField("title", b.title());
        out.writeNumberField("price", b.price());
        out.writeStringField("upc", b.upc());
        out.writeEndObject();
    }

    @Override
    public String[] csvRow(Book b) {
        return new String[] {b.url(), b.title(), Double.toString(b.price()), b.upc()};
    }

    @Override
    public Map<String, Object> document(Book b) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("url", b.url());
        m.put("title", b.title());
        m.put("price", b.price());
        m.put("upc", b.upc());
        return m;
    }
}
