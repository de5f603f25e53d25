package io.spinneret.scheduler.sqlite;

import io.spinneret.api.Fingerprint;
import io.spinneret.api.Request;
import io.spinneret.api.RequestCodec;
import io.spinneret.disk.SqliteLibrary;
import io.spinneret.spi.Lease;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.sqlite.SQLiteConfig;

/**
 * The SQLite file of one job: a {@code request} table holding pending (state 0) and in-flight
 * (state 1) requests, a {@code host} table naming the hosts by number, and a {@code seen} table of
 * fingerprints ({@link PageTables} adds what is kept about pages). Within a host, rows are ordered by priority, then by {@code seq} (the rowid, so
 * insertion order); the hosts with pending rows take turns, through the {@link HostRing} kept in
 * memory (one process has the file open, so nothing else changes it). The {@code page} table holds
 * the re-crawl's record of each page fetched, by fingerprint ({@link SqlitePageRecords}).
 *
 * <p>Not thread-safe: {@link SqliteScheduler} uses it under its lock, one batch at a time. The
 * counts and the ring are exact for the committed state plus the current transaction;
 * {@link #rollback()} restores them.
 */
final class FrontierDb implements AutoCloseable {
    static final String FILE_NAME = "frontier.db";

    private static final String SCHEMA = """
            CREATE TABLE IF NOT EXISTS request (
              seq      INTEGER PRIMARY KEY,
              priority INTEGER NOT NULL,
              state    INTEGER NOT NULL,
              body     BLOB NOT NULL,
              host     INTEGER NOT NULL DEFAULT 0
            );
            CREATE TABLE IF NOT EXISTS host (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
            CREATE TABLE IF NOT EXISTS seen (fp BLOB PRIMARY KEY) WITHOUT ROWID;
            CREATE TABLE IF NOT EXISTS page (fp BLOB PRIMARY KEY, record BLOB NOT NULL) WITHOUT ROWID;
            """;
    /** After {@link #addHostColumn}: the pending rows of one host in serving order. */
    private static final String INDEX = "CREATE INDEX IF NOT EXISTS request_host_pending"
            + " ON request (host, priority DESC, seq) WHERE state = 0";

    private final Connection conn;
    private final PreparedStatement markSeen;
    private final PreparedStatement insert;
    private final PreparedStatement take;
    private final PreparedStatement delete;
    private final PreparedStatement insertHost;
    private @Nullable PreparedStatement putPage; // made on the first page record
    private @Nullable PreparedStatement getPage; // made on the first read of one
    private final HostRing ring = new HostRing();
    private final @Nullable PageTables pages;

    long pending;
    long inFlight;
    long seen;
    private long savedPending, savedInFlight, savedSeen;

    private FrontierDb(Connection conn, boolean readOnly) throws SQLException {
        this.conn = conn;
        if (!readOnly) {
            try (Statement st = conn.createStatement()) {
                for (String ddl : SCHEMA.split(";")) if (!ddl.isBlank()) st.executeUpdate(ddl);
            }
            addHostColumn();
            try (Statement st = conn.createStatement()) {
                st.executeUpdate(INDEX);
            }
            PageTables.create(conn);
            RenderDecisionTable.create(conn);
        }
        pages = readOnly ? null : new PageTables(conn);
        markSeen = conn.prepareStatement("INSERT OR IGNORE INTO seen (fp) VALUES (?)");
        insert = conn.prepareStatement("INSERT INTO request (priority, state, body, host) VALUES (?, 0, ?, ?)");
        // one statement: pick the host's best pending row and flip it to in-flight
        take = conn.prepareStatement("UPDATE request SET state = 1 WHERE seq = (SELECT seq FROM request"
                + " WHERE state = 0 AND host = ? ORDER BY priority DESC, seq LIMIT 1) RETURNING seq, body");
        delete = conn.prepareStatement("DELETE FROM request WHERE seq = ? AND state = 1");
        insertHost = conn.prepareStatement("INSERT INTO host (name) VALUES (?) RETURNING id");
        pending = count("SELECT count(*) FROM request WHERE state = 0");
        inFlight = count("SELECT count(*) FROM request WHERE state = 1");
        seen = count("SELECT count(*) FROM seen");
        if (!readOnly) loadRing();
    }

