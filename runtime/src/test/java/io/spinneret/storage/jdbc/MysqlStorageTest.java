package io.spinneret.storage.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.spinneret.internal.FieldType;
import io.spinneret.settings.Settings;
import io.spinneret.spi.RejectedItemsException;
import io.spinneret.spi.Storage;
import io.spinneret.storage.SampleSchema;
import io.spinneret.storage.Storages;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Against the real MySQL or MariaDB server named by {@code SPINNERET_TEST_MYSQL}; skipped only when it is unset. */
class MysqlStorageTest extends JdbcStorageContractTest {
    private static final String URI = System.getenv("SPINNERET_TEST_MYSQL");

    @BeforeAll
    static void requireServer() {
        assumeTrue(URI != null && !URI.isBlank(), "SPINNERET_TEST_MYSQL is not set");
    }

    @Override
    protected Storage newStorage() {
        return Storages.forTarget(URI, Settings.defaults());
    }

    @Override
    protected Connection connect() throws SQLException {
        DatabaseUri uri = DatabaseUri.parse(URI);
        return DriverManager.getConnection(
                uri.jdbcUrl("mysql", 3306, Map.of("characterEncoding", "UTF-8")), uri.user(), uri.password());
    }

    @Override
    protected Storage unreachableStorage() {
        return new MysqlStorage(DatabaseUri.parse("mysql://spider:secretpw@127.0.0.1:1/crawl"));
    }

    @Override
    protected Object readValue(ResultSet rs, String column, FieldType type) throws SQLException {
        if (type == FieldType.TIMESTAMP) {
            LocalDateTime t = rs.getObject(column, LocalDateTime.class);
            return t == null ? null : t.toInstant(ZoneOffset.UTC);
        }
        return super.readValue(rs, column, type);
    }

    @Test
    void columnsGetMysqlTypesWithABoundedKey() throws Exception {
        storage.write(samples, sampleItems());
        Map<String, String> types = new LinkedHashMap<>();
        try (Connection c = connect();
                Statement st = c.createStatement();
                ResultSet rs =
                        st.executeQuery("SELECT column_name, column_type, column_key FROM information_schema.columns"
                                + " WHERE table_schema = DATABASE() AND table_name = '" + samples.table()
                                + "' ORDER BY ordinal_position")) {
            while (rs.next()) types.put(rs.getString(1), rs.getString(2) + rs.getString(3));
        }
        assertEquals("varchar(768)PRI", types.get("id"));
        assertEquals("longtext", types.get("text"));
        assertTrue(types.get("count").startsWith("bigint"), types.get("count")); // MariaDB says bigint(20)
        assertEquals("double", types.get("ratio"));
        assertEquals("decimal(65,30)", types.get("amount"));
        assertEquals("datetime(6)", types.get("seenAt"));
        assertEquals("date", types.get("day"));
    }

    @Test
    void keysDifferingOnlyInCaseAreDifferentItems() throws Exception {
        storage.write(
                samples, List.of(SampleSchema.empty("Key"), SampleSchema.empty("key"), SampleSchema.empty("kéy")));
        assertEquals(3, readAll(samples).size());
    }

    @Test
    void aKeyLongerThanTheKeyColumnFailsTheBatchInsteadOfTruncating() {
        String longKey = "k".repeat(MysqlStorage.KEY_LENGTH + 1);
        IOException e =
                assertThrows(IOException.class, () -> storage.write(samples, List.of(SampleSchema.empty(longKey))));
        assertTrue(e.getMessage().contains(samples.table()), e.getMessage());
    }

    @Test
    void aKeyLongerThanItsColumnIsRejectedForItsDataNotFailedAsTransient() {
        String key = "k".repeat(800);
        var e = Assertions.assertThrows(
                RejectedItemsException.class, () -> storage.write(samples, List.of(SampleSchema.empty(key))));
        Assertions.assertTrue(e.getMessage().contains(samples.table()), e.getMessage());
    }
}
