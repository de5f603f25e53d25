package io.spinneret.storage.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.SpinneretException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DatabaseUriTest {
    @Test
    void splitsUserPasswordHostPortDatabaseAndParameters() {
        DatabaseUri uri = DatabaseUri.parse("postgresql://spider:s3cret@db.local:5433/crawl?sslmode=require&x=1");
        assertEquals("postgresql", uri.scheme());
        assertEquals("spider", uri.user());
        assertEquals("s3cret", uri.password());
        assertEquals("db.local", uri.host());
        assertEquals(5433, uri.port());
        assertEquals("crawl", uri.database());
        assertEquals(Map.of("sslmode", "require", "x", "1"), uri.params());
    }

    @Test
    void percentEncodedCredentialsAreDecoded() {
        DatabaseUri uri = DatabaseUri.parse("mysql://us%40er:p%40ss%3Aw+rd@127.0.0.1/db");
        assertEquals("us@er", uri.user());
        assertEquals("p@ss:w+rd", uri.password());
        assertEquals(3306, uri.portOr(3306));
    }

    @Test
    void theJdbcUrlHasDefaultsOverriddenByTheUrisParametersAndNoCredentials() {
        DatabaseUri uri = DatabaseUri.parse("postgresql://u:pw@h/db?reWriteBatchedInserts=false&password=leak");
        String url = uri.jdbcUrl("postgresql", 5432, Map.of("reWriteBatchedInserts", "true", "connectTimeout", "10"));
        assertTrue(url.startsWith("jdbc:postgresql://h:5432/db?"), url);
        assertTrue(url.contains("reWriteBatchedInserts=false") && url.contains("connectTimeout=10"), url);
        assertFalse(url.contains("pw") || url.contains("leak"), url);
        assertEquals(
                "jdbc:mysql://[::1]:3307/crawl",
                DatabaseUri.parse("mysql://u@[::1]:3307/crawl").jdbcUrl("mysql", 3306, Map.of()));
    }

    @Test
    void redactedAndToStringHideThePassword() {
        DatabaseUri uri = DatabaseUri.parse("mariadb://root:hunter22@[::1]:3306/crawl?password=x");
        assertEquals("mariadb://root@[::1]:3306/crawl", uri.redacted());
        assertEquals(uri.redacted(), uri.toString());
        assertEquals("error for *** here", uri.scrub("error for hunter22 here"));
    }

    @Test
    void aMalformedUriFailsWithoutEchoingThePassword() {
        SpinneretException e =
                assertThrows(SpinneretException.class, () -> DatabaseUri.parse("postgresql://u:pa ss@host/db"));
        assertFalse(e.getMessage().contains("pa ss"), e.getMessage());
        assertThrows(SpinneretException.class, () -> DatabaseUri.parse("postgresql:///db"));
    }

    @Test
    void aMysqlTargetWithoutDatabaseIsRefusedAtOnce() {
        SpinneretException e = assertThrows(
                SpinneretException.class, () -> new MysqlStorage(DatabaseUri.parse("mysql://root:pw@localhost:3306")));
        assertTrue(e.getMessage().contains("needs a database"), e.getMessage());
    }
}
