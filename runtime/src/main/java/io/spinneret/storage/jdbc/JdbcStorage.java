package io.spinneret.storage.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.spinneret.internal.Field;
import io.spinneret.internal.FieldType;
import io.spinneret.internal.ItemSchema;
import io.spinneret.spi.ItemRemovals;
import io.spinneret.spi.RejectedItemsException;
import io.spinneret.spi.Storage;
import io.spinneret.spi.Upserts;
import java.io.IOException;
import java.math.BigDecimal;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The shared base of the SQL storages: a small HikariCP pool, one table per item type created on
 * first use, and idempotent upserts on the item's key sent as one JDBC batch in one transaction per
 * {@link #write}. Subclasses are the dialects: column types, identifier quoting, the upsert
 * statement and how values are bound.
 *
 * <p>Tables. A missing table is created with one column per field and the key as its primary key.
 * An existing table is used as it is, after two checks that fail with an {@link IOException} naming
 * the table: every field has a column (a missing one is not added: the message gives the
 * {@code ALTER TABLE} to run), and the key column is the primary key or a one-column unique index,
 * without which an upsert would silently insert duplicates (MySQL) or fail (PostgreSQL, SQLite).
 * Columns the items do not have are left alone. Identifiers are always quoted, so fields named
 * {@code order} or {@code select} work, and names are used exactly as the record declares them.
 *
 * <p>Removed items ({@link ItemRemovals}). Deleted by key, or flagged: the one column this storage
 * adds to a table, {@link ItemRemovals#REMOVED_AT}, of the dialect's TIMESTAMP type, is added with
 * {@code ALTER TABLE ... ADD COLUMN} when a table is first written after {@link #keepRemovedFlags}
 * or when an item of it is first flagged. A table that has it gets it set to null by every upsert.
 *
 * <p>Writes. Items are de-duplicated by key within a batch (the last one wins, as sequential
 * upserts would), bound, sent with {@code addBatch}/{@code executeBatch} and committed; the batch
 * is durable when {@code write} returns. Items the database refuses (a null key, a wrong type, a
 * data or constraint error) surface as {@link RejectedItemsException}, never retried. Any failure rolls the batch back and surfaces as an
 * {@code IOException} naming the table and the target, never the password.
 *
 * <p>Threads: {@code write} is called by one pipeline thread at a time; {@code close} may come from
 * another (shutdown) and waits for nothing but the pool.
 */
public abstract class JdbcStorage implements Storage, ItemRemovals {
    private static final Field REMOVED_AT = new Field(ItemRemovals.REMOVED_AT, FieldType.TIMESTAMP, true);

    private final String description;
    private final Map<Class<?>, Table> tables = new ConcurrentHashMap<>();
    private volatile @Nullable HikariDataSource pool;
    private volatile boolean removedFlags;

    /**
     * The statements of one item type, prepared once the table is known to fit.
     *
     * @param clearsFlag the table has the {@link ItemRemovals#REMOVED_AT} column, which the upsert
     *     sets to null: one more parameter after the fields
     */
    private record Table(String name, String upsertSql, boolean clearsFlag) {}

    /** What one statement does to each key of removed items. */
    @FunctionalInterface
    private interface KeyedUpdate {
        /** Prepares the statement, given the table's columns (none missing: the table exists). */
        PreparedStatement prepare(Connection c, List<String> columns) throws SQLException;
    }

    protected JdbcStorage(String description) {
        this.description = description;
    }

    // ---- dialect

    /** The JDBC URL; properties and credentials go to {@link #configure}. */
    protected abstract String jdbcUrl();

    /** Sets credentials, pool size and driver properties on the pool's configuration. */
    protected abstract void configure(HikariConfig config);

    /** The quoted form of a table or column name. */
    protected abstract String quote(String identifier);

    /** The column type of a field; {@code key} is true for the primary-key column. */
    protected abstract String columnType(FieldType type, boolean key);

    /** Text after the closing parenthesis of {@code CREATE TABLE}, e.g. a charset; usually empty. */
    protected String tableOptions() {
        return "";
    }

    /** The statement that inserts one row or, when the key exists, replaces the row's other columns. */
    protected abstract String upsertSql(String table, List<Field> fields, int keyIndex);

    /** Catalog and schema that {@code DatabaseMetaData} lookups of this connection's tables use. */
    protected String[] metadataScope(Connection c) throws SQLException {
        return new String[] {null, null};
    }

    /** Whether the database treats two column names differing only in case as different. */
    protected boolean caseSensitiveColumns() {
        return false;
    }

    /**
     * Binds one value, typed as {@link ItemSchema#values} documents. The default binds STRING,
     * INTEGER, FLOATING, DECIMAL, BOOLEAN and JSON (as text) portably; dialects bind times.
     */
    protected void bind(PreparedStatement ps, int index, FieldType type, @Nullable Object value) throws SQLException {
        if (value == null) {
            ps.setNull(index, sqlType(type));
            return;
        }
        switch (type) {
            case STRING, JSON -> ps.setString(index, (String) value);
            case INTEGER -> ps.setLong(index, ((Number) value).longValue());
            case FLOATING -> ps.setDouble(index, ((Number) value).doubleValue());
            case DECIMAL -> ps.setBigDecimal(index, (BigDecimal) value);
            case BOOLEAN -> ps.setBoolean(index, (Boolean) value);
            case TIMESTAMP, DATE -> ps.setObject(index, value);
        }
    }

    /** The {@link Types} constant used for a null of this field type. */
    protected int sqlType(FieldType type) {
        return switch (type) {
            case STRING, JSON -> Types.VARCHAR;
            case INTEGER -> Types.BIGINT;
            case FLOATING -> Types.DOUBLE;
            case DECIMAL -> Types.NUMERIC;
            case BOOLEAN -> Types.BOOLEAN;
            case TIMESTAMP -> Types.TIMESTAMP_WITH_TIMEZONE;
            case DATE -> Types.DATE;
        };
    }

    // ---- Storage

    @Override
    public void open() throws IOException {
        if (pool != null) return;
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(jdbcUrl());
        config.setPoolName("spinneret-storage");
        config.setAutoCommit(false);
        config.setMaximumPoolSize(2);
        config.setMinimumIdle(1);
        config.setConnectionTimeout(10_000);
        config.setInitializationFailTimeout(1); // fail now, with the cause, if the server is unreachable
        configure(config);
        try {
            pool = new HikariDataSource(config);
        } catch (RuntimeException e) { // PoolInitializationException wraps the driver's SQLException
            throw new IOException("cannot connect to " + description + ": " + message(driverCause(e)), e);
        }
    }

    @Override
    public <T> void write(ItemSchema<T> schema, List<T> items) throws IOException {
        if (items.isEmpty()) return;
        HikariDataSource ds = pool;
        if (ds == null) throw new IOException(description + " is not open");
        List<Field> fields = schema.fields();
        int keyIndex = schema.keyIndex();
        List<Object[]> rows = new ArrayList<>(items.size());
        for (T item : items) {
            Object[] row = schema.values(item);
            if (row[keyIndex] == null) {
                throw new RejectedItemsException(
                        "cannot write " + schema.name() + " to table " + quote(schema.table()) + " in " + description
                                + ": its key '" + fields.get(keyIndex).name() + "' is null");
            }
            rows.add(row);
        }
        rows = Upserts.lastPerKey(rows, r -> r[keyIndex]);
        String target = "table " + quote(schema.table()) + " in " + description;
        try (Connection c = ds.getConnection()) {
            try {
                Table table = table(c, schema);
                try (PreparedStatement ps = c.prepareStatement(table.upsertSql())) {
                    for (Object[] row : rows) {
                        for (int i = 0; i < row.length; i++)
                            bind(ps, i + 1, fields.get(i).type(), row[i]);
                        if (table.clearsFlag()) bind(ps, row.length + 1, FieldType.TIMESTAMP, null);
                        ps.addBatch();
                    }
                    ps.executeBatch();
                }
                c.commit();
            } catch (SQLException | IOException | RuntimeException e) {
                rollbackQuietly(c);
                // a fresh connection for the retry: after SQLITE_FULL, SQLite has already rolled back, the
                // driver's rollback fails and leaves the connection in autocommit, where no commit succeeds again
                ds.evictConnection(c);
                throw e;
            }
        } catch (SQLException e) {
            String text =
                    "cannot write " + rows.size() + " " + schema.name() + " items to " + target + ": " + message(e);
            throw isDataError(e) ? new RejectedItemsException(text, e) : new IOException(text, e);
        } catch (ClassCastException e) {
            throw new RejectedItemsException(
                    "cannot write " + schema.name() + " items to " + target
                            + ": a value does not have the type its field declares (" + e.getMessage() + ")",
                    e);
        }
    }

    @Override
    public void removeItems(String table, Field key, List<Object> keys) throws IOException {
        String sql = "DELETE FROM " + quote(table) + " WHERE " + quote(key.name()) + " = ?";
        byKey(table, key, keys, "delete", (c, columns) -> c.prepareStatement(sql), 1, null);
    }

    @Override
    public void flagItems(String table, Field key, List<Object> keys, Instant at) throws IOException {
        String flag = quote(REMOVED_AT.name());
        String sql = "UPDATE " + quote(table) + " SET " + flag + " = ? WHERE " + quote(key.name()) + " = ? AND " + flag
                + " IS NULL"; // a row flagged already keeps the time its page was first found gone
        KeyedUpdate update = (c, columns) -> {
            if (!hasColumn(columns, REMOVED_AT.name())) addRemovedAtColumn(c, table);
            return c.prepareStatement(sql);
        };
        byKey(table, key, keys, "flag", update, 2, at);
    }

    @Override
    public void keepRemovedFlags() {
        removedFlags = true;
        tables.clear(); // the tables known so far are looked at again, and given the column
    }

    /**
     * Runs {@code update} once per key in one batch and one transaction; nothing if the table does
     * not exist.
     *
     * @param keyParameter the key's parameter index; {@code at}, if given, is parameter 1
     */
    private void byKey(
            String table,
            Field key,
            List<Object> keys,
            String verb,
            KeyedUpdate update,
            int keyParameter,
            @Nullable Instant at)
            throws IOException {
        if (keys.isEmpty()) return;
        HikariDataSource ds = pool;
        if (ds == null) throw new IOException(description + " is not open");
        try (Connection c = ds.getConnection()) {
            try {
                List<String> columns = TableInspector.columns(c, table, metadataScope(c));
                if (columns.isEmpty()) {
                    c.commit();
                    return; // no item of that type was ever written here
                }
                try (PreparedStatement ps = update.prepare(c, columns)) {
                    for (Object k : keys) {
                        if (at != null) bind(ps, 1, FieldType.TIMESTAMP, at);
                        bind(ps, keyParameter, key.type(), k);
                        ps.addBatch();
                    }
                    ps.executeBatch();
                }
                c.commit();
            } catch (SQLException | RuntimeException e) {
                rollbackQuietly(c);
                ds.evictConnection(c);
                throw e;
            }
        } catch (SQLException e) {
            throw new IOException(
                    "cannot " + verb + " " + keys.size() + " removed pages' items in table " + quote(table) + " in "
                            + description + ": " + message(e),
                    e);
        }
    }

    /**
     * Adds the {@link ItemRemovals#REMOVED_AT} column to {@code table}, committed, unless another
     * connection (another node) added it meanwhile; the statements prepared for the table are
     * prepared again, with it.
     */
    private void addRemovedAtColumn(Connection c, String table) throws SQLException {
        try {
            try (var st = c.createStatement()) {
                st.execute(addColumnSql(table, REMOVED_AT));
            }
            c.commit();
        } catch (SQLException e) {
            rollbackQuietly(c);
            if (!hasColumn(TableInspector.columns(c, table, metadataScope(c)), REMOVED_AT.name())) throw e;
        }
        tables.values().removeIf(t -> t.name().equals(table));
    }

    /** {@code ALTER TABLE "t" ADD COLUMN "c" type}: valid in every dialect, with its own column type. */
    protected String addColumnSql(String table, Field field) {
        return "ALTER TABLE " + quote(table) + " ADD COLUMN " + quote(field.name()) + " "
                + columnType(field.type(), false);
    }

    private boolean hasColumn(List<String> columns, String name) {
        return columns.stream().anyMatch(col -> caseSensitiveColumns() ? col.equals(name) : col.equalsIgnoreCase(name));
    }

    @Override
    public void close() {
        HikariDataSource ds = pool;
        pool = null;
        if (ds != null) ds.close();
    }

    @Override
    public String describe() {
        return description;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + description + "]";
    }

    // ---- tables

    private Table table(Connection c, ItemSchema<?> schema) throws SQLException, IOException {
        Table known = tables.get(schema.type());
        if (known != null && known.name().equals(schema.table())) return known;
        String name = schema.table();
        List<Field> fields = schema.fields();
        List<String> columns = TableInspector.columns(c, name, metadataScope(c));
        if (columns.isEmpty()) {
            try {
                try (var st = c.createStatement()) {
                    st.execute(createTableSql(name, removedFlags ? withRemovedAt(fields) : fields, schema.keyIndex()));
                }
                c.commit();
            } catch (SQLException e) {
                // another process may have created it meanwhile (several nodes of a distributed crawl)
                rollbackQuietly(c);
                columns = TableInspector.columns(c, name, metadataScope(c));
                if (columns.isEmpty()) throw e;
            }
        }
        boolean flagColumn;
        if (columns.isEmpty()) {
            flagColumn = removedFlags; // created just now
        } else {
            verify(c, schema, columns);
            flagColumn = hasColumn(columns, REMOVED_AT.name());
            if (!flagColumn && removedFlags) {
                addRemovedAtColumn(c, name);
                flagColumn = true;
            }
        }
        List<Field> written = flagColumn ? withRemovedAt(fields) : fields;
        Table table = new Table(name, upsertSql(name, written, schema.keyIndex()), flagColumn);
        tables.put(schema.type(), table);
        return table;
    }

    /** The fields with the flag after them: the upsert writes null there, as into a field of the item. */
    private static List<Field> withRemovedAt(List<Field> fields) {
        List<Field> all = new ArrayList<>(fields);
        all.add(REMOVED_AT);
        return all;
    }

    /** {@code CREATE TABLE IF NOT EXISTS}, with the key column as primary key. */
    protected String createTableSql(String table, List<Field> fields, int keyIndex) {
        StringBuilder sql = new StringBuilder("CREATE TABLE IF NOT EXISTS ")
                .append(quote(table))
                .append(" (");
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            sql.append(quote(f.name())).append(' ').append(columnType(f.type(), i == keyIndex));
            if (i == keyIndex) sql.append(" NOT NULL");
            sql.append(", ");
        }
        sql.append("PRIMARY KEY (").append(quote(fields.get(keyIndex).name())).append("))");
        return sql.append(tableOptions()).toString();
    }

    private void verify(Connection c, ItemSchema<?> schema, List<String> columns) throws SQLException, IOException {
        String table = schema.table();
        for (Field f : schema.fields()) {
            if (!hasColumn(columns, f.name())) {
                throw new IOException("table " + quote(table) + " in " + description + " has no column "
                        + quote(f.name())
                        + " for field '" + f.name() + "' of " + schema.name() + " (existing tables are never altered"
                        + " for their items' fields; add it with: " + addColumnSql(table, f) + ")");
            }
        }
        String key = schema.fields().get(schema.keyIndex()).name();
        if (!TableInspector.keyIsUnique(c, table, key, metadataScope(c), caseSensitiveColumns())) {
            throw new IOException(
                    "table " + quote(table) + " in " + description + " has no primary key or unique index on"
                            + " its key column " + quote(key) + " alone, which idempotent upserts need (add one with:"
                            + " CREATE UNIQUE INDEX ON " + quote(table) + " (" + quote(key) + "))");
        }
        c.commit(); // end the metadata queries' transaction
    }

    /** {@code "a", "b"} quoted and comma-separated. */
    protected final String columnList(List<Field> fields) {
        return fields.stream().map(f -> quote(f.name())).collect(Collectors.joining(", "));
    }

    // ---- errors

    private static void rollbackQuietly(Connection c) {
        try {
            c.rollback();
        } catch (SQLException ignored) {
            // the connection is broken; Hikari evicts it, and the original error is what matters
        }
    }

    /** The driver's message, with the real cause of a batch failure and without huge statement text. */
    protected String message(Throwable e) {
        String text = e.getMessage();
        if (e instanceof BatchUpdateException b && b.getNextException() != null) {
            text = b.getNextException().getMessage(); // PostgreSQL puts the server's error here
        } else if (e instanceof SQLException s
                && s.getNextException() != null
                && text != null
                && text.contains("getNextException")) {
            text = s.getNextException().getMessage();
        }
        text = text == null ? e.getClass().getSimpleName() : text;
        text = scrub(text).strip().replaceAll("\\s*\\R\\s*", " "); // one line: MySQL's driver writes paragraphs
        return text.length() > 600 ? text.substring(0, 600) + "..." : text;
    }

    /**
     * Whether the statement failed for its data (SQLSTATE class 22, data exception, or 23,
     * integrity constraint violation, in this exception or a chained one), so that writing it
     * again cannot succeed; anything else (connection, lock, timeout) may be transient.
     */
    protected boolean isDataError(SQLException e) {
        for (SQLException s = e; s != null; s = s.getNextException()) {
            String state = s.getSQLState();
            if (state != null && (state.startsWith("22") || state.startsWith("23"))) return true;
            if (s.getNextException() == s) break;
        }
        return false;
    }

    /** Removes secrets from a driver message; the default removes nothing. */
    protected String scrub(String message) {
        return message;
    }

    /** The driver's SQLException inside Hikari's wrapper, whose message says what went wrong. */
    private static Throwable driverCause(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException) return t;
            if (t.getCause() == t) break;
        }
        return e.getCause() != null ? e.getCause() : e;
    }
}
