package com.example.books;

import com.fasterxml.jackson.core.JsonGenerator;
import io.spinneret.internal.Field;
import io.spinneret.internal.FieldType;
import io.spinneret.internal.ItemSchema;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.Generated;

/**
 * The schema and serializers of {@link Book}, generated from its components.
 */
@Generated("io.spinneret.processor.SpinneretProcessor")
public final class Book_Serializer implements ItemSchema<Book> {
    /**
     * The shared instance; the class is stateless.
     */
    public static final Book_Serializer INSTANCE = new Book_Serializer();

    private static final List<Field> FIELDS = List.of(
        new Field("url", FieldType.STRING, true),
        new Field("title", FieldType.STRING, true),
        new Field("price", FieldType.FLOATING, false),
        new Field("upc", FieldType.STRING, true),
        new Field("rating", FieldType.INTEGER, false));

    public Book_Serializer() {
    }

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
        return FIELDS;
    }

    @Override
    public int keyIndex() {
        return 3;
    }

    @Override
    public Object[] values(Book item) {
        return new Object[] {
                    item.url(),
                    item.title(),
                    Double.valueOf(item.price()),
                    item.upc(),
                    Long.valueOf(item.rating())
                };
    }

    @Override
    public void writeJson(Book item, JsonGenerator out) throws IOException {
        out.writeStartObject();
        out.writeFieldName("url");
        if (item.url() == null) {
            out.writeNull();
        } else {
            out.writeString(item.url());
        }
        out.writeFieldName("title");
        if (item.title() == null) {
            out.writeNull();
        } else {
            out.writeString(item.title());
        }
        out.writeFieldName("price");
        out.writeNumber(item.price());
        out.writeFieldName("upc");
        if (item.upc() == null) {
            out.writeNull();
        } else {
            out.writeString(item.upc());
        }
        out.writeFieldName("rating");
        out.writeNumber(item.rating());
        out.writeEndObject();
    }

    @Override
    public String[] csvRow(Book item) {
        return new String[] {
                    item.url() == null ? "" : item.url(),
                    item.title() == null ? "" : item.title(),
                    String.valueOf(item.price()),
                    item.upc() == null ? "" : item.upc(),
                    String.valueOf(item.rating())
                };
    }

    @Override
    public Map<String, Object> document(Book item) {
        var document = new LinkedHashMap<String, Object>();
        document.put("url", item.url());
        document.put("title", item.title());
        document.put("price", Double.valueOf(item.price()));
        document.put("upc", item.upc());
        document.put("rating", Long.valueOf(item.rating()));
        return document;
    }

    @Override
    public String violation(Book item) {
        if (item.upc() == null) {
            return "upc @NotNull (key)";
        }
        return null;
    }
}
