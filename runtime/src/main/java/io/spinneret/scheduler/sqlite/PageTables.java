package io.spinneret.scheduler.sqlite;

import io.spinneret.spi.PageBudget;
import io.spinneret.spi.SimHashIndex;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.jspecify.annotations.Nullable;

/**
 * What a job's frontier file keeps about the pages themselves: the {@code budget} table (per host,
 * {@code h}, and per domain, {@code d}: the fingerprints admitted, see {@link PageBudget}) and the
 * {@code simhash} table (each near-duplicate group's first page, with its eight 8-bit bands
 * indexed, see {@link SimHashIndex}). Used by {@link FrontierDb} within its transactions; not
 * thread-safe.
 */
final class PageTables {
    static final String SCHEMA = """
            CREATE TABLE IF NOT EXISTS budget (scope TEXT NOT NULL, name TEXT NOT NULL, fp TEXT NOT NULL,
              PRIMARY KEY (scope, name, fp)) WITHOUT ROWID;
            CREATE TABLE IF NOT EXISTS simhash (hash INTEGER PRIMARY KEY, url TEXT NOT NULL, b0 INTEGER NOT NULL,
              b1 INTEGER NOT NULL, b2 INTEGER NOT NULL, b3 INTEGER NOT NULL, b4 INTEGER NOT NULL, b5 INTEGER NOT NULL,
              b6 INTEGER NOT NULL, b7 INTEGER NOT NULL)
            """ + bandIndexes();

    private static String bandIndexes() {
        StringBuilder ddl = new StringBuilder();
        for (int b = 0; b < SimHashIndex.BANDS; b++) {
            ddl.append(";CREATE INDEX IF NOT EXISTS simhash_b")
                    .append(b)
                    .append(" ON simhash (b")
                    .append(b)
                    .append(')');
        }
        return ddl.toString();
    }

    private final PreparedStatement admitted;
    private final PreparedStatement spent;
    private final PreparedStatement admit;
    private final PreparedStatement near;
    private final PreparedStatement record;

    PageTables(Connection conn) throws SQLException {
        admitted = conn.prepareStatement("SELECT 1 FROM budget WHERE scope = ? AND name = ? AND fp = ?");
        spent = conn.prepareStatement("SELECT count(*) FROM budget WHERE scope = ? AND name = ?");
        admit = conn.prepareStatement("INSERT OR IGNORE INTO budget (scope, name, fp) VALUES (?, ?, ?)");
        near = conn.prepareStatement(
                "SELECT hash, url FROM simhash WHERE b0 = ? OR b1 = ? OR b2 = ? OR b3 = ? OR b4 = ? OR b5 = ?"
                        + " OR b6 = ? OR b7 = ?");
        record = conn.prepareStatement("INSERT OR IGNORE INTO simhash (hash, url, b0, b1, b2, b3, b4, b5, b6, b7)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    }

    /** Creates the tables in a file that has none (a job directory of an older version included). */
    static void create(Connection conn) throws SQLException {
        try (Statement st = conn.createStatement()) {
            for (String ddl : SCHEMA.split(";")) if (!ddl.isBlank()) st.executeUpdate(ddl);
        }
    }

    PageBudget.Verdict admit(String host, String domain, String fp, long maxPerHost, long maxPerDomain)
            throws SQLException {
        if (maxPerHost > 0 ? has("h", host, fp) : maxPerDomain > 0 && has("d", domain, fp))
            return PageBudget.Verdict.ADMITTED;
        if (maxPerHost > 0 && count("h", host) >= maxPerHost) return PageBudget.Verdict.HOST_SPENT;
        if (maxPerDomain > 0 && count("d", domain) >= maxPerDomain) return PageBudget.Verdict.DOMAIN_SPENT;
        if (maxPerHost > 0) insert("h", host, fp);
        if (maxPerDomain > 0) insert("d", domain, fp);
        return PageBudget.Verdict.ADMITTED;
    }

    private boolean has(String scope, String name, String fp) throws SQLException {
        bind(admitted, scope, name).setString(3, fp);
        try (ResultSet rs = admitted.executeQuery()) {
            return rs.next();
        }
    }

    private long count(String scope, String name) throws SQLException {
        try (ResultSet rs = bind(spent, scope, name).executeQuery()) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }

    private void insert(String scope, String name, String fp) throws SQLException {
        bind(admit, scope, name).setString(3, fp);
        admit.executeUpdate();
    }

    private static PreparedStatement bind(PreparedStatement st, String scope, String name) throws SQLException {
        st.setString(1, scope);
        st.setString(2, name);
        return st;
    }

    @Nullable
    String firstNear(long simHash, String url) throws SQLException {
        for (int b = 0; b < SimHashIndex.BANDS; b++) near.setInt(b + 1, band(simHash, b));
        try (ResultSet rs = near.executeQuery()) {
            while (rs.next()) {
                if (Long.bitCount(rs.getLong(1) ^ simHash) <= SimHashIndex.MAX_DISTANCE) {
                    String first = rs.getString(2);
                    return first.equals(url) ? null : first;
                }
            }
        }
        record.setLong(1, simHash);
        record.setString(2, url);
        for (int b = 0; b < SimHashIndex.BANDS; b++) record.setInt(b + 3, band(simHash, b));
        record.executeUpdate();
        return null;
    }

    private static int band(long hash, int b) {
        return (int) ((hash >>> (8 * b)) & 0xFF);
    }

    /** Forgets every page: a new crawl in the job directory. */
    static void clear(Connection conn) throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.executeUpdate("DELETE FROM budget");
            st.executeUpdate("DELETE FROM simhash");
        }
    }
}
