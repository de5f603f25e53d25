package io.spinneret.storage.jdbc;

import com.zaxxer.hikari.HikariConfig;
import io.spinneret.disk.SqliteLibrary;
import io.spinneret.internal.Field;
import io.spinneret.internal.FieldType;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Items in a SQLite file ({@code -o books.db}, {@code -o sqlite:path}), created with its folders if
 * absent. Upserts with {@code INSERT ... ON CONFLICT (key) DO UPDATE}.
 *
 * <p>Columns: STRING and JSON {@code TEXT} (SQLite's JSON functions read it), INTEGER
 * {@code INTEGER}, FLOATING {@code REAL}, BOOLEAN {@code INTEGER} 0/1, TIMESTAMP {@code TEXT}
 * ISO-8601 in UTC ({@code 2024-05-01T12:00:00.123Z}), DATE {@code TEXT} {@code yyyy-MM-dd}, and
 * DECIMAL {@code TEXT}, because SQLite's NUMERIC would round a decimal to a double.
 *
 * <p>The file is opened in WAL mode with {@code synchronous=FULL}, so a committed batch survives a
 * crash of the process or the machine, and with a busy timeout so that another connection (a
 * scheduler, a reader) briefly holding the lock does not fail a write. One connection: SQLite has
 * one writer anyway.
 */
public final class SqliteStorage extends JdbcStorage {
    private final Path file;

    public SqliteStorage(Path file) {
        super("sqlite:" + file);
        this.file = file;
    }

    /** The database file. */
    public Path file() {
        return file;
    }

    @Override
    public void open() throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        try {
            if (parent != null) Files.createDirectories(parent);
        } catch (IOException e) {
            throw new IOException(
                    "cannot connect to " + describe() + ": cannot create its folder " + parent + " (" + e + ")", e);
        }
        SqliteLibrary.prepare();
        super.open();
    }

    @Override
    protected String jdbcUrl() {
        return "jdbc:sqlite:" + file;
    }

    @Override
    protected void configure(HikariConfig config) {
        config.setMaximumPoolSize(1);
        config.setMinimumIdle(1);
        config.addDataSourceProperty("journal_mode", "WAL");
        config.addDataSourceProperty("synchronous", "FULL");
        config.addDataSourceProperty("busy_timeout", "10000");
    }

    @Override
    protected String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    @Override
    protected String columnType(FieldType type, boolean key) {
        return switch (type) {
            case STRING, JSON, DECIMAL, TIMESTAMP, DATE -> "TEXT";
            case INTEGER, BOOLEAN -> "INTEGER";
            case FLOATING -> "REAL";
        };
    }

    @Override
    protected String upsertSql(String table, List<Field> fields, int keyIndex) {
        return Sql.insert(this::quote, table, fields) + " ON CONFLICT ("
                + quote(fields.get(keyIndex).name()) + ") "
                + Sql.doUpdateExcluded(this::quote, fields, keyIndex, "excluded");
    }

    /**
     * SQLite's driver sets no SQLSTATE; its result codes say it: {@code SQLITE_TOOBIG} (18),
     * {@code SQLITE_CONSTRAINT} (19), {@code SQLITE_MISMATCH} (20), {@code SQLITE_RANGE} (25).
     */
    @Override
    protected boolean isDataError(SQLException e) {
        int primary = e.getErrorCode() & 0xff;
        return primary == 18 || primary == 19 || primary == 20 || primary == 25 || super.isDataError(e);
    }

    @Override
    protected void bind(PreparedStatement ps, int index, FieldType type, @Nullable Object value) throws SQLException {
        if (value == null) {
            ps.setNull(index, sqlType(type));
            return;
        }
        switch (type) {
            case DECIMAL -> ps.setString(index, ((BigDecimal) value).toPlainString());
            case TIMESTAMP, DATE -> ps.setString(index, value.toString()); // Instant and LocalDate print ISO-8601
            case BOOLEAN -> ps.setInt(index, (Boolean) value ? 1 : 0);
            default -> super.bind(ps, index, type, value);
        }
    }
}
