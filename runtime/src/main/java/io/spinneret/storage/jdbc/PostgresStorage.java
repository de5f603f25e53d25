package io.spinneret.storage.jdbc;

import com.zaxxer.hikari.HikariConfig;
import io.spinneret.internal.Field;
import io.spinneret.internal.FieldType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Items in PostgreSQL ({@code -o postgresql://user:pass@host:5432/db}; {@code postgres://} too),
 * in the connection's current schema. Upserts with {@code INSERT ... ON CONFLICT (key) DO UPDATE};
 * the driver's {@code reWriteBatchedInserts} turns a batch into multi-row inserts.
 *
 * <p>Columns: STRING {@code text}, INTEGER {@code bigint}, FLOATING {@code double precision},
 * DECIMAL {@code numeric} (exact, unbounded), BOOLEAN {@code boolean}, TIMESTAMP
 * {@code timestamptz} (microseconds), DATE {@code date}, JSON {@code jsonb}. Column names keep the
 * record's spelling, so a component {@code inStock} is the column {@code "inStock"} in queries.
 * PostgreSQL text cannot hold the character U+0000.
 */
public final class PostgresStorage extends JdbcStorage {
    private final DatabaseUri uri;

    public PostgresStorage(DatabaseUri uri) {
        super(uri.redacted());
        this.uri = uri;
    }

    @Override
    protected String jdbcUrl() {
        return uri.jdbcUrl(
                "postgresql",
                5432,
                Map.of(
                        "reWriteBatchedInserts", "true",
                        "connectTimeout", "10",
                        "ApplicationName", "spinneret"));
    }

    @Override
    protected void configure(HikariConfig config) {
        if (!uri.user().isEmpty()) config.setUsername(uri.user());
        if (!uri.password().isEmpty()) config.setPassword(uri.password());
    }

    @Override
    protected String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    @Override
    protected String columnType(FieldType type, boolean key) {
        return switch (type) {
            case STRING -> "text";
            case INTEGER -> "bigint";
            case FLOATING -> "double precision";
            case DECIMAL -> "numeric";
            case BOOLEAN -> "boolean";
            case TIMESTAMP -> "timestamptz";
            case DATE -> "date";
            case JSON -> "jsonb";
        };
    }

    @Override
    protected String upsertSql(String table, List<Field> fields, int keyIndex) {
        return Sql.insert(this::quote, table, fields) + " ON CONFLICT ("
                + quote(fields.get(keyIndex).name()) + ") "
                + Sql.doUpdateExcluded(this::quote, fields, keyIndex, "EXCLUDED");
    }

    @Override
    protected String[] metadataScope(Connection c) throws SQLException {
        return new String[] {null, c.getSchema()};
    }

    @Override
    protected boolean caseSensitiveColumns() {
        return true; // quoted identifiers are case-sensitive, and we always quote
    }

    @Override
    protected void bind(PreparedStatement ps, int index, FieldType type, @Nullable Object value) throws SQLException {
        switch (type) {
            // untyped text: the server reads it as the column's jsonb
            case JSON -> ps.setObject(index, value, Types.OTHER);
            case TIMESTAMP -> {
                if (value == null) ps.setNull(index, Types.TIMESTAMP_WITH_TIMEZONE);
                else ps.setObject(index, OffsetDateTime.ofInstant((Instant) value, ZoneOffset.UTC));
            }
            default -> super.bind(ps, index, type, value);
        }
    }

    @Override
    protected String scrub(String message) {
        return uri.scrub(message);
    }
}
