package io.spinneret.storage.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spinneret.internal.FieldType;
import io.spinneret.spi.Storage;
import io.spinneret.storage.BookSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqliteStorageTest extends JdbcStorageContractTest {
    @TempDir
    Path dir;

    private Path file() {
        return dir.resolve("nested/folder/items.db");
    }

    @Override
    protected Storage newStorage() {
        return new SqliteStorage(file());
    }

    @Override
    protected Connection connect() throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + file());
    }

    @Override
    protected Storage unreachableStorage() {
        // a "folder" that is a regular file cannot hold a database; SQLite has no password to hide
        try {
            Files.writeString(dir.resolve("plain-file"), "not a folder");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new SqliteStorage(dir.resolve("plain-file/items.db"));
    }

    @Override
    protected Object readValue(ResultSet rs, String column, FieldType type) throws SQLException {
        String text = rs.getString(column);
        if (text == null) return null;
        return switch (type) {
            case DECIMAL -> new BigDecimal(text);
            case TIMESTAMP -> Instant.parse(text);
            case DATE -> LocalDate.parse(text);
            default -> super.readValue(rs, column, type);
        };
    }

    @Test
    void theFileIsInWalMode() throws Exception {
        storage.write(books, List.of(BookSchema.book(1)));
        try (Connection c = connect();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("PRAGMA journal_mode")) {
            rs.next();
            assertEquals("wal", rs.getString(1)); // a property of the file, so another connection sees it
        }
    }
}
