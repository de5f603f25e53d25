package io.spinneret.storage.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.internal.Field;
import io.spinneret.internal.FieldType;
import io.spinneret.internal.ItemSchema;
import io.spinneret.spi.ItemRemovals;
import io.spinneret.spi.Storage;
import io.spinneret.storage.BookSchema;
import io.spinneret.storage.SampleSchema;
import io.spinneret.storage.StorageContractTest;
import java.io.IOException;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The contract for the SQL storages, plus what only tables have: existing tables are checked, not
 * altered; a failed batch writes nothing; an unreachable server fails {@code open} with the target
 * named and the password hidden. Subclasses give a connection and read values back per dialect.
 */
abstract class JdbcStorageContractTest extends StorageContractTest {
    /** A connection of the test's own to the database under test, autocommit on. */
    protected abstract Connection connect() throws SQLException;

    /** A target on the same kind of server that cannot be reached, with {@code secretpw} as password. */
    protected abstract Storage unreachableStorage();

    protected JdbcStorage jdbc() {
        return (JdbcStorage) storage;
    }

    /** One column value read as {@link ItemSchema#values} types it. */
    protected Object readValue(ResultSet rs, String column, FieldType type) throws SQLException {
        Object value = switch (type) {
            case STRING, JSON -> rs.getString(column);
            case INTEGER -> rs.getLong(column);
            case FLOATING -> rs.getDouble(column);
            case DECIMAL -> rs.getBigDecimal(column);
            case BOOLEAN -> rs.getBoolean(column);
            case TIMESTAMP -> {
                OffsetDateTime t = rs.getObject(column, OffsetDateTime.class);
                yield t == null ? null : t.toInstant();
            }
            case DATE -> rs.getObject(column, LocalDate.class);
        };
        return rs.wasNull() ? null : value;
    }

    @Override
    protected List<Map<String, Object>> readAll(ItemSchema<?> schema) throws Exception {
        List<Map<String, Object>> rows = new ArrayList<>();
        try (Connection c = connect();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT * FROM " + jdbc().quote(schema.table()))) {
            while (rs.next()) {
                Map<String, Object> row = new LinkedHashMap<>();
                for (Field f : schema.fields()) row.put(f.name(), readValue(rs, f.name(), f.type()));
                rows.add(row);
            }
        }
        return rows;
    }

    @Override
    protected Map<Object, @Nullable Instant> removedFlags(ItemSchema<?> schema) throws Exception {
        Field key = schema.fields().get(schema.keyIndex());
        Map<Object, @Nullable Instant> flags = new HashMap<>();
        try (Connection c = connect();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT " + jdbc().quote(key.name()) + ", "
                        + jdbc().quote(ItemRemovals.REMOVED_AT) + " FROM " + jdbc().quote(schema.table()))) {
            while (rs.next()) {
                flags.put(readValue(rs, key.name(), key.type()), (Instant)
                        readValue(rs, ItemRemovals.REMOVED_AT, FieldType.TIMESTAMP));
            }
        }
        return flags;
    }

    @Override
    protected void drop(String table) throws Exception {
        try (Connection c = connect();
                Statement st = c.createStatement()) {
            st.execute("DROP TABLE IF EXISTS " + jdbc().quote(table));
        }
    }

    protected void execute(String sql) throws SQLException {
        try (Connection c = connect();
                Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }

    /** {@code CREATE TABLE} with the dialect's column types for these fields, and {@code extra} definitions. */
    protected String createTable(ItemSchema<?> schema, List<Field> fields, String extra) {
        String columns = fields.stream()
                .map(f -> jdbc().quote(f.name()) + " "
                        + jdbc().columnType(f.type(), f.equals(schema.fields().get(schema.keyIndex()))))
                .collect(Collectors.joining(", "));
        return "CREATE TABLE " + jdbc().quote(schema.table()) + " (" + columns + (extra.isEmpty() ? "" : ", " + extra)
                + ")" + jdbc().tableOptions();
    }

    @Test
    void anExistingTableWithoutAFieldsColumnFailsNamingTableAndColumn() throws Exception {
        List<Field> withoutRatio =
                samples.fields().stream().filter(f -> !f.name().equals("ratio")).toList();
        execute(createTable(samples, withoutRatio, "PRIMARY KEY (" + jdbc().quote("id") + ")"));
        IOException e = assertThrows(IOException.class, () -> storage.write(samples, sampleItems()));
        assertTrue(
                e.getMessage().contains(samples.table())
                        && e.getMessage().contains("\"ratio\"".replace('"', quoteChar()))
                        && e.getMessage().contains("ALTER TABLE"),
                e.getMessage());
        assertEquals(0, readAll(samples).size());
    }

    @Test
    void anExistingTableWithoutAUniqueKeyIsRefused() throws Exception {
        execute(createTable(books, books.fields(), ""));
        IOException e = assertThrows(IOException.class, () -> storage.write(books, List.of(BookSchema.book(1))));
        assertTrue(e.getMessage().contains(books.table()) && e.getMessage().contains("unique index"), e.getMessage());
    }

    @Test
    void anExistingTableWithMoreColumnsAndAUniqueIndexIsUsed() throws Exception {
        execute(createTable(
                books, books.fields(), jdbc().quote("note") + " " + jdbc().columnType(FieldType.STRING, false)));
        execute("CREATE UNIQUE INDEX " + jdbc().quote(books.table() + "_upc") + " ON " + jdbc().quote(books.table())
                + " (" + jdbc().quote("upc") + ")");
        storage.write(books, List.of(BookSchema.book(1), BookSchema.book(2)));
        storage.write(books, List.of(BookSchema.book(1), BookSchema.book(2)));
        assertStored(books, List.of(BookSchema.book(1), BookSchema.book(2)));
    }

    @Test
    void aBatchThatFailsHalfwayWritesNothing() throws Exception {
        execute(createTable(
                books,
                books.fields(),
                "PRIMARY KEY (" + jdbc().quote("upc") + "), CHECK (" + jdbc().quote("rating") + " < 5)"));
        List<BookSchema.Book> batch = new ArrayList<>();
        for (int i = 0; i < 300; i++) batch.add(BookSchema.book(i * 5)); // rating 1
        batch.add(BookSchema.book(4)); // rating 5, against the CHECK
        IOException e = assertThrows(IOException.class, () -> storage.write(books, batch));
        assertTrue(e.getMessage().contains(books.table()), e.getMessage());
        assertEquals(0, readAll(books).size(), "the failed batch was rolled back");
        storage.write(books, batch.subList(0, 300)); // the storage is still usable
        assertEquals(300, readAll(books).size());
    }

    @Test
    void anUnreachableServerFailsOpenNamingTheTargetButNotThePassword() {
        Storage unreachable = unreachableStorage();
        IOException e = assertThrows(IOException.class, unreachable::open);
        assertTrue(e.getMessage().startsWith("cannot connect to " + unreachable.describe()), e.getMessage());
        assertFalse(e.getMessage().contains("secretpw"), e.getMessage());
        assertFalse(unreachable.describe().contains("secretpw"), unreachable.describe());
    }

    @Test
    void decimalsKeepEveryDigit() throws Exception {
        BigDecimal big = new BigDecimal("98765432109876543210.0123456789");
        storage.write(
                samples, List.of(new SampleSchema.Sample("d", null, null, null, big, null, null, null, null, null)));
        Object stored = readAll(samples).get(0).get("amount");
        assertEquals(0, big.compareTo((BigDecimal) stored), String.valueOf(stored));
    }

    private char quoteChar() {
        return jdbc().quote("x").charAt(0);
    }
}
