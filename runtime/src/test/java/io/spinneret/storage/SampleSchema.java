package io.spinneret.storage;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spinneret.internal.Field;
import io.spinneret.internal.FieldType;
import io.spinneret.internal.ItemSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An item with a field of every {@link FieldType}, all nullable but the key, and a hand-written
 * serializer in the generated style. The two JSON fields hold a nested map and a list.
 */
public final class SampleSchema implements ItemSchema<SampleSchema.Sample> {
    public record Sample(
            String id,
            String text,
            Long count,
            Double ratio,
            BigDecimal amount,
            Boolean flag,
            Instant seenAt,
            LocalDate day,
            Map<String, Object> meta,
            List<Object> tags) {}

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<Field> FIELDS = List.of(
            new Field("id", FieldType.STRING, true),
            new Field("text", FieldType.STRING, true),
            new Field("count", FieldType.INTEGER, true),
            new Field("ratio", FieldType.FLOATING, true),
            new Field("amount", FieldType.DECIMAL, true),
            new Field("flag", FieldType.BOOLEAN, true),
            new Field("seenAt", FieldType.TIMESTAMP, true),
            new Field("day", FieldType.DATE, true),
            new Field("meta", FieldType.JSON, true),
            new Field("tags", FieldType.JSON, true));

    private final String table;

    public SampleSchema(String table) {
        this.table = table;
    }

    /** An item with only its key; every other field null. */
    public static Sample empty(String id) {
        return new Sample(id, null, null, null, null, null, null, null, null, null);
    }

    @Override
    public Class<Sample> type() {
        return Sample.class;
    }

    @Override
    public String name() {
        return "Sample";
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
    public Object[] values(Sample s) {
        return new Object[] {
            s.id(),
            s.text(),
            s.count(),
            s.ratio(),
            s.amount(),
            s.flag(),
            s.seenAt(),
            s.day(),
            json(s.meta()),
            json(s.tags())
        };
    }

    @Override
    public void writeJson(Sample s, JsonGenerator out) throws IOException {
        out.writeStartObject();
        out.writeFieldName("id");
        out.writeString(s.id());
        writeNullableString(out, "text", s.text());
        out.writeFieldName("count");
        if (s.count() == null) out.writeNull();
        else out.writeNumber(s.count());
        out.writeFieldName("ratio");
        if (s.ratio() == null) out.writeNull();
        else out.writeNumber(s.ratio());
        out.writeFieldName("amount");
        if (s.amount() == null) out.writeNull();
        else out.writeNumber(s.amount());
        out.writeFieldName("flag");
        if (s.flag() == null) out.writeNull();
        else out.writeBoolean(s.flag());
        writeNullableString(
                out, "seenAt", s.seenAt() == null ? null : s.seenAt().toString());
        writeNullableString(out, "day", s.day() == null ? null : s.day().toString());
        out.writeFieldName("meta");
        if (s.meta() == null) out.writeNull();
        else out.writeRawValue(json(s.meta()));
        out.writeFieldName("tags");
        if (s.tags() == null) out.writeNull();
        else out.writeRawValue(json(s.tags()));
        out.writeEndObject();
    }

    @Override
    public String[] csvRow(Sample s) {
        Object[] v = values(s);
        String[] row = new String[v.length];
        for (int i = 0; i < v.length; i++) {
            row[i] = v[i] == null ? "" : v[i] instanceof BigDecimal d ? d.toPlainString() : v[i].toString();
        }
        return row;
    }

    @Override
    public Map<String, Object> document(Sample s) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("id", s.id());
        d.put("text", s.text());
        d.put("count", s.count());
        d.put("ratio", s.ratio());
        d.put("amount", s.amount());
        d.put("flag", s.flag());
        d.put("seenAt", s.seenAt());
        d.put("day", s.day());
        d.put("meta", s.meta());
        d.put("tags", s.tags() == null ? null : new ArrayList<>(s.tags()));
        return d;
    }

    private static void writeNullableString(JsonGenerator out, String name, String value) throws IOException {
        out.writeFieldName(name);
        if (value == null) out.writeNull();
        else out.writeString(value);
    }

    private static String json(Object value) {
        if (value == null) return null;
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
