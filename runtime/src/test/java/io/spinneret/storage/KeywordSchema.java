package io.spinneret.storage;

import com.fasterxml.jackson.core.JsonGenerator;
import io.spinneret.internal.Field;
import io.spinneret.internal.FieldType;
import io.spinneret.internal.ItemSchema;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** An item whose field names are SQL reserved words, the key among them, with a generated-style serializer. */
public final class KeywordSchema implements ItemSchema<KeywordSchema.Keyword> {
    public record Keyword(String select, long order, String from, boolean group, String where) {}

    private static final List<Field> FIELDS = List.of(
            new Field("select", FieldType.STRING, true),
            new Field("order", FieldType.INTEGER, false),
            new Field("from", FieldType.STRING, true),
            new Field("group", FieldType.BOOLEAN, false),
            new Field("where", FieldType.STRING, true));

    private final String table;

    public KeywordSchema(String table) {
        this.table = table;
    }

    @Override
    public Class<Keyword> type() {
        return Keyword.class;
    }

    @Override
    public String name() {
        return "Keyword";
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
        return 0;
    }

    @Override
    public Object[] values(Keyword k) {
        return new Object[] {k.select(), k.order(), k.from(), k.group(), k.where()};
    }

    @Override
    public void writeJson(Keyword k, JsonGenerator out) throws IOException {
        out.writeStartObject();
        out.writeStringField("select", k.select());
        out.writeNumberField("order", k.order());
        out.writeStringField("from", k.from());
        out.writeBooleanField("group", k.group());
        out.writeStringField("where", k.where());
        out.writeEndObject();
    }

    @Override
    public String[] csvRow(Keyword k) {
        return new String[] {k.select(), Long.toString(k.order()), k.from(), Boolean.toString(k.group()), k.where()};
    }

    @Override
    public Map<String, Object> document(Keyword k) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("select", k.select());
        d.put("order", k.order());
        d.put("from", k.from());
        d.put("group", k.group());
        d.put("where", k.where());
        return d;
    }
}
