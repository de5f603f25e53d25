package io.spinneret.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spinneret.api.Request;
import io.spinneret.internal.Field;
import io.spinneret.internal.FieldType;
import io.spinneret.internal.ItemSchema;
import io.spinneret.items.ItemChain;
import io.spinneret.items.StorageRejections;
import io.spinneret.settings.Settings;
import io.spinneret.spi.ItemRemovals;
import io.spinneret.spi.Lease;
import io.spinneret.spi.RejectedItemsException;
import io.spinneret.spi.Stats;
import io.spinneret.spi.Storage;
import io.spinneret.storage.SampleSchema.Sample;
import io.spinneret.writer.ItemWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every {@link Storage} shares, run once per backend by a subclass: each field type
 * round-trips (Unicode, nulls, ~1 MB text, timestamps, dates, decimals, nested JSON), re-writing
 * is idempotent where the backend upserts, several item types land in their own tables, and field
 * names that are SQL reserved words work.
 *
 * <p>Each test instance uses table names unique to it and drops them afterwards, so test runs on
 * shared servers do not collide.
 */
public abstract class StorageContractTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Unique per test method: JUnit makes a new instance for each. */
    protected final String run = "st" + Long.toString(System.currentTimeMillis(), 36)
            + Integer.toString(ThreadLocalRandom.current().nextInt(1 << 24), 36);

    protected final SampleSchema samples = new SampleSchema(run + "_sample");
    protected final BookSchema books = new BookSchema(run + "_book");
    protected final KeywordSchema keywords = new KeywordSchema(run + "_keyword");
    protected Storage storage;

    /** A new, unopened storage of the backend under test, writing where {@link #readAll} reads. */
    protected abstract Storage newStorage() throws Exception;

    /**
     * Everything stored for {@code schema}, one map per row from field name to value, typed as
     * {@link ItemSchema#values} documents (JSON fields as text, or as maps and lists).
     */
    protected abstract List<Map<String, Object>> readAll(ItemSchema<?> schema) throws Exception;

    /** Removes what the test stored under {@code table}, if anything. */
    protected abstract void drop(String table) throws Exception;

    /**
     * Each stored row's key and its {@link ItemRemovals#REMOVED_AT} (null when not flagged), for
     * the backends that are {@link ItemRemovals}.
     */
    protected Map<Object, @Nullable Instant> removedFlags(ItemSchema<?> schema) throws Exception {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " keeps no flags");
    }

    /** True for backends that upsert on the key; false for those that append (files). */
    protected boolean upserts() {
        return true;
    }

    /** True for backends that store a null STRING and an empty one alike (CSV). */
    protected boolean emptyStringIsNull() {
        return false;
    }

    @BeforeEach
    void openStorage() throws Exception {
        storage = newStorage();
        storage.open();
    }

    @AfterEach
    void closeAndDrop() throws Exception {
        if (storage != null) storage.close();
        for (String table : List.of(samples.table(), books.table(), keywords.table())) drop(table);
    }

    // ---- data

    /** About 1 MB of mixed-script text. */
    protected static final String LARGE_TEXT = "Grüße, 世界, שלום, 🕷️ — large text line\n".repeat(26_000);

    protected static final String UNICODE =
            "Ünïcödé — 日本語 — עברית — Ελληνικά — 🕷️🕸️ — \"quotes\" 'single' \\ backslash\ttab\nnewline";

    protected static List<Sample> sampleItems() {
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("n", 1);
        meta.put("x", 2.5);
        meta.put("s", "日本語 🕷");
        meta.put("flag", true);
        meta.put("nothing", null);
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("list", List.of(1, "two", false, List.of(3, 4)));
        inner.put("empty", Map.of());
        meta.put("nested", inner);
        return List.of(
                new Sample(
                        "a-1",
                        UNICODE,
                        Long.MAX_VALUE,
                        3.141592653589793,
                        new BigDecimal("12345678901234567890.123456789"),
                        true,
                        Instant.parse("2024-05-01T12:34:56.789Z"),
                        LocalDate.of(2024, 2, 29),
                        meta,
                        List.of("x", 1, 2.25, Map.of("k", "v"))),
                new Sample(
                        "b-2",
                        LARGE_TEXT,
                        Long.MIN_VALUE,
                        1e-300,
                        new BigDecimal("-0.000001"),
                        false,
                        Instant.parse("1969-07-20T20:17:40Z"),
                        LocalDate.of(1999, 12, 31),
                        Map.of(),
                        List.of()),
                SampleSchema.empty("c-3"),
                new Sample(
                        "ключ/🔑 key with spaces & 'quotes'",
                        "",
                        0L,
                        -12.5,
                        BigDecimal.ZERO,
                        true,
                        Instant.parse("2100-01-01T00:00:00.001Z"),
                        LocalDate.of(2100, 1, 1),
                        Map.of("only", "one"),
                        List.of("日本")));
    }

    // ---- tests

    @Test
    void everyFieldTypeRoundTrips() throws Exception {
        storage.write(samples, sampleItems());
        assertStored(samples, sampleItems());
    }

    @Test
    void writingTheSameItemsAgainLeavesOneRowPerKey() throws Exception {
        List<Sample> items = sampleItems();
        storage.write(samples, items);
        storage.write(samples, items);
        if (!upserts()) {
            assertEquals(2 * items.size(), readAll(samples).size(), "a file storage appends");
            return;
        }
        assertStored(samples, items);
        List<Sample> changed = items.stream()
                .map(s -> new Sample(s.id(), "changed " + s.id(), 7L, null, null, false, null, null, null, List.of()))
                .toList();
        storage.write(samples, changed);
        assertStored(samples, changed);
    }

    @Test
    void reopeningTheTargetUpsertsIntoTheExistingTable() throws Exception {
        List<Sample> items = sampleItems();
        storage.write(samples, items);
        storage.close();
        storage = newStorage(); // a second crawl into the same target
        storage.open();
        storage.write(samples, items);
        if (upserts()) assertStored(samples, items);
        else assertEquals(2 * items.size(), readAll(samples).size());
    }

    @Test
    void aRepeatedKeyInOneBatchKeepsTheLastItem() throws Exception {
        List<Sample> batch = List.of(
                SampleSchema.empty("k"),
                new Sample("k", "second", 2L, null, null, null, null, null, null, null),
                SampleSchema.empty("other"),
                new Sample("k", "third", 3L, null, null, null, null, null, null, null));
        storage.write(samples, batch);
        if (upserts()) assertStored(samples, List.of(batch.get(2), batch.get(3)));
        else assertEquals(4, readAll(samples).size());
    }

    @Test
    void eachItemTypeGoesToItsOwnTable() throws Exception {
        storage.write(samples, sampleItems());
        List<BookSchema.Book> bookItems = List.of(BookSchema.book(1), BookSchema.book(2), BookSchema.book(3));
        storage.write(books, bookItems);
        storage.write(samples, List.of(SampleSchema.empty("z-9")));
        List<Sample> allSamples = new ArrayList<>(sampleItems());
        allSamples.add(SampleSchema.empty("z-9"));
        assertStored(samples, allSamples);
        assertStored(books, bookItems);
    }

    @Test
    void theItemsOfRemovedPagesAreDeletedByKeyFromAnUpsertingStorage() throws Exception {
        if (!(storage instanceof ItemRemovals removals)) {
            assertTrue(!upserts(), "every storage that upserts can delete by key");
            return;
        }
        List<BookSchema.Book> bookItems = List.of(BookSchema.book(1), BookSchema.book(2), BookSchema.book(3));
        storage.write(books, bookItems);
        Field key = books.fields().get(books.keyIndex());
        Object second = books.values(bookItems.get(1))[books.keyIndex()];
        removals.removeItems(books.table(), key, List.of(second, "no-such-key"));
        assertStored(books, List.of(bookItems.get(0), bookItems.get(2)));
        removals.removeItems(run + "_never_written", key, List.of(second)); // no table: nothing to delete
        storage.write(books, List.of(bookItems.get(1))); // the page came back
        assertStored(books, bookItems);
    }

    @Test
    void theItemsOfRemovedPagesAreFlaggedByKeyAndAWriteClearsTheFlag() throws Exception {
        if (!(storage instanceof ItemRemovals removals)) {
            assertTrue(!upserts(), "every storage that upserts can flag by key");
            return;
        }
        removals.keepRemovedFlags();
        List<BookSchema.Book> bookItems = List.of(BookSchema.book(1), BookSchema.book(2), BookSchema.book(3));
        storage.write(books, bookItems);
        List<Object> keys = keysOf(bookItems);
        assertEquals(flags(keys, null, null, null), removedFlags(books), "every row has the flag, null");
        Instant at = Instant.parse("2026-12-05T03:00:00.123Z");
        Field key = books.fields().get(books.keyIndex());
        removals.flagItems(books.table(), key, List.of(keys.get(1), "no-such-key"), at);
        removals.flagItems(books.table(), key, List.of(keys.get(1)), at.plusSeconds(60)); // keeps the first time
        removals.flagItems(run + "_never_written", key, List.of(keys.get(1)), at); // no table: nothing to flag
        assertStored(books, bookItems);
        assertEquals(flags(keys, null, at, null), removedFlags(books), "flagged, not deleted");
        storage.write(books, List.of(bookItems.get(1))); // the page came back
        assertEquals(flags(keys, null, null, null), removedFlags(books));
    }

    @Test
    void flaggingAnItemOfATableWrittenWithoutFlagsAddsTheFlag() throws Exception {
        if (!(storage instanceof ItemRemovals removals)) return;
        List<BookSchema.Book> bookItems = List.of(BookSchema.book(1), BookSchema.book(2));
        storage.write(books, bookItems); // flags not kept: no column yet
        List<Object> keys = keysOf(bookItems);
        Instant at = Instant.parse("2026-12-05T03:00:00.456Z");
        removals.flagItems(books.table(), books.fields().get(books.keyIndex()), List.of(keys.get(0)), at);
        assertEquals(flags(keys, at, null), removedFlags(books));
        storage.write(books, bookItems); // the same storage, which learnt of the new column
        assertEquals(flags(keys, null, null), removedFlags(books));
    }

    @Test
    void aTableWrittenBeforeFlagsWereKeptGetsTheFlagAtItsNextWrite() throws Exception {
        if (!(storage instanceof ItemRemovals)) return;
        storage.write(books, List.of(BookSchema.book(1)));
        storage.close();
        storage = newStorage();
        ((ItemRemovals) storage).keepRemovedFlags();
        storage.open();
        storage.write(books, List.of(BookSchema.book(2)));
        assertEquals(flags(keysOf(List.of(BookSchema.book(1), BookSchema.book(2))), null, null), removedFlags(books));
    }

    private List<Object> keysOf(List<BookSchema.Book> items) {
        return items.stream().map(b -> books.values(b)[books.keyIndex()]).toList();
    }

    /** {@code keys.get(i)} to {@code flags[i]}. */
    private static Map<Object, @Nullable Instant> flags(List<Object> keys, @Nullable Instant... flags) {
        Map<Object, @Nullable Instant> out = new HashMap<>();
        for (int i = 0; i < keys.size(); i++) out.put(keys.get(i), flags[i]);
        return out;
    }

    @Test
    void reservedWordsWorkAsFieldNames() throws Exception {
        List<KeywordSchema.Keyword> items = List.of(
                new KeywordSchema.Keyword("select *", 1, "from", true, "where 1=1; drop table x"),
                new KeywordSchema.Keyword("\"quoted\" `back`", -2, null, false, null));
        storage.write(keywords, items);
        storage.write(keywords, items);
        if (upserts()) assertStored(keywords, items);
        else assertEquals(4, readAll(keywords).size());
    }

    @Test
    void aLargeBatchIsWrittenWhole() throws Exception {
        List<BookSchema.Book> items = new ArrayList<>();
        for (int i = 0; i < 2_500; i++) items.add(BookSchema.book(i));
        storage.write(books, items);
        assertStored(books, items);
    }

    @Test
    void anItemWithoutKeyFailsNamingTheTableAndTheKey() throws Exception {
        assumeTrue(upserts(), "files need no key");
        // rejected for its data, which the pipeline never retries as if the storage were down
        IOException e = assertThrows(
                RejectedItemsException.class,
                () -> storage.write(samples, List.of(SampleSchema.empty("fine"), SampleSchema.empty(null))));
        assertTrue(e.getMessage().contains(samples.table()) && e.getMessage().contains("'id'"), e.getMessage());
    }

    /**
     * An item whose key is null, on its way to this storage as a crawl sends it (the item chain,
     * then the pipeline): dropped and counted as invalid, never written, never retried; the
     * others are stored and their lease acknowledged.
     */
    @Test
    void anItemWithoutKeyIsDroppedAndCountedBeforeStorageAndNothingIsRetried() throws Exception {
        Stats stats = new Stats();
        Settings settings = Settings.defaults().with("storage_retry_times", "5", "test");
        List<List<Object>> writes = new CopyOnWriteArrayList<>();
        Storage counting = new Storage() {
            @Override
            public void open() {}

            @Override
            public <T> void write(ItemSchema<T> schema, List<T> items) throws IOException {
                writes.add(new ArrayList<>(items));
                storage.write(schema, items);
            }

            @Override
            public void close() {}

            @Override
            public String describe() {
                return storage.describe();
            }
        };
        List<Object> items =
                new ArrayList<>(List.of(SampleSchema.empty("a"), SampleSchema.empty(null), SampleSchema.empty("b")));
        List<ItemSchema<?>> schemas = new ArrayList<>(List.of(samples, samples, samples));
        new ItemChain(List.of(), settings, stats, message -> fail(message)).apply(items, schemas, "http://h/page");
        List<String> acked = new CopyOnWriteArrayList<>();
        ItemWriter writer = new ItemWriter(counting, settings, l -> acked.add(l.id()), e -> fail(e.getMessage()));
        writer.onRejected(new StorageRejections(settings, stats));
        writer.submit(items, schemas, new Lease("1", Request.of("http://h/page")));
        writer.close();

        assertEquals(1, stats.get(ItemChain.DROPPED + "invalid"));
        assertEquals(1, stats.get(ItemChain.INVALID + "Sample.id @NotNull (key)"));
        assertEquals(
                List.of(List.of(SampleSchema.empty("a"), SampleSchema.empty("b"))),
                writes,
                "one write, without the keyless item");
        assertEquals(List.of("1"), acked);
        assertStored(samples, List.of(SampleSchema.empty("a"), SampleSchema.empty("b")));
    }

    @Test
    void describeNamesTheTarget() {
        assertTrue(!storage.describe().isBlank());
    }

    // ---- assertions

    /** Asserts that what is stored for {@code schema} is exactly {@code expected}, field by field. */
    protected <T> void assertStored(ItemSchema<T> schema, List<T> expected) throws Exception {
        List<Map<String, Object>> actual = readAll(schema);
        Map<String, Map<String, Object>> byKey = new TreeMap<>();
        String keyName = schema.fields().get(schema.keyIndex()).name();
        for (Map<String, Object> row : actual) byKey.put(String.valueOf(row.get(keyName)), row);
        assertEquals(actual.size(), byKey.size(), "keys stored more than once in " + schema.table());
        Set<String> expectedKeys = new HashSet<>();
        for (T item : expected) expectedKeys.add(String.valueOf(schema.key(item)));
        assertEquals(new TreeMap<>(byKey).keySet(), new TreeSet<>(expectedKeys), "keys in " + schema.table());
        for (T item : expected) {
            Object[] values = schema.values(item);
            Map<String, Object> row = byKey.get(String.valueOf(schema.key(item)));
            for (int i = 0; i < values.length; i++) {
                Field f = schema.fields().get(i);
                Object want = normalise(f.type(), values[i]);
                Object got = normalise(f.type(), row.get(f.name()));
                if (!Objects.equals(want, got)) {
                    fail(schema.table() + " key " + abbreviate(schema.key(item)) + " field " + f.name() + " ("
                            + f.type()
                            + "): expected " + abbreviate(want) + " but was " + abbreviate(got)
                            + (got == null ? "" : " (" + got.getClass().getSimpleName() + ")"));
                }
            }
        }
    }

    /** Values in a form that compares equal when they mean the same. */
    private @Nullable Object normalise(FieldType type, @Nullable Object value) {
        if (value == null || emptyStringIsNull() && "".equals(value)) return null;
        return switch (type) {
            case INTEGER -> value instanceof Number n ? (Object) n.longValue() : value;
            case FLOATING -> value instanceof Number n ? (Object) n.doubleValue() : value;
            case DECIMAL ->
                value instanceof BigDecimal d
                        ? d.stripTrailingZeros()
                        : new BigDecimal(value.toString()).stripTrailingZeros();
            case JSON -> new JsonValue(value instanceof String s ? parse(s) : JSON.valueToTree(value));
            default -> value;
        };
    }

    private static JsonNode parse(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** JSON compared as data: key order and the Java type of a number do not matter. */
    private record JsonValue(JsonNode node) {
        @Override
        public boolean equals(Object o) {
            return o instanceof JsonValue other
                    && node.equals(
                            (a, b) -> a.isNumber() && b.isNumber()
                                    ? a.decimalValue().compareTo(b.decimalValue())
                                    : a.equals(b) ? 0 : 1,
                            other.node);
        }

        @Override
        public int hashCode() {
            return 0;
        }

        @Override
        public String toString() {
            return node.toString();
        }
    }

    private static String abbreviate(@Nullable Object value) {
        String s = String.valueOf(value);
        return s.length() > 120 ? s.substring(0, 120) + "...(" + s.length() + " chars)" : s;
    }
}
