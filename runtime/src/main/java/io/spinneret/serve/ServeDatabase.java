package io.spinneret.serve;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spinneret.api.SpinneretException;
import io.spinneret.disk.OwnerOnly;
import io.spinneret.disk.SqliteLibrary;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.jspecify.annotations.Nullable;

/**
 * The service's SQLite file, {@code <data-dir>/serve.db}: the runs and the schedules, kept across
 * restarts. One connection, used by one caller at a time; the service writes a few rows per run,
 * so nothing more is needed.
 */
final class ServeDatabase implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<LinkedHashMap<String, String>> MAP = new TypeReference<>() {};

    /** A piece of work on the connection. */
    interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    private final Connection connection;

    private ServeDatabase(Connection connection) {
        this.connection = connection;
    }

    static ServeDatabase open(Path dataDir) {
        Path file = dataDir.resolve("serve.db");
        try {
            OwnerOnly.createFile(file); // the runs' settings, passwords included (SQLite gives its WAL the same)
            Connection c = SqliteLibrary.connect(file, new Properties());
            try (Statement s = c.createStatement()) {
                s.execute("PRAGMA journal_mode=WAL");
                s.execute("PRAGMA busy_timeout=5000");
                s.execute("""
                        CREATE TABLE IF NOT EXISTS runs (id INTEGER PRIMARY KEY AUTOINCREMENT, spider TEXT NOT NULL,
                          args TEXT NOT NULL, settings TEXT NOT NULL, state TEXT NOT NULL, schedule_id INTEGER,
                          created INTEGER NOT NULL, started INTEGER, ended INTEGER, exit_code INTEGER,
                          exit_reason TEXT NOT NULL DEFAULT '', pid INTEGER NOT NULL DEFAULT 0,
                          live_port INTEGER NOT NULL DEFAULT 0, resumed INTEGER NOT NULL DEFAULT 0)""");
                s.execute("""
                        CREATE TABLE IF NOT EXISTS schedules (id INTEGER PRIMARY KEY AUTOINCREMENT,
                          spider TEXT NOT NULL, cron TEXT NOT NULL, args TEXT NOT NULL, settings TEXT NOT NULL,
                          created INTEGER NOT NULL, next INTEGER NOT NULL, last_run_id INTEGER,
                          skipped INTEGER NOT NULL DEFAULT 0)""");
            }
            return new ServeDatabase(c);
        } catch (SQLException | IOException e) {
            throw new SpinneretException("cannot open the service's database " + file + ": " + e.getMessage(), e);
        }
    }

    synchronized <T> T call(Work<T> work) {
        try {
            return work.run(connection);
        } catch (SQLException e) {
            throw new SpinneretException("the service's database failed: " + e.getMessage(), e);
        }
    }

    /** Runs one statement with these values and returns the rows it changed. */
    int update(String sql, @Nullable Object... values) {
        return call(c -> {
            try (PreparedStatement p = c.prepareStatement(sql)) {
                for (int i = 0; i < values.length; i++) p.setObject(i + 1, values[i]);
                return p.executeUpdate();
            }
        });
    }

    static String toJson(Map<String, String> map) {
        try {
            return JSON.writeValueAsString(map);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static Map<String, String> fromJson(String json) {
        try {
            return JSON.readValue(json, MAP);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a map column that is not JSON: " + json, e);
        }
    }

    @Override
    public synchronized void close() {
        try {
            connection.close();
        } catch (SQLException ignored) {
            // closing: nothing left to do with it
        }
    }
}
