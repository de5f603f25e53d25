package test.serializer;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.spinneret.internal.Field;
import io.spinneret.internal.FieldType;
import io.spinneret.internal.ItemSchema;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import javax.annotation.processing.Generated;

/**
 * The schema and serializers of {@link Everything}, generated from its components.
 */
@Generated("io.spinneret.processor.SpinneretProcessor")
public final class Everything_Serializer implements ItemSchema<Everything> {
    /**
     * The shared instance; the class is stateless.
     */
    public static final Everything_Serializer INSTANCE = new Everything_Serializer();

    private static final List<Field> FIELDS = List.of(
        new Field("id", FieldType.STRING, true),
        new Field("letter", FieldType.STRING, false),
        new Field("boxedLetter", FieldType.STRING, true),
        new Field("genre", FieldType.STRING, true),
        new Field("tiny", FieldType.INTEGER, false),
        new Field("small", FieldType.INTEGER, false),
        new Field("count", FieldType.INTEGER, false),
        new Field("big", FieldType.INTEGER, false),
        new Field("boxedInt", FieldType.INTEGER, true),
        new Field("boxedLong", FieldType.INTEGER, true),
        new Field("ratio", FieldType.FLOATING, false),
        new Field("boxedRatio", FieldType.FLOATING, true),
        new Field("price", FieldType.FLOATING, false),
        new Field("boxedPrice", FieldType.FLOATING, true),
        new Field("money", FieldType.DECIMAL, true),
        new Field("huge", FieldType.DECIMAL, true),
        new Field("flag", FieldType.BOOLEAN, false),
        new Field("boxedFlag", FieldType.BOOLEAN, true),
        new Field("seen", FieldType.TIMESTAMP, true),
        new Field("offset", FieldType.TIMESTAMP, true),
        new Field("zoned", FieldType.TIMESTAMP, true),
        new Field("local", FieldType.TIMESTAMP, true),
        new Field("day", FieldType.DATE, true),
        new Field("tags", FieldType.JSON, true),
        new Field("numbers", FieldType.JSON, true),
        new Field("scores", FieldType.JSON, true),
        new Field("address", FieldType.JSON, true),
        new Field("history", FieldType.JSON, true),
        new Field("groups", FieldType.JSON, true));

    private static final JsonFactory JSON = new JsonFactory();

    public Everything_Serializer() {
    }

    @Override
    public Class<Everything> type() {
        return Everything.class;
    }

    @Override
    public String name() {
        return "Everything";
    }

