package io.spinneret.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.spinneret.api.SpinneretException;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Storage;
import io.spinneret.storage.feed.JsonlStorage;
import io.spinneret.storage.jdbc.MysqlStorage;
import io.spinneret.storage.jdbc.PostgresStorage;
import io.spinneret.storage.jdbc.SqliteStorage;
import io.spinneret.storage.mongo.MongoStorage;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class StoragesTest {
    private static Storage of(String target) {
        return Storages.forTarget(target, Settings.defaults());
    }

    @Test
    void databaseTargetsAreRoutedByExtensionOrScheme() {
        assertEquals(SqliteStorage.class, of("out/books.db").getClass());
        assertEquals(SqliteStorage.class, of("books.SQLITE").getClass());
        assertEquals(SqliteStorage.class, of("books.sqlite3").getClass());
        assertEquals(SqliteStorage.class, of("sqlite:books").getClass());
        assertEquals(PostgresStorage.class, of("postgresql://u:p@h:5432/db").getClass());
        assertEquals(PostgresStorage.class, of("postgres://h/db").getClass());
        assertEquals(MysqlStorage.class, of("mysql://root@127.0.0.1:3306/test").getClass());
        assertEquals(MysqlStorage.class, of("mariadb://root@127.0.0.1/test").getClass());
        assertEquals(MongoStorage.class, of("mongodb://127.0.0.1:27017/db").getClass());
    }

    @Test
    void descriptionsNameTheTargetWithoutPassword() {
        assertEquals(
                "postgresql://u@h:5432/db",
                of("postgresql://u:topsecret@h:5432/db?sslmode=require").describe());
        assertEquals(
                "mysql://root@127.0.0.1:3306/test",
                of("mysql://root:topsecret@127.0.0.1:3306/test").describe());
        assertEquals(
                "mongodb://u@h:27017/db", of("mongodb://u:topsecret@h:27017/db").describe());
        assertEquals("sqlite:out/x.db", of("sqlite:out/x.db").describe());
        assertEquals("mongodb://h/spinneret", of("mongodb://h").describe()); // the default database
    }

    @Test
    void sqliteTargetsNameTheFile() {
        assertEquals(Path.of("/tmp/x.db"), ((SqliteStorage) of("sqlite:///tmp/x.db")).file());
        assertEquals(Path.of("rel.sqlite"), ((SqliteStorage) of("sqlite:rel.sqlite")).file());
        assertEquals(Path.of("out/books.db"), ((SqliteStorage) of("out/books.db")).file());
    }

    @Test
    void overwriteOutputIsRefusedForADatabaseWhichHasNoFileToEmpty() {
        Settings overwrite = Settings.defaults().with("overwrite_output", "true", "test");
        for (String db : new String[] {"books.db", "postgresql://u@h/db", "mongodb://h/db"}) {
            SpinneretException e = assertThrows(SpinneretException.class, () -> Storages.forTarget(db, overwrite), db);
            assertEquals(
                    "-O (overwrite_output) empties output files; " + db
                            + " is a database, which a crawl upserts into (use -o)",
                    e.getMessage());
        }
        assertEquals(
                JsonlStorage.class, Storages.forTarget("books.jsonl", overwrite).getClass());
    }

    @Test
    void anUnknownTargetIsRefused() {
        assertThrows(SpinneretException.class, () -> of("ftp://example.com/items"));
        assertThrows(SpinneretException.class, () -> of("sqlite:"));
    }
}
