package io.spinneret.storage.jdbc;

import com.zaxxer.hikari.HikariConfig;
import io.spinneret.api.SpinneretException;
import io.spinneret.internal.Field;
import io.spinneret.internal.FieldType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Items in MySQL or MariaDB ({@code -o mysql://user:pass@host:3306/db}, {@code mariadb://...}),
 * through MySQL Connector/J, which speaks to both. Upserts with
 * {@code INSERT ... ON DUPLICATE KEY UPDATE c = VALUES(c)} (the form both servers accept; MySQL
 * 8.0.20+ calls {@code VALUES()} deprecated but runs it); {@code rewriteBatchedStatements} turns a
 * batch into multi-row inserts.
 *
 * <p>Tables are InnoDB, {@code utf8mb4} with the binary collation, so any Unicode text round-trips
 * and keys differing only in case or accents stay distinct, as in the other backends. Columns:
 * STRING {@code LONGTEXT}, INTEGER {@code BIGINT}, FLOATING {@code DOUBLE}, DECIMAL
 * {@code DECIMAL(65,30)} (the widest MySQL has: 35 digits before the point, 30 after), BOOLEAN
 * {@code BOOLEAN}, TIMESTAMP {@code DATETIME(6)} holding UTC (MySQL's {@code TIMESTAMP} ends in
 * 2038 and shifts with the session time zone), DATE {@code DATE}, JSON {@code JSON}.
 *
 * <p>The key column. MySQL cannot index a {@code TEXT} column without a prefix length, and a prefix
 * index cannot make the key unique, so a STRING (or JSON) key is {@code VARCHAR(768)}: 768
 * characters of at most 4 bytes are 3072 bytes, InnoDB's largest index key (DYNAMIC row format,
 * the default since MySQL 5.7 and MariaDB 10.2). URLs and product codes fit; a longer key fails
 * the batch with MySQL's "Data too long" error rather than being truncated into a collision.
 */
public final class MysqlStorage extends JdbcStorage {
    /** Longest STRING key, in characters; see the class documentation. */
    public static final int KEY_LENGTH = 768;

    private static final DateTimeFormatter DATETIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");

    private final DatabaseUri uri;

    public MysqlStorage(DatabaseUri uri) {
        super(uri.redacted());
        if (uri.database().isEmpty()) {
            throw new SpinneretException("a MySQL target needs a database: " + uri.scheme() + "://user:password@"
                    + uri.host() + ":" + uri.portOr(3306) + "/<database>");
        }
        this.uri = uri;
    }

    @Override
    protected String jdbcUrl() {
        return uri.jdbcUrl(
                "mysql",
                3306,
                Map.of(
                        "rewriteBatchedStatements", "true",
                        "characterEncoding", "UTF-8",
                        "connectTimeout", "10000",
                        "useServerPrepStmts", "false"));
    }

    @Override
    protected void configure(HikariConfig config) {
        config.setUsername(uri.user());
        config.setPassword(uri.password());
    }

    @Override
    protected String quote(String identifier) {
        return '`' + identifier.replace("`", "``") + '`';
    }

    @Override
    protected String columnType(FieldType type, boolean key) {
        return switch (type) {
            case STRING -> key ? "VARCHAR(" + KEY_LENGTH + ")" : "LONGTEXT";
            case JSON -> key ? "VARCHAR(" + KEY_LENGTH + ")" : "JSON";
            case INTEGER -> "BIGINT";
            case FLOATING -> "DOUBLE";
            case DECIMAL -> "DECIMAL(65,30)";
            case BOOLEAN -> "BOOLEAN";
            case TIMESTAMP -> "DATETIME(6)";
            case DATE -> "DATE";
        };
    }

    @Override
    protected String tableOptions() {
        return " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin";
    }

    @Override
    protected String upsertSql(String table, List<Field> fields, int keyIndex) {
        StringBuilder update = new StringBuilder();
        for (int i = 0; i < fields.size(); i++) {
            if (i == keyIndex) continue;
            String column = quote(fields.get(i).name());
            update.append(update.isEmpty() ? "" : ", ")
                    .append(column)
                    .append(" = VALUES(")
                    .append(column)
                    .append(')');
        }
        if (update.isEmpty()) { // only a key: nothing to update, but the statement needs a clause
            String key = quote(fields.get(keyIndex).name());
            update.append(key).append(" = ").append(key);
        }
        return Sql.insert(this::quote, table, fields) + " ON DUPLICATE KEY UPDATE " + update;
    }

    @Override
    protected String[] metadataScope(Connection c) throws SQLException {
        return new String[] {c.getCatalog(), null};
    }

    @Override
    protected void bind(PreparedStatement ps, int index, FieldType type, @Nullable Object value) throws SQLException {
        if (type == FieldType.TIMESTAMP) {
            if (value == null) ps.setNull(index, Types.TIMESTAMP);
            // as text, in UTC: no session time zone shift, and Connector/J drops the fraction of a
            // LocalDateTime for servers it takes to be older than 5.6.4, which MariaDB's "5.5.5-10.x" is
            else ps.setString(index, DATETIME.format(LocalDateTime.ofInstant((Instant) value, ZoneOffset.UTC)));
        } else {
            super.bind(ps, index, type, value);
        }
    }

    @Override
    protected String scrub(String message) {
        return uri.scrub(message);
    }
}
