package io.spinneret.storage;

import com.fasterxml.jackson.core.JsonGenerator;
import io.spinneret.internal.Field;
import io.spinneret.internal.FieldType;
import io.spinneret.internal.ItemSchema;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The books example's item, with a serializer written the way the processor generates them (no
 * reflection), for the contract tests and the benchmark until generated ones are at hand.
 */
public final class BookSchema implements ItemSchema<BookSchema.Book> {
    public record Book(
            String url, String title, double price, String upc, String availability, int rating, String category) {}

    private static final List<Field> FIELDS = List.of(
            new Field("url", FieldType.STRING, true),
            new Field("title", FieldType.STRING, true),
            new Field("price", FieldType.FLOATING, false),
            new Field("upc", FieldType.STRING, true),
            new Field("availability", FieldType.STRING, true),
            new Field("rating", FieldType.INTEGER, false),
            new Field("category", FieldType.STRING, true));

    private final String table;

    public BookSchema(String table) {
        this.table = table;
    }

    /** Book number {@code i} of a made-up catalogue, the same for the same {@code i}. */
    public static Book book(int i) {
        return new Book(
                "http://books.toscrape.test/catalogue/book_" + i + "/index.html",
                "A Light in the Attic, volume " + i,
                10 + (i % 5000) / 100.0,
                String.format("%016x", 0xa897fe39b1053632L + i),
                "In stock (" + i % 23 + " available)",
                1 + i % 5,
                "Category " + (i % 50));
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
        return table;
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
    public Object[] values(Book b) {
        return new Object[] {b.url(), b.title(), b.price(), b.upc(), b.availability(), (long) b.rating(), b.category()};
    }

    @Override
    public void writeJson(Book b, JsonGenerator out) throws IOException {
        out.writeStartObject();
        if (b.url() == null) out.writeNullField("url");
        else out.writeStringField("url", b.url());
        if (b.title() == null) out.writeNullField("title");
        else out.writeStringField("title", b.title());
        out.writeNumberField("price", b.price());
        if (b.upc() == null) out.writeNullField("upc");
        else out.writeStringField("upc", b.upc());
        if (b.availability() == null) out.writeNullField("availability");
        else out.writeStringField("availability", b.availability());
        out.writeNumberField("rating", b.rating());
        if (b.category() == null) out.writeNullField("category");
        else out.writeStringField("category", b.category());
        out.writeEndObject();
    }

    @Override
    public String[] csvRow(Book b) {
        return new String[] {
            nz(b.url()),
            nz(b.title()),
            Double.toString(b.price()),
            nz(b.upc()),
            nz(b.availability()),
            Integer.toString(b.rating()),
            nz(b.category())
        };
    }

    @Override
    public Map<String, Object> document(Book b) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("url", b.url());
        d.put("title", b.title());
        d.put("price", b.price());
        d.put("upc", b.upc());
        d.put("availability", b.availability());
        d.put("rating", (long) b.rating());
        d.put("category", b.category());
        return d;
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
