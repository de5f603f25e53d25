package io.spinneret.scheduler.sqlite;

import io.spinneret.spi.RenderDecisionStore.Decision;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The {@code render_decision} table of a job's frontier file: per pattern, the {@code renderer =
 * auto} decision ({@code HTTP} or {@code BROWSER}), so that a resumed job does not decide again.
 * Used by {@link FrontierDb} within its transactions; rare (a write per decision, a read per new
 * pattern), so statements are prepared per call. Not thread-safe.
 */
final class RenderDecisionTable {
    private static final String SCHEMA =
            "CREATE TABLE IF NOT EXISTS render_decision (pattern TEXT PRIMARY KEY, decision TEXT NOT NULL) WITHOUT ROWID";

    private final Connection conn;

    RenderDecisionTable(Connection conn) {
        this.conn = conn;
    }

    /** Creates the table in a file that has none (a job directory of an older version included). */
    static void create(Connection conn) throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.executeUpdate(SCHEMA);
        }
    }

    /** Forgets every decision: a new crawl in the job directory. */
    static void clear(Connection conn) throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.executeUpdate("DELETE FROM render_decision");
        }
    }

    /** Forgets every decision of this file. */
    void clear() throws SQLException {
        clear(conn);
    }

    Void put(String pattern, Decision decision) throws SQLException {
        try (PreparedStatement st =
                conn.prepareStatement("INSERT OR REPLACE INTO render_decision (pattern, decision) VALUES (?, ?)")) {
            st.setString(1, pattern);
            st.setString(2, decision.name());
            st.executeUpdate();
        }
        return null;
    }

    Optional<Decision> get(String pattern) throws SQLException {
        try (PreparedStatement st = conn.prepareStatement("SELECT decision FROM render_decision WHERE pattern = ?")) {
            st.setString(1, pattern);
            try (ResultSet rs = st.executeQuery()) {
                return rs.next() ? Optional.of(Decision.valueOf(rs.getString(1))) : Optional.empty();
            }
        }
    }

    Map<String, Decision> all() throws SQLException {
        Map<String, Decision> out = new TreeMap<>();
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT pattern, decision FROM render_decision")) {
            while (rs.next()) out.put(rs.getString(1), Decision.valueOf(rs.getString(2)));
        }
        return out;
    }
}
