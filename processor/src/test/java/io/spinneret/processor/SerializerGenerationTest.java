package io.spinneret.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.google.testing.compile.Compilation;
import io.spinneret.internal.Field;
import io.spinneret.internal.FieldType;
import io.spinneret.internal.ItemSchema;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Item serializers: golden source, then the generated code run on real records. */
class SerializerGenerationTest {
    static Compilation compilation;
    static GeneratedClassLoader loader;

    @BeforeAll
    static void compile() {
        compilation = Compilations.compile(
                "serializer/Everything.java", "serializer/Category.java", "serializer/HTTPPageView.java");
        assertThat(compilation).succeededWithoutWarnings();
        loader = new GeneratedClassLoader(compilation);
    }

    @SuppressWarnings("unchecked")
    static ItemSchema<Object> schema(String item) {
        try {
            return (ItemSchema<Object>)
                    loader.load(item + "_Serializer").getField("INSTANCE").get(null);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    static String json(ItemSchema<Object> schema, Object item) throws IOException {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
            schema.writeJson(item, g);
        }
        return out.toString();
    }

    Class<?> genre() {
        return loader.load("test.serializer.Everything$Genre");
    }

    Object address(String street, String kind, List<Integer> floors) {
        return Records.create(
                loader.load("test.serializer.Everything$Address"), street, Records.enumConstant(genre(), kind), floors);
    }

    Object full() {
        Map<String, Double> scores = new LinkedHashMap<>();
        scores.put("a", 1.5);
        scores.put("b", null);
        Map<String, List<String>> groups = new LinkedHashMap<>();
        groups.put("x", List.of("1", "2"));
        return Records.create(
                loader.load("test.serializer.Everything"),
                "id-1 \"é\" ☃ 😀\n",
                'q',
                'Ω',
                Records.enumConstant(genre(), "POETRY"),
                (byte) -3,
                (short) 300,
                42,
                1L << 40,
                7,
                -8L,
                1.1f,
                2.5f,
                0.1 + 0.2,
                1e21,
                new BigDecimal("12.340"),
                new BigInteger("123456789012345678901234567890"),
                true,
                Boolean.FALSE,
                Instant.parse("2024-05-06T07:08:09.123Z"),
                OffsetDateTime.of(2024, 1, 2, 3, 4, 0, 0, ZoneOffset.ofHours(2)),
                ZonedDateTime.of(2024, 7, 1, 12, 0, 0, 0, ZoneId.of("Europe/Paris")),
                LocalDateTime.of(2024, 2, 29, 23, 59, 59),
                LocalDate.of(2024, 12, 31),
                List.of("a", "b,c"),
                new LinkedHashSet<>(List.of(3, 1)),
                scores,
                address("Rue 1", "FICTION", List.of(1, 2)),
                List.of(address("A", "POETRY", List.of())),
                groups);
    }

    Object empty() {
        Object[] args = new Object[29];
        args[0] = null;
        args[1] = 'a';
        args[4] = (byte) 0;
        args[5] = (short) 0;
        args[6] = 0;
        args[7] = 0L;
        args[10] = 0f;
        args[12] = 0d;
        args[16] = false;
        return Records.create(loader.load("test.serializer.Everything"), args);
    }

    @Test
    void generatedSerializersMatchGoldenSources() {
        Golden.assertGenerated(
                getClass(),
                "generatedSerializersMatchGoldenSources",
                compilation,
                "test.serializer.Everything_Serializer",
                "test.serializer.Category_Serializer",
                "test.serializer.HTTPPageView_Serializer");
    }

    @Test
    void schemaListsFieldsInDeclarationOrderWithLogicalTypes() {
        ItemSchema<Object> s = schema("test.serializer.Everything");
        assertEquals("Everything", s.name());
        assertEquals("all_types", s.table());
        assertEquals(0, s.keyIndex());
        assertSame(loader.load("test.serializer.Everything"), s.type());
        List<Field> fields = s.fields();
        assertEquals(29, fields.size());
        assertEquals(new Field("id", FieldType.STRING, true), fields.get(0));
        assertEquals(new Field("letter", FieldType.STRING, false), fields.get(1));
        assertEquals(new Field("genre", FieldType.STRING, true), fields.get(3));
        assertEquals(new Field("tiny", FieldType.INTEGER, false), fields.get(4));
        assertEquals(new Field("boxedLong", FieldType.INTEGER, true), fields.get(9));
        assertEquals(new Field("ratio", FieldType.FLOATING, false), fields.get(10));
        assertEquals(new Field("money", FieldType.DECIMAL, true), fields.get(14));
        assertEquals(new Field("huge", FieldType.DECIMAL, true), fields.get(15));
        assertEquals(new Field("flag", FieldType.BOOLEAN, false), fields.get(16));
        assertEquals(new Field("local", FieldType.TIMESTAMP, true), fields.get(21));
        assertEquals(new Field("day", FieldType.DATE, true), fields.get(22));
        assertEquals(
                List.of(FieldType.JSON),
                fields.subList(23, 29).stream().map(Field::type).distinct().toList());
        assertEquals("category", schema("test.serializer.Category").table());
        assertEquals("http_page_view", schema("test.serializer.HTTPPageView").table());
    }

    @Test
    void writesJsonWithJacksonStreaming() throws IOException {
        assertEquals(
                "{\"id\":\"id-1 \\\"é\\\" ☃ 😀\\n\",\"letter\":\"q\",\"boxedLetter\":\"Ω\",\"genre\":\"POETRY\","
                        + "\"tiny\":-3,\"small\":300,\"count\":42,\"big\":1099511627776,\"boxedInt\":7,\"boxedLong\":-8,"
                        + "\"ratio\":1.1,\"boxedRatio\":2.5,\"price\":0.30000000000000004,\"boxedPrice\":1.0E21,"
                        + "\"money\":12.340,\"huge\":123456789012345678901234567890,\"flag\":true,\"boxedFlag\":false,"
                        + "\"seen\":\"2024-05-06T07:08:09.123Z\",\"offset\":\"2024-01-02T01:04:00Z\",\"zoned\":\"2024-07-01T10:00:00Z\","
                        + "\"local\":\"2024-02-29T23:59:59Z\",\"day\":\"2024-12-31\",\"tags\":[\"a\",\"b,c\"],\"numbers\":[3,1],"
                        + "\"scores\":{\"a\":1.5,\"b\":null},\"address\":{\"street\":\"Rue 1\",\"kind\":\"FICTION\",\"floors\":[1,2]},"
                        + "\"history\":[{\"street\":\"A\",\"kind\":\"POETRY\",\"floors\":[]}],\"groups\":{\"x\":[\"1\",\"2\"]}}",
                json(schema("test.serializer.Everything"), full()));
    }

    @Test
    void writesNullsAsJsonNull() throws IOException {
        assertEquals(
                "{\"id\":null,\"letter\":\"a\",\"boxedLetter\":null,\"genre\":null,\"tiny\":0,\"small\":0,\"count\":0,\"big\":0,"
                        + "\"boxedInt\":null,\"boxedLong\":null,\"ratio\":0.0,\"boxedRatio\":null,\"price\":0.0,\"boxedPrice\":null,"
                        + "\"money\":null,\"huge\":null,\"flag\":false,\"boxedFlag\":null,\"seen\":null,\"offset\":null,\"zoned\":null,"
                        + "\"local\":null,\"day\":null,\"tags\":null,\"numbers\":null,\"scores\":null,\"address\":null,\"history\":null,"
                        + "\"groups\":null}",
                json(schema("test.serializer.Everything"), empty()));
    }

    @Test
    void csvRowHasTextCellsWithEmptyNullsAndJsonForStructures() {
        String[] row = schema("test.serializer.Everything").csvRow(full());
        assertArrayEquals(
                new String[] {
                    "id-1 \"é\" ☃ 😀\n",
                    "q",
                    "Ω",
                    "POETRY",
                    "-3",
                    "300",
                    "42",
                    "1099511627776",
                    "7",
                    "-8",
                    "1.1",
                    "2.5",
                    "0.30000000000000004",
                    "1.0E21",
                    "12.340",
                    "123456789012345678901234567890",
                    "true",
                    "false",
                    "2024-05-06T07:08:09.123Z",
                    "2024-01-02T01:04:00Z",
                    "2024-07-01T10:00:00Z",
                    "2024-02-29T23:59:59Z",
                    "2024-12-31",
                    "[\"a\",\"b,c\"]",
                    "[3,1]",
                    "{\"a\":1.5,\"b\":null}",
                    "{\"street\":\"Rue 1\",\"kind\":\"FICTION\",\"floors\":[1,2]}",
                    "[{\"street\":\"A\",\"kind\":\"POETRY\",\"floors\":[]}]",
                    "{\"x\":[\"1\",\"2\"]}"
                },
                row);
        String[] nulls = schema("test.serializer.Everything").csvRow(empty());
        assertEquals("", nulls[0]);
        assertEquals("a", nulls[1]);
        assertEquals("0.0", nulls[10]);
        assertEquals(List.of(""), Arrays.stream(nulls, 23, 29).distinct().toList());
    }

    @Test
    void valuesAreTypedAsFieldTypeDocuments() {
        Object[] v = schema("test.serializer.Everything").values(full());
        assertEquals(29, v.length);
        assertEquals("q", v[1]);
        assertEquals("Ω", v[2]);
        assertEquals("POETRY", v[3]);
        assertEquals(
                List.of(-3L, 300L, 42L, 1L << 40, 7L, -8L), Arrays.asList(v).subList(4, 10));
        assertEquals(1.1d, v[10]);
        assertEquals(2.5d, v[11]);
        assertEquals(0.30000000000000004d, v[12]);
        assertEquals(new BigDecimal("12.340"), v[14]);
        assertEquals(new BigDecimal("123456789012345678901234567890"), v[15]);
        assertEquals(Boolean.TRUE, v[16]);
        assertEquals(Instant.parse("2024-01-02T01:04:00Z"), v[19]);
        assertEquals(Instant.parse("2024-07-01T10:00:00Z"), v[20]);
        assertEquals(Instant.parse("2024-02-29T23:59:59Z"), v[21]);
        assertEquals(LocalDate.of(2024, 12, 31), v[22]);
        assertEquals("[\"a\",\"b,c\"]", v[23]);
        assertEquals("{\"x\":[\"1\",\"2\"]}", v[28]);
        Object[] nulls = schema("test.serializer.Everything").values(empty());
        assertEquals(null, nulls[0]);
        assertEquals(0L, nulls[6]);
        assertEquals(null, nulls[8]);
        assertEquals(null, nulls[23]);
    }

    @Test
    void documentNestsMapsAndListsAndKeepsNulls() {
        Map<String, Object> d = schema("test.serializer.Everything").document(full());
        assertEquals(
                List.of("id", "letter", "boxedLetter", "genre"),
                d.keySet().stream().limit(4).toList());
        assertEquals(42L, d.get("count"));
        assertEquals(Instant.parse("2024-05-06T07:08:09.123Z"), d.get("seen"));
        assertEquals(List.of("a", "b,c"), d.get("tags"));
        assertEquals(List.of(3L, 1L), d.get("numbers"));
        Map<String, Object> scores = new LinkedHashMap<>();
        scores.put("a", 1.5);
        scores.put("b", null);
        assertEquals(scores, d.get("scores"));
        assertEquals(Map.of("street", "Rue 1", "kind", "FICTION", "floors", List.of(1L, 2L)), d.get("address"));
        assertEquals(List.of(Map.of("street", "A", "kind", "POETRY", "floors", List.of())), d.get("history"));
        assertEquals(Map.of("x", List.of("1", "2")), d.get("groups"));
        Map<String, Object> empty = schema("test.serializer.Everything").document(empty());
        assertEquals(29, empty.size());
        assertEquals(null, empty.get("address"));
    }

    @Test
    void recursiveRecordsAndWildcardsSerialize() throws IOException {
        Class<?> category = loader.load("test.serializer.Category");
        Object leaf = Records.create(category, "leaf", List.of());
        Object root = Records.create(category, "root", List.of(leaf));
        assertEquals(
                "{\"name\":\"root\",\"children\":[{\"name\":\"leaf\",\"children\":[]}]}",
                json(schema("test.serializer.Category"), root));
        assertEquals(
                List.of(Map.of("name", "leaf", "children", List.of())),
                schema("test.serializer.Category").document(root).get("children"));
        assertEquals("root", schema("test.serializer.Category").key(root));

        Object view = Records.create(
                loader.load("test.serializer.HTTPPageView"), "https://x/", List.of(1, 2), Map.of("c", leaf));
        assertEquals(
                "{\"url\":\"https://x/\",\"counts\":[1,2],\"categories\":{\"c\":{\"name\":\"leaf\",\"children\":[]}}}",
                json(schema("test.serializer.HTTPPageView"), view));
    }
}