    @Override
    public String table() {
        return "all_types";
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
    public Object[] values(Everything item) {
        return new Object[] {
                    item.id(),
                    String.valueOf(item.letter()),
                    item.boxedLetter() == null ? null : item.boxedLetter().toString(),
                    item.genre() == null ? null : item.genre().name(),
                    Long.valueOf(item.tiny()),
                    Long.valueOf(item.small()),
                    Long.valueOf(item.count()),
                    Long.valueOf(item.big()),
                    item.boxedInt() == null ? null : Long.valueOf(item.boxedInt().longValue()),
                    item.boxedLong() == null ? null : Long.valueOf(item.boxedLong().longValue()),
                    Double.valueOf(Float.toString(item.ratio())),
                    item.boxedRatio() == null ? null : Double.valueOf(item.boxedRatio().toString()),
                    Double.valueOf(item.price()),
                    item.boxedPrice(),
                    item.money(),
                    item.huge() == null ? null : new BigDecimal(item.huge()),
                    Boolean.valueOf(item.flag()),
                    item.boxedFlag(),
                    item.seen(),
                    item.offset() == null ? null : item.offset().toInstant(),
                    item.zoned() == null ? null : item.zoned().toInstant(),
                    item.local() == null ? null : item.local().toInstant(ZoneOffset.UTC),
                    item.day(),
                    tagsJson(item.tags()),
                    numbersJson(item.numbers()),
                    scoresJson(item.scores()),
                    addressJson(item.address()),
                    historyJson(item.history()),
                    groupsJson(item.groups())
                };
    }

    @Override
    public void writeJson(Everything item, JsonGenerator out) throws IOException {
        out.writeStartObject();
        out.writeFieldName("id");
        if (item.id() == null) {
            out.writeNull();
        } else {
            out.writeString(item.id());
        }
        out.writeFieldName("letter");
        out.writeString(String.valueOf(item.letter()));
        out.writeFieldName("boxedLetter");
        if (item.boxedLetter() == null) {
            out.writeNull();
        } else {
            out.writeString(item.boxedLetter().toString());
        }
        out.writeFieldName("genre");
        if (item.genre() == null) {
            out.writeNull();
        } else {
            out.writeString(item.genre().name());
        }
        out.writeFieldName("tiny");
        out.writeNumber(item.tiny());
        out.writeFieldName("small");
        out.writeNumber(item.small());
        out.writeFieldName("count");
        out.writeNumber(item.count());
        out.writeFieldName("big");
        out.writeNumber(item.big());
        out.writeFieldName("boxedInt");
        if (item.boxedInt() == null) {
            out.writeNull();
        } else {
            out.writeNumber(item.boxedInt().longValue());
        }
        out.writeFieldName("boxedLong");
        if (item.boxedLong() == null) {
            out.writeNull();
        } else {
            out.writeNumber(item.boxedLong().longValue());
        }
        out.writeFieldName("ratio");
        out.writeNumber(item.ratio());
        out.writeFieldName("boxedRatio");
        if (item.boxedRatio() == null) {
            out.writeNull();
        } else {
            out.writeNumber(item.boxedRatio().floatValue());
        }
        out.writeFieldName("price");
        out.writeNumber(item.price());
        out.writeFieldName("boxedPrice");
        if (item.boxedPrice() == null) {
            out.writeNull();
        } else {
            out.writeNumber(item.boxedPrice().doubleValue());
        }
        out.writeFieldName("money");
        if (item.money() == null) {
            out.writeNull();
        } else {
            out.writeNumber(item.money());
        }
        out.writeFieldName("huge");
        if (item.huge() == null) {
            out.writeNull();
        } else {
            out.writeNumber(item.huge());
        }
        out.writeFieldName("flag");
        out.writeBoolean(item.flag());
        out.writeFieldName("boxedFlag");
        if (item.boxedFlag() == null) {
            out.writeNull();
        } else {
            out.writeBoolean(item.boxedFlag().booleanValue());
        }
        out.writeFieldName("seen");
        if (item.seen() == null) {
            out.writeNull();
        } else {
            out.writeString(item.seen().toString());
        }
        out.writeFieldName("offset");
        if (item.offset() == null) {
            out.writeNull();
        } else {
            out.writeString(item.offset().toInstant().toString());
        }
        out.writeFieldName("zoned");
        if (item.zoned() == null) {
            out.writeNull();
        } else {
            out.writeString(item.zoned().toInstant().toString());
        }
        out.writeFieldName("local");
        if (item.local() == null) {
            out.writeNull();
        } else {
            out.writeString(item.local().toInstant(ZoneOffset.UTC).toString());
        }
        out.writeFieldName("day");
        if (item.day() == null) {
            out.writeNull();
        } else {
            out.writeString(item.day().toString());
        }
        out.writeFieldName("tags");
        writeListOfString(out, item.tags());
        out.writeFieldName("numbers");
        writeSetOfInteger(out, item.numbers());
        out.writeFieldName("scores");
        writeMapOfDouble(out, item.scores());
        out.writeFieldName("address");
        writeAddress(out, item.address());
        out.writeFieldName("history");
        writeListOfAddress(out, item.history());
        out.writeFieldName("groups");
        writeMapOfListOfString(out, item.groups());
        out.writeEndObject();
    }

    @Override
    public String[] csvRow(Everything item) {
        return new String[] {
                    item.id() == null ? "" : item.id(),
                    String.valueOf(item.letter()),
                    item.boxedLetter() == null ? "" : item.boxedLetter().toString(),
                    item.genre() == null ? "" : item.genre().name(),
                    String.valueOf(item.tiny()),
                    String.valueOf(item.small()),
                    String.valueOf(item.count()),
                    String.valueOf(item.big()),
                    item.boxedInt() == null ? "" : item.boxedInt().toString(),
                    item.boxedLong() == null ? "" : item.boxedLong().toString(),
                    String.valueOf(item.ratio()),
                    item.boxedRatio() == null ? "" : item.boxedRatio().toString(),
                    String.valueOf(item.price()),
                    item.boxedPrice() == null ? "" : item.boxedPrice().toString(),
                    item.money() == null ? "" : item.money().toString(),
                    item.huge() == null ? "" : item.huge().toString(),
                    String.valueOf(item.flag()),
                    item.boxedFlag() == null ? "" : item.boxedFlag().toString(),
                    item.seen() == null ? "" : item.seen().toString(),
                    item.offset() == null ? "" : item.offset().toInstant().toString(),
                    item.zoned() == null ? "" : item.zoned().toInstant().toString(),
                    item.local() == null ? "" : item.local().toInstant(ZoneOffset.UTC).toString(),
                    item.day() == null ? "" : item.day().toString(),
                    Objects.requireNonNullElse(tagsJson(item.tags()), ""),
                    Objects.requireNonNullElse(numbersJson(item.numbers()), ""),
                    Objects.requireNonNullElse(scoresJson(item.scores()), ""),
                    Objects.requireNonNullElse(addressJson(item.address()), ""),
                    Objects.requireNonNullElse(historyJson(item.history()), ""),
                    Objects.requireNonNullElse(groupsJson(item.groups()), "")
                };
    }

    @Override
    public Map<String, Object> document(Everything item) {
        var document = new LinkedHashMap<String, Object>();
        document.put("id", item.id());
        document.put("letter", String.valueOf(item.letter()));
        document.put("boxedLetter", item.boxedLetter() == null ? null : item.boxedLetter().toString());
        document.put("genre", item.genre() == null ? null : item.genre().name());
        document.put("tiny", Long.valueOf(item.tiny()));
        document.put("small", Long.valueOf(item.small()));
        document.put("count", Long.valueOf(item.count()));
        document.put("big", Long.valueOf(item.big()));
        document.put("boxedInt", item.boxedInt() == null ? null : Long.valueOf(item.boxedInt().longValue()));
        document.put("boxedLong", item.boxedLong() == null ? null : Long.valueOf(item.boxedLong().longValue()));
        document.put("ratio", Double.valueOf(Float.toString(item.ratio())));
        document.put("boxedRatio", item.boxedRatio() == null ? null : Double.valueOf(item.boxedRatio().toString()));
        document.put("price", Double.valueOf(item.price()));
        document.put("boxedPrice", item.boxedPrice());
        document.put("money", item.money());
        document.put("huge", item.huge() == null ? null : new BigDecimal(item.huge()));
        document.put("flag", Boolean.valueOf(item.flag()));
        document.put("boxedFlag", item.boxedFlag());
        document.put("seen", item.seen());
        document.put("offset", item.offset() == null ? null : item.offset().toInstant());
        document.put("zoned", item.zoned() == null ? null : item.zoned().toInstant());
        document.put("local", item.local() == null ? null : item.local().toInstant(ZoneOffset.UTC));
        document.put("day", item.day());
        document.put("tags", listOfStringDocument(item.tags()));
        document.put("numbers", setOfIntegerDocument(item.numbers()));
        document.put("scores", mapOfDoubleDocument(item.scores()));
        document.put("address", addressDocument(item.address()));
        document.put("history", listOfAddressDocument(item.history()));
        document.put("groups", mapOfListOfStringDocument(item.groups()));
        return document;
    }

    @Override
    public String violation(Everything item) {
        if (item.id() == null) {
            return "id @NotNull (key)";
        }
        return null;
    }

    private static String tagsJson(List<String> value) {
        if (value == null) {
            return null;
        }
        var text = new StringWriter();
        try (var out = JSON.createGenerator(text)) {
            writeListOfString(out, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    private static String numbersJson(Set<Integer> value) {
        if (value == null) {
            return null;
        }
        var text = new StringWriter();
        try (var out = JSON.createGenerator(text)) {
            writeSetOfInteger(out, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    private static String scoresJson(Map<String, Double> value) {
        if (value == null) {
            return null;
        }
        var text = new StringWriter();
        try (var out = JSON.createGenerator(text)) {
            writeMapOfDouble(out, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    private static String addressJson(Everything.Address value) {
        if (value == null) {
            return null;
        }
        var text = new StringWriter();
        try (var out = JSON.createGenerator(text)) {
            writeAddress(out, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    private static String historyJson(List<Everything.Address> value) {
        if (value == null) {
            return null;
        }
        var text = new StringWriter();
        try (var out = JSON.createGenerator(text)) {
            writeListOfAddress(out, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    private static String groupsJson(Map<String, List<String>> value) {
        if (value == null) {
            return null;
        }
        var text = new StringWriter();
        try (var out = JSON.createGenerator(text)) {
            writeMapOfListOfString(out, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    private static void writeListOfString(JsonGenerator out, List<String> value) throws
            IOException {
        if (value == null) {
            out.writeNull();
            return;
        }
        out.writeStartArray();
        for (var e : value) {
            if (e == null) {
                out.writeNull();
            } else {
                out.writeString(e);
            }
        }
        out.writeEndArray();
    }

    private static void writeSetOfInteger(JsonGenerator out, Set<Integer> value) throws
            IOException {
        if (value == null) {
            out.writeNull();
            return;
        }
        out.writeStartArray();
        for (var e : value) {
            if (e == null) {
                out.writeNull();
            } else {
                out.writeNumber(e.longValue());
            }
        }
        out.writeEndArray();
    }

    private static void writeMapOfDouble(JsonGenerator out, Map<String, Double> value) throws
            IOException {
        if (value == null) {
            out.writeNull();
            return;
        }
        out.writeStartObject();
        for (var e : value.entrySet()) {
            out.writeFieldName(e.getKey());
            if (e.getValue() == null) {
                out.writeNull();
            } else {
                out.writeNumber(e.getValue().doubleValue());
            }
        }
        out.writeEndObject();
    }

    private static void writeAddress(JsonGenerator out, Everything.Address value) throws
            IOException {
        if (value == null) {
            out.writeNull();
            return;
        }
        out.writeStartObject();
        out.writeFieldName("street");
        if (value.street() == null) {
            out.writeNull();
        } else {
            out.writeString(value.street());
        }
        out.writeFieldName("kind");
        if (value.kind() == null) {
            out.writeNull();
        } else {
            out.writeString(value.kind().name());
        }
        out.writeFieldName("floors");
        writeListOfInteger(out, value.floors());
        out.writeEndObject();
    }

    private static void writeListOfAddress(JsonGenerator out, List<Everything.Address> value) throws
            IOException {
        if (value == null) {
            out.writeNull();
            return;
        }
        out.writeStartArray();
        for (var e : value) {
            writeAddress(out, e);
        }
        out.writeEndArray();
    }

    private static void writeMapOfListOfString(JsonGenerator out, Map<String, List<String>> value)
            throws IOException {
        if (value == null) {
            out.writeNull();
            return;
        }
        out.writeStartObject();
        for (var e : value.entrySet()) {
            out.writeFieldName(e.getKey());
            writeListOfString(out, e.getValue());
        }
        out.writeEndObject();
    }

    private static List<Object> listOfStringDocument(List<String> value) {
        if (value == null) {
            return null;
        }
        var list = new ArrayList<Object>(value.size());
        for (var e : value) {
            list.add(e);
        }
        return list;
    }

    private static List<Object> setOfIntegerDocument(Set<Integer> value) {
        if (value == null) {
            return null;
        }
        var list = new ArrayList<Object>(value.size());
        for (var e : value) {
            list.add(e == null ? null : Long.valueOf(e.longValue()));
        }
        return list;
    }

    private static Map<String, Object> mapOfDoubleDocument(Map<String, Double> value) {
        if (value == null) {
            return null;
        }
        var map = new LinkedHashMap<String, Object>();
        for (var e : value.entrySet()) {
            map.put(e.getKey(), e.getValue());
        }
        return map;
    }

    private static Map<String, Object> addressDocument(Everything.Address value) {
        if (value == null) {
            return null;
        }
        var map = new LinkedHashMap<String, Object>();
        map.put("street", value.street());
        map.put("kind", value.kind() == null ? null : value.kind().name());
        map.put("floors", listOfIntegerDocument(value.floors()));
        return map;
    }

    private static List<Object> listOfAddressDocument(List<Everything.Address> value) {
        if (value == null) {
            return null;
        }
        var list = new ArrayList<Object>(value.size());
        for (var e : value) {
            list.add(addressDocument(e));
        }
        return list;
    }

    private static Map<String, Object> mapOfListOfStringDocument(Map<String, List<String>> value) {
        if (value == null) {
            return null;
        }
        var map = new LinkedHashMap<String, Object>();
        for (var e : value.entrySet()) {
            map.put(e.getKey(), listOfStringDocument(e.getValue()));
        }
        return map;
    }

    private static void writeListOfInteger(JsonGenerator out, List<Integer> value) throws
            IOException {
        if (value == null) {
            out.writeNull();
            return;
        }
        out.writeStartArray();
        for (var e : value) {
            if (e == null) {
                out.writeNull();
            } else {
                out.writeNumber(e.longValue());
            }
        }
        out.writeEndArray();
    }

    private static List<Object> listOfIntegerDocument(List<Integer> value) {
        if (value == null) {
            return null;
        }
        var list = new ArrayList<Object>(value.size());
        for (var e : value) {
            list.add(e == null ? null : Long.valueOf(e.longValue()));
        }
        return list;
    }
}
