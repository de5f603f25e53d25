package io.spinneret.storage.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.spinneret.settings.Settings;
import io.spinneret.spi.RejectedItemsException;
import io.spinneret.spi.Storage;
import io.spinneret.storage.SampleSchema;
import io.spinneret.storage.Storages;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Against the real server named by {@code SPINNERET_TEST_PG}; skipped only when it is unset. */
class PostgresStorageTest extends JdbcStorageContractTest {
    private static final String URI = System.getenv("SPINNERET_TEST_PG");

    @BeforeAll
    static void requireServer() {
        assumeTrue(URI != null && !URI.isBlank(), "SPINNERET_TEST_PG is not set");
    }

    @Override
    protected Storage newStorage() {
        return Storages.forTarget(URI, Settings.defaults());
    }

    @Override
    protected Connection connect() throws SQLException {
        DatabaseUri uri = DatabaseUri.parse(URI);
        return DriverManager.getConnection(uri.jdbcUrl("postgresql", 5432, Map.of()), uri.user(), uri.password());
    }

    @Override
    protected Storage unreachableStorage() {
        return new PostgresStorage(DatabaseUri.parse("postgresql://spider:secretpw@127.0.0.1:1/crawl"));
    }

    @Test
    void columnsGetPostgresTypesAndTheKeyIsThePrimaryKey() throws Exception {
        storage.write(samples, sampleItems());
        Map<String, String> types = new LinkedHashMap<>();
        try (Connection c = connect();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(
                        "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = '"
                                + samples.table() + "' ORDER BY ordinal_position")) {
            while (rs.next()) types.put(rs.getString(1), rs.getString(2));
        }
        assertEquals(
                Map.of(
                        "id",
                        "text",
                        "text",
                        "text",
                        "count",
                        "bigint",
                        "ratio",
                        "double precision",
                        "amount",
                        "numeric",
                        "flag",
                        "boolean",
                        "seenAt",
                        "timestamp with time zone",
                        "day",
                        "date",
                        "meta",
                        "jsonb",
                        "tags",
                        "jsonb"),
                types);
        try (Connection c = connect();
                Statement st = c.createStatement();
                ResultSet rs =
                        st.executeQuery("SELECT count(*) FROM information_schema.table_constraints WHERE table_name = '"
                                + samples.table() + "' AND constraint_type = 'PRIMARY KEY'")) {
            rs.next();
            assertEquals(1, rs.getInt(1));
        }
    }

    @Test
    void jsonColumnsCanBeQueriedAsJson() throws Exception {
        storage.write(samples, sampleItems());
        try (Connection c = connect();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT meta->'nested'->'list'->>1 FROM " + jdbc().quote(samples.table())
                        + " WHERE id = 'a-1'")) {
            rs.next();
            assertEquals("two", rs.getString(1));
        }
    }

    @Test
    void aValueTheServerCannotStoreIsRejectedForItsDataNotFailedAsTransient() {
        // PostgreSQL text cannot hold U+0000: SQLSTATE 22021, a data exception
        var e = Assertions.assertThrows(
                RejectedItemsException.class,
                () -> storage.write(
                        samples,
                        List.of(new SampleSchema.Sample(
                                "nul", "a\u0000b", null, null, null, null, null, null, null, null))));
        Assertions.assertTrue(e.getMessage().contains(samples.table()), e.getMessage());
    }
}