    /**
     * Gives the rows of a file written before requests were grouped by host (no {@code host}
     * column) their host, read from each request, so a resumed job is served fairly too.
     */
    private void addHostColumn() throws SQLException {
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT 1 FROM pragma_table_info('request') WHERE name = 'host'")) {
            if (rs.next()) return;
        }
        try (Statement st = conn.createStatement()) {
            st.executeUpdate("ALTER TABLE request ADD COLUMN host INTEGER NOT NULL DEFAULT 0");
            st.executeUpdate("DROP INDEX IF EXISTS request_pending");
        }
        Map<String, Long> ids = new HashMap<>();
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT seq, body FROM request");
                PreparedStatement newHost = conn.prepareStatement("INSERT INTO host (name) VALUES (?) RETURNING id");
                PreparedStatement setHost = conn.prepareStatement("UPDATE request SET host = ? WHERE seq = ?")) {
            while (rs.next()) {
                String name = RequestCodec.fromJson(rs.getBytes(2)).host();
                Long id = ids.get(name);
                if (id == null) {
                    newHost.setString(1, name);
                    try (ResultSet r = newHost.executeQuery()) {
                        r.next();
                        id = r.getLong(1);
                    }
                    ids.put(name, id);
                }
                setHost.setLong(1, id);
                setHost.setLong(2, rs.getLong(1));
                setHost.executeUpdate();
            }
        }
    }

    /** Reads the hosts and their pending counts into the ring (at open, and after a rollback). */
    private void loadRing() throws SQLException {
        ring.clear();
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT id, name FROM host")) {
            while (rs.next()) ring.known(rs.getString(2), rs.getLong(1));
        }
        // hosts whose oldest pending row is oldest come first
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery(
                        "SELECT host, count(*) FROM request WHERE state = 0 GROUP BY host ORDER BY min(seq)")) {
            while (rs.next()) ring.addPending(rs.getLong(1), rs.getLong(2));
        }
    }

    /**
     * Opens (creating if needed) the frontier file in WAL mode. {@code synchronous=NORMAL}: a commit
     * is in the WAL file before it returns, so it survives the process being killed; only a power
     * loss or OS crash can undo the last commits (never corrupting the file).
     */
    static FrontierDb open(Path file, boolean readOnly) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        if (!readOnly) {
            config.setJournalMode(SQLiteConfig.JournalMode.WAL); // recorded in the file
            config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
            config.setTempStore(SQLiteConfig.TempStore.MEMORY);
            config.setCacheSize(-32_768); // 32 MiB of page cache
            // One process per job (the lock file): holding SQLite's locks for the whole session spares
            // each transaction its file-lock calls and keeps the WAL index in the heap (5 % of a
            // re-crawl's CPU, whose pages cost little else).
            config.setLockingMode(SQLiteConfig.LockingMode.EXCLUSIVE);
        }
        config.setBusyTimeout(5_000);
        config.setReadOnly(readOnly);
        Connection c = SqliteLibrary.connect(file, config.toProperties());
        try {
            c.setAutoCommit(false);
            FrontierDb db = new FrontierDb(c, readOnly);
            c.commit();
            return db;
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    private long count(String sql) throws SQLException {
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }

    /** Starts a unit of work (autocommit is off: a transaction is always open). */
    void begin() {
        savedPending = pending;
        savedInFlight = inFlight;
        savedSeen = seen;
    }

    void commit() throws SQLException {
        conn.commit();
    }

    /**
     * Rolls the current unit of work back.
     *
     * @return false if SQLite had rolled it back already (SQLITE_FULL, SQLITE_IOERR): the file is in
     *     trouble, and the unit's operations are not worth trying again one by one
     */
    boolean rollback() {
        boolean clean = true;
        try {
            conn.rollback();
        } catch (SQLException e) {
            // the driver's rollback failed without beginning the next transaction: begin one, or every later
            // commit would fail with "no transaction is active"
            clean = false;
            try {
                conn.setAutoCommit(true);
                conn.setAutoCommit(false);
            } catch (SQLException ignored) {
                // the connection is unusable; the next commit reports it
            }
        }
        pending = savedPending;
        inFlight = savedInFlight;
        seen = savedSeen;
        try {
            loadRing(); // rare: a failed batch; the ring is rebuilt from what the file holds
        } catch (SQLException ignored) {
            // the connection is unusable; the next commit reports it
        }
        return clean;
    }

    /**
     * A request encoded for the database by the calling thread, outside the scheduler's lock.
     */
    record Encoded(byte[] fingerprint, int priority, boolean dontFilter, byte[] json, String host) {
        static Encoded of(Request r) {
            return new Encoded(
                    bytes(r.fingerprint()), r.priority(), r.dontFilter(), RequestCodec.toJsonBytes(r), r.host());
        }
    }

    /** A row taken into in-flight; the caller decodes the JSON. */
    record Taken(long seq, byte[] json) {
        Lease lease() {
            return new Lease(Long.toString(seq), RequestCodec.fromJson(json));
        }
    }

    /** @return true if enqueued, false if dropped as a duplicate */
    boolean push(Encoded r) throws SQLException {
        markSeen.setBytes(1, r.fingerprint());
        boolean fresh = markSeen.executeUpdate() == 1;
        if (fresh) seen++;
        if (!fresh && !r.dontFilter()) return false;
        insert(r);
        return true;
    }

    private void insert(Encoded r) throws SQLException {
        long host = hostId(r.host());
        insert.setInt(1, r.priority());
        insert.setBytes(2, r.json());
        insert.setLong(3, host);
        insert.executeUpdate();
        ring.addPending(host, 1);
        pending++;
    }

    private long hostId(String name) throws SQLException {
        long id = ring.idOf(name);
        if (id != HostRing.UNKNOWN) return id;
        insertHost.setString(1, name);
        try (ResultSet rs = insertHost.executeQuery()) {
            rs.next();
            id = rs.getLong(1);
        }
        ring.known(name, id);
        return id;
    }

    /** Moves the best pending request of the host whose turn it is into in-flight. */
    @Nullable
    Taken take() throws SQLException {
        while (!ring.isEmpty()) {
            long host = ring.next();
            take.setLong(1, host);
            try (ResultSet rs = take.executeQuery()) {
                if (!rs.next()) {
                    ring.drop(host); // cannot happen while the counts are right; never loop on it
                    continue;
                }
                Taken t = new Taken(rs.getLong(1), rs.getBytes(2));
                ring.taken(host);
                inFlight++;
                pending--;
                return t;
            }
        }
        return null;
    }

    /** Removes an in-flight row; false if it was not in flight. */
    boolean ack(long seq) throws SQLException {
        delete.setLong(1, seq);
        if (delete.executeUpdate() == 0) return false;
        inFlight--;
        return true;
    }

    /** Replaces an in-flight row with a new pending one at the back of its priority. */
    boolean requeue(long seq, Encoded replacement) throws SQLException {
        if (!ack(seq)) return false;
        insert(replacement);
        return true;
    }

    /** Puts every in-flight row back to pending, in its old place; returns how many. */
    int recover() throws SQLException {
        try (Statement st = conn.createStatement()) {
            int n = st.executeUpdate("UPDATE request SET state = 0 WHERE state = 1");
            pending += n;
            inFlight -= n;
            if (n > 0) loadRing();
            return n;
        }
    }

    /** Keeps a page's record, replacing the one it had. */
    void putPage(byte[] fp, byte[] record) throws SQLException {
        if (putPage == null) putPage = conn.prepareStatement("INSERT OR REPLACE INTO page (fp, record) VALUES (?, ?)");
        putPage.setBytes(1, fp);
        putPage.setBytes(2, record);
        putPage.executeUpdate();
    }

    byte @Nullable [] page(byte[] fp) throws SQLException {
        if (getPage == null) getPage = conn.prepareStatement("SELECT record FROM page WHERE fp = ?");
        getPage.setBytes(1, fp);
        try (ResultSet rs = getPage.executeQuery()) {
            return rs.next() ? rs.getBytes(1) : null;
        }
    }

    /** Forgets that {@code fp} was seen. */
    void unsee(byte[] fp) throws SQLException {
        try (PreparedStatement st = conn.prepareStatement("DELETE FROM seen WHERE fp = ?")) {
            st.setBytes(1, fp);
            if (st.executeUpdate() == 1) seen--;
        }
    }

    void removePage(byte[] fp) throws SQLException {
        try (PreparedStatement st = conn.prepareStatement("DELETE FROM page WHERE fp = ?")) {
            st.setBytes(1, fp);
            st.executeUpdate();
        }
    }

    /** Up to {@code limit} page records with a fingerprint after {@code after} (empty: from the first), in fingerprint order. */
    List<byte[][]> pagesAfter(byte[] after, int limit) throws SQLException {
        List<byte[][]> out = new ArrayList<>();
        try (PreparedStatement st =
                conn.prepareStatement("SELECT fp, record FROM page WHERE fp > ? ORDER BY fp LIMIT ?")) {
            st.setBytes(1, after);
            st.setInt(2, limit);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) out.add(new byte[][] {rs.getBytes(1), rs.getBytes(2)});
            }
        }
        return out;
    }

    long pageCount() throws SQLException {
        return count("SELECT count(*) FROM page");
    }

    /** Forgets everything: pending, in-flight, seen and the page records. */
    void clear() throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.executeUpdate("DELETE FROM request");
            st.executeUpdate("DELETE FROM seen");
            st.executeUpdate("DELETE FROM host");
            st.executeUpdate("DELETE FROM page");
        }
        PageTables.clear(conn);
        RenderDecisionTable.clear(conn);
        ring.clear();
        pending = inFlight = seen = 0;
    }

    /** The job's {@code renderer = auto} decisions. */
    RenderDecisionTable renderDecisions() {
        return new RenderDecisionTable(conn);
    }

    /** The page budgets and SimHashes of the job; not on a file opened read-only. */
    PageTables pages() {
        if (pages == null) throw new IllegalStateException("the frontier file is open read-only");
        return pages;
    }

    static byte[] bytes(Fingerprint fp) {
        byte[] b = new byte[16];
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (fp.hi() >>> (56 - 8 * i));
            b[8 + i] = (byte) (fp.lo() >>> (56 - 8 * i));
        }
        return b;
    }

    @Override
    public void close() throws SQLException {
        conn.close(); // the last connection checkpoints the WAL into the main file
    }
}
