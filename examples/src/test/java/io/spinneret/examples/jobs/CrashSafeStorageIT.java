package io.spinneret.examples.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.examples.replica.BooksCatalogue.Product;
import io.spinneret.examples.replica.BooksSite;
import io.spinneret.scheduler.sqlite.SqliteScheduler;
import io.spinneret.storage.jdbc.DatabaseUri;
import java.net.URI;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash-safe acknowledgement into a database with upserts (issue 6, item 5): {@code run books
 * --resume} in child JVMs against the counting books replica, killed with SIGKILL three times (early,
 * with items waiting in the pipeline's buffer, and right as a batch is committed), then resumed to
 * the end. The table holds exactly the 1000 books of an uninterrupted crawl, each once and each
 * equal to the replica's data, and only requests whose items were not yet written (or that were
 * being fetched) at a kill are downloaded again. And the graceful path (item 6): SIGTERM with a
 * batch that never fills writes every item the summary line counts before the exit code 143 (128 + SIGTERM).
 *
 * <p>SQLite ({@code -o books.db}) always; PostgreSQL too when {@code SPINNERET_TEST_PG} is set, in
 * a schema of its own ({@code ?currentSchema=}), and MySQL or MariaDB when {@code SPINNERET_TEST_MYSQL}
 * is set, in a database of its own; both are dropped afterwards.
 */
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class CrashSafeStorageIT {
    private static final BooksSite SITE = BooksSite.standard();
    private static final int CONCURRENCY = 4;

    /** One kill: the batch size of that run, and when to kill it. */
    private record Kill(String name, int batchSize, long afterDownloads, boolean onCommit) {}

    private static final List<Kill> KILLS = List.of(
            // the first listing page and a few details: nothing written yet
            new Kill("early", 50, 20, false),
            // a batch of 300: past the first batch, the items of the responses since sit in the buffer, unacked
            new Kill("mid-batch", 300, 400, false),
            // batches of 50: killed the moment the table grows, i.e. just after a batch's commit,
            // while its leases are being acked (or the next batch is being written)
            new Kill("on commit", 50, 600, true));

    @TempDir
    Path dir;

    /** What a backend's {@link Backend#close} does: drops what the test made on a server. */
    private interface Cleanup {
        void run() throws SQLException;
    }

    /** Where the items go: {@code -o} target, how the test reads the table, and what closing drops. */
    private record Backend(String name, String output, String jdbcUrl, Properties login, Cleanup cleanup)
            implements AutoCloseable {
        @Override
        public void close() throws SQLException {
            cleanup.run();
        }

        Connection connect() throws SQLException {
            return DriverManager.getConnection(jdbcUrl, login);
        }

        /** Rows in the book table; 0 before it exists, -1 when the read failed (e.g. busy). */
        long rows() {
            try (Connection c = connect();
                    Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT count(*) FROM book")) {
                rs.next();
                return rs.getLong(1);
            } catch (SQLException e) {
                String m = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
                return m.contains("no such table") || m.contains("does not exist") || m.contains("doesn't exist")
                        ? 0
                        : -1;
            }
        }
    }

    private Backend sqlite(String name) {
        Path db = dir.resolve(name + ".db");
        return new Backend("sqlite", db.toString(), "jdbc:sqlite:" + db, new Properties(), () -> {});
    }

    private static String serverEnv(String variable) {
        String uri = System.getenv(variable);
        Assumptions.assumeTrue(uri != null && !uri.isBlank(), variable + " is not set");
        return uri;
    }

    private static Properties login(DatabaseUri uri) {
        Properties login = new Properties();
        if (!uri.user().isEmpty()) login.setProperty("user", uri.user());
        if (!uri.password().isEmpty()) login.setProperty("password", uri.password());
        return login;
    }

    /** A fresh schema in the test database, dropped on close; the storage writes there through {@code ?currentSchema=}. */
    private static Backend postgres(String schema) throws SQLException {
        String pg = serverEnv("SPINNERET_TEST_PG");
        DatabaseUri uri = DatabaseUri.parse(pg);
        Properties login = login(uri);
        String admin = uri.jdbcUrl("postgresql", 5432, Map.of());
        try (Connection c = DriverManager.getConnection(admin, login);
                Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
            s.execute("CREATE SCHEMA " + schema);
        }
        String output = pg + (pg.contains("?") ? "&" : "?") + "currentSchema=" + schema;
        return new Backend(
                "postgresql",
                output,
                DatabaseUri.parse(output).jdbcUrl("postgresql", 5432, Map.of()),
                login,
                () -> execute(admin, login, "DROP SCHEMA IF EXISTS " + schema + " CASCADE"));
    }

    /** A fresh database on the test server, dropped on close, named in the storage's URI in place of the variable's own. */
    private static Backend mysql(String database) throws SQLException {
        URI server = URI.create(serverEnv("SPINNERET_TEST_MYSQL"));
        DatabaseUri uri = DatabaseUri.parse(server.toString());
        Properties login = login(uri);
        String admin = uri.jdbcUrl("mysql", 3306, Map.of());
        try (Connection c = DriverManager.getConnection(admin, login);
                Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + database);
            s.execute("CREATE DATABASE " + database + " CHARACTER SET utf8mb4");
        }
        String output =
                server.getScheme() + "://" + (server.getRawUserInfo() == null ? "" : server.getRawUserInfo() + "@")
                        + server.getHost() + (server.getPort() < 0 ? "" : ":" + server.getPort()) + "/" + database
                        + (server.getRawQuery() == null ? "" : "?" + server.getRawQuery());
        return new Backend(
                "mysql",
                output,
                DatabaseUri.parse(output).jdbcUrl("mysql", 3306, Map.of()),
                login,
                () -> execute(admin, login, "DROP DATABASE IF EXISTS " + database));
    }

    private static void execute(String jdbcUrl, Properties login, String statement) throws SQLException {
        try (Connection c = DriverManager.getConnection(jdbcUrl, login);
                Statement s = c.createStatement()) {
            s.execute(statement);
        }
    }

    private static String uniqueSchema() {
        return "crashsafe_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }

    private String[] runArgs(CountingReplica site, Backend backend, Path jobs, int batchSize, String... more) {
        List<String> a = new ArrayList<>(List.of(
                "books",
                "--resume",
                "-c",
                Integer.toString(CONCURRENCY),
                "-o",
                backend.output(),
                "-s",
                "start_urls=" + site.url(),
                "-s",
                "download_delay=0",
                "-s",
                "respect_robots=false",
                "-s",
                "batch_size=" + batchSize,
                "-s",
                "progress_interval=0",
                "-s",
                "job_dir=" + jobs));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    // ---- SIGKILL at three points, then resume

    @Test
    void sigkilledThreeTimesThenResumedIntoSqliteHoldsExactlyTheThousandBooks() throws Exception {
        killResumeAndCheck(sqlite("books"));
    }

    @Test
    void sigkilledThreeTimesThenResumedIntoPostgresHoldsExactlyTheThousandBooks() throws Exception {
        try (Backend pg = postgres(uniqueSchema())) {
            killResumeAndCheck(pg);
        }
    }

    @Test
    void sigkilledThreeTimesThenResumedIntoMysqlHoldsExactlyTheThousandBooks() throws Exception {
        try (Backend mysql = mysql(uniqueSchema())) {
            killResumeAndCheck(mysql);
        }
    }

    private void killResumeAndCheck(Backend backend) throws Exception {
        long started = System.nanoTime();
        Path jobs = dir.resolve("jobs-" + backend.name());
        Set<String> details =
                SITE.catalogue().products().stream().map(Product::path).collect(Collectors.toSet());
        List<Map<String, Long>> downloadsAfter = new ArrayList<>();
        List<Long> bounds = new ArrayList<>();
        try (CountingReplica site = new CountingReplica(SITE, 5)) {
            for (int run = 0; run <= KILLS.size(); run++) {
                if (run < KILLS.size()) {
                    Kill k = KILLS.get(run);
                    CrawlProcess p = CrawlProcess.start(
                            dir,
                            backend.name() + "-run" + run,
                            runArgs(
                                    site,
                                    backend,
                                    jobs,
                                    k.batchSize(),
                                    "-s",
                                    "batch_interval=600")); // only full batches are written: the kill points stay put
                    long rowsBefore;
                    // a kill at a point the crawl waits at, however late it lands; a kill on a
                    // commit needs the crawl to go on until the table grows
                    if (!k.onCommit()) site.holdAfter(k.afterDownloads());
                    try {
                        p.awaitWhileRunning(() -> site.total() >= k.afterDownloads(), 60);
                        rowsBefore = backend.rows();
                        if (k.onCommit()) {
                            long[] base = {rowsBefore};
                            p.awaitWhileRunning(
                                    () -> {
                                        long now = backend.rows();
                                        if (base[0] < 0) base[0] = now; // the first read was busy
                                        return base[0] >= 0 && now > base[0];
                                    },
                                    60);
                        }
                    } finally {
                        p.kill(); // also when a wait failed: no crawler outlives the test
                        p.waitFor(30);
                        site.release();
                    }
                    long rowsAtKill = backend.rows();
                    long unwritten = site.downloads().keySet().stream()
                                    .filter(details::contains)
                                    .count()
                            - rowsAtKill;
                    System.out.printf(
                            "%s: SIGKILL %s (batch %d) at %d downloads, %d rows in the table (%d when the kill"
                                    + " point was reached), %d downloaded books not in it%n",
                            backend.name(), k.name(), k.batchSize(), site.total(), rowsAtKill, rowsBefore, unwritten);
                    String left =
                            SqliteScheduler.unfinishedJob(jobs.resolve("books")).orElseThrow();
                    assertTrue(
                            left.matches("\\d+ pending, \\d+ in flight, \\d+ seen"),
                            "the job survived the kill: " + left);
                    if (k.name().equals("mid-batch")) {
                        assertTrue(unwritten > CONCURRENCY, "the kill found items waiting in the buffer: " + unwritten);
                    }
                    // Unacked at the kill, so downloaded again: requests being fetched (CONCURRENCY), books
                    // downloaded but not in the table (in the buffer or being written), and at most one
                    // batch committed whose leases were still being acked (upserted again, no duplicate).
                    bounds.add(CONCURRENCY + unwritten + k.batchSize());
                } else {
                    CrawlProcess p =
                            CrawlProcess.start(dir, backend.name() + "-final", runArgs(site, backend, jobs, 50));
                    assertEquals(0, p.waitFor(90), p.toString());
                    assertTrue(p.stderr().contains("resuming job"), p.toString());
                }
                downloadsAfter.add(site.downloads());
            }
            Map<String, Long> total = site.downloads();
            assertEquals(1050, total.size(), "every page was downloaded");
            long extra = total.values().stream().mapToLong(Long::longValue).sum() - 1050;
            for (int run = 1; run <= KILLS.size(); run++) {
                Map<String, Long> before = downloadsAfter.get(run - 1);
                Map<String, Long> thisRun = CrawlOutputs.delta(before, downloadsAfter.get(run));
                long repeated =
                        thisRun.keySet().stream().filter(before::containsKey).count();
                Kill k = KILLS.get(run - 1);
                System.out.printf(
                        "%s: after the %s kill, run %d downloaded %d pages, %d of them again (bound %d)%n",
                        backend.name(), k.name(), run, thisRun.size(), repeated, bounds.get(run - 1));
                assertTrue(
                        repeated <= bounds.get(run - 1),
                        "run " + run + " repeated " + repeated + " downloads, bound " + bounds.get(run - 1));
                assertTrue(thisRun.values().stream().allMatch(n -> n == 1), "nothing twice within one run");
            }
            long allowed = bounds.stream().mapToLong(Long::longValue).sum();
            System.out.printf(
                    "%s: %d downloads beyond the 1050 pages over %d kills (bound %d); %.1f s%n",
                    backend.name(), extra, KILLS.size(), allowed, (System.nanoTime() - started) / 1e9);
            assertTrue(extra <= allowed, extra + " downloads beyond 1050, bound " + allowed);
        }
        assertTableHoldsExactly(backend, 1000);
        try (SqliteScheduler job = SqliteScheduler.open(jobs.resolve("books"), true)) {
            assertEquals(1050, job.seenCount());
            assertEquals(0, job.pendingCount() + job.inFlightCount());
        }
    }

    // ---- SIGTERM: graceful stop

    @Test
    void sigtermWithAnUnfilledBatchWritesEveryCountedItemAndExits143() throws Exception {
        Backend backend = sqlite("graceful");
        try (CountingReplica site = new CountingReplica(SITE, 5)) {
            // one batch never fills and never times out: only the graceful close writes anything
            CrawlProcess p = CrawlProcess.start(
                    dir,
                    "sigterm",
                    runArgs(site, backend, dir.resolve("jobs-sigterm"), 100_000, "-s", "batch_interval=600"));
            site.holdAfter(300); // the crawl cannot finish before the signal lands
            try {
                p.awaitWhileRunning(() -> site.total() >= 300, 60);
                assertEquals(0, backend.rows(), "nothing written before the signal");
                p.terminate();
                p.awaitWhileRunning(() -> p.stderr().contains("stopping"), 60);
            } catch (AssertionError e) {
                p.kill();
                throw e;
            } finally {
                site.release(); // what is on the wire finishes: the graceful stop waits for it
            }
            assertEquals(143, p.waitFor(60), p.toString());
            long[] summary = p.summary();
            assertTrue(summary != null, "a summary line: " + p);
            assertTrue(
                    summary[0] == summary[1] && summary[0] < 1050,
                    "stopped mid-crawl, finishing what it started: " + p);
            long items = summary[3];
            System.out.printf(
                    "SIGTERM at %d downloads: summary %d items, %d rows%n", site.total(), items, backend.rows());
            assertTrue(items > 0, p.toString());
            assertTableHoldsExactly(backend, items);
        }
    }

    // ---- the table against the replica's data

    private static void assertTableHoldsExactly(Backend backend, long expected) throws SQLException {
        Map<String, Product> byPath =
                SITE.catalogue().products().stream().collect(Collectors.toMap(Product::path, Function.identity()));
        try (Connection c = backend.connect();
                Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT count(*), count(DISTINCT upc), count(DISTINCT url) FROM book")) {
                rs.next();
                assertEquals(expected, rs.getLong(1), backend.name() + ": rows");
                assertEquals(expected, rs.getLong(2), backend.name() + ": distinct UPCs");
                assertEquals(expected, rs.getLong(3), backend.name() + ": distinct URLs");
            }
            Set<String> seen = new HashSet<>();
            try (ResultSet rs =
                    s.executeQuery("SELECT url, title, price, upc, availability, rating, category FROM book")) {
                while (rs.next()) {
                    String url = rs.getString("url");
                    String path = URI.create(url).getPath().substring(1);
                    Product p = byPath.get(path);
                    assertTrue(p != null, "not a detail page: " + url);
                    assertTrue(seen.add(path), "twice: " + url);
                    assertEquals(p.title(), rs.getString("title"), url);
                    assertEquals(p.price(), rs.getDouble("price"), 1e-9, url);
                    assertEquals(p.upc(), rs.getString("upc"), url);
                    assertEquals(p.availability(), rs.getString("availability"), url);
                    assertEquals(p.rating(), rs.getInt("rating"), url);
                    assertEquals(SITE.catalogue().category(p).name(), rs.getString("category"), url);
                }
            }
            assertEquals(expected, seen.size());
        }
    }
}
