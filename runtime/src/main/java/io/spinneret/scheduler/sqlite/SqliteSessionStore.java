package io.spinneret.scheduler.sqlite;

import io.spinneret.api.SpinneretException;
import io.spinneret.disk.SqliteLibrary;
import io.spinneret.spi.SessionStore;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.sqlite.SQLiteConfig;

/**
 * The sessions of a SQLite crawl, in {@value #FILE_NAME} in its job directory beside the frontier,
 * so that a resumed job goes on with the sessions it had (their cookies, uses and retirements).
 * One connection, used under this object's lock. Thread-safe.
 */
final class SqliteSessionStore implements SessionStore {
    static final String FILE_NAME = "sessions.db";
    private static final String COLUMNS = "id, pooled, proxy, agent, created, uses, retired, cookies";

    private final Connection conn;

    private SqliteSessionStore(Connection conn) {
        this.conn = conn;
    }

    /** Opens (creating if needed) the session store of the job in {@code jobDir}; {@code clear}: without the sessions it held. */
    static SqliteSessionStore open(Path jobDir, boolean clear) {
        Path file = jobDir.resolve(FILE_NAME);
        try {
            SQLiteConfig config = new SQLiteConfig();
            config.setJournalMode(SQLiteConfig.JournalMode.WAL);
            config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
            config.setBusyTimeout(5_000);
            Connection c = SqliteLibrary.connect(file, config.toProperties());
            try (Statement st = c.createStatement()) {
                st.executeUpdate("CREATE TABLE IF NOT EXISTS session (id TEXT PRIMARY KEY, pooled INTEGER NOT NULL,"
                        + " proxy TEXT, agent TEXT, created INTEGER NOT NULL, uses INTEGER NOT NULL,"
                        + " retired INTEGER NOT NULL, cookies TEXT NOT NULL)");
                if (clear) st.executeUpdate("DELETE FROM session");
            }
            return new SqliteSessionStore(c);
        } catch (SQLException e) {
            throw new SpinneretException("cannot open the session store " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized StoredSession create(StoredSession fresh) {
        try (PreparedStatement st = conn.prepareStatement(
                "INSERT OR IGNORE INTO session (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, 0, 0, ?)")) {
            st.setString(1, fresh.id());
            st.setInt(2, fresh.pooled() ? 1 : 0);
            st.setString(3, fresh.proxy());
            st.setString(4, fresh.userAgent());
            st.setLong(5, fresh.createdAtMillis());
            st.setString(6, fresh.cookies());
            st.executeUpdate();
        } catch (SQLException e) {
            throw failed("creating session " + fresh.id(), e);
        }
        return get(fresh.id()).orElse(fresh);
    }

    @Override
    public synchronized Optional<StoredSession> get(String id) {
        List<StoredSession> found = query("SELECT " + COLUMNS + " FROM session WHERE id = ?", id);
        return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0));
    }

    @Override
    public synchronized List<StoredSession> livePooled() {
        return query("SELECT " + COLUMNS + " FROM session WHERE pooled = 1 AND retired = 0", null);
    }

    @Override
    public synchronized long use(String id) {
        if (update("UPDATE session SET uses = uses + 1 WHERE id = ? AND retired = 0", id, null) == 0) return -1;
        return get(id).map(StoredSession::uses).orElse(-1L);
    }

    @Override
    public synchronized boolean retire(String id) {
        return update("UPDATE session SET retired = 1, cookies = '[]' WHERE id = ? AND retired = 0", id, null) == 1;
    }

    @Override
    public synchronized void saveCookies(String id, String cookies) {
        update("UPDATE session SET cookies = ? WHERE id = ? AND retired = 0", cookies, id);
    }

    @Override
    public synchronized void close() {
        try {
            conn.close();
        } catch (SQLException e) {
            throw failed("closing", e);
        }
    }

    private int update(String sql, String first, @Nullable String second) {
        try (PreparedStatement st = conn.prepareStatement(sql)) {
            st.setString(1, first);
            if (second != null) st.setString(2, second);
            return st.executeUpdate();
        } catch (SQLException e) {
            throw failed("updating", e);
        }
    }

    private List<StoredSession> query(String sql, @Nullable String id) {
        try (PreparedStatement st = conn.prepareStatement(sql)) {
            if (id != null) st.setString(1, id);
            List<StoredSession> out = new ArrayList<>();
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    out.add(new StoredSession(
                            rs.getString(1),
                            rs.getInt(2) == 1,
                            rs.getString(3),
                            rs.getString(4),
                            rs.getLong(5),
                            rs.getLong(6),
                            rs.getInt(7) == 1,
                            rs.getString(8)));
                }
            }
            return out;
        } catch (SQLException e) {
            throw failed("reading", e);
        }
    }

    private static SpinneretException failed(String what, SQLException e) {
        return new SpinneretException("session store: " + what + " failed: " + e.getMessage(), e);
    }
}
