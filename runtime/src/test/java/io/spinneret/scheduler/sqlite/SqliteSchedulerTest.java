package io.spinneret.scheduler.sqlite;

import static io.spinneret.testing.SameElements.assertSameElements;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Request;
import io.spinneret.api.RequestCodec;
import io.spinneret.api.SpinneretException;
import io.spinneret.spi.Lease;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** What only the SQLite scheduler promises: job files, refusal, locking and kill -9 safety. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SqliteSchedulerTest {
    @TempDir
    Path dir;

    @Test
    void keepsTheJobInOneFileUnderTheJobDirectory() {
        Path job = dir.resolve("books");
        try (SqliteScheduler s = SqliteScheduler.open(job, false)) {
            s.push(Request.of("http://example.com/"));
            assertEquals(job, s.directory());
        }
        assertTrue(Files.exists(job.resolve("frontier.db")));
        assertFalse(Files.exists(job.resolve("frontier.db-wal")), "closing checkpoints the write-ahead log");
    }

    @Test
    void aJobDirectoryThatCannotBeMadeIsNamedWithWhatWentWrong() throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        SpinneretException e =
                assertThrows(SpinneretException.class, () -> SqliteScheduler.open(file.resolve("jobs/books"), false));
        assertTrue(
                e.getMessage().startsWith("cannot open the frontier in " + file.resolve("jobs/books") + ": "),
                e.getMessage());
        assertTrue(
                e.getMessage().endsWith(" (" + file.resolve("jobs") + ")")
                        || e.getMessage().endsWith(" (" + file + ")"),
                e.getMessage());
    }

    @Test
    void startingAfreshRefusesAJobWithUnfinishedWork() throws Exception {
        Path job = dir.resolve("books");
        try (SqliteScheduler s = SqliteScheduler.open(job, false)) {
            s.pushAll(List.of(Request.of("http://example.com/1"), Request.of("http://example.com/2")));
            assertNotNull(s.poll(Duration.ofSeconds(1)));
        }
        assertEquals(
                "1 pending, 1 in flight, 2 seen",
                SqliteScheduler.unfinishedJob(job).orElseThrow());
        SpinneretException e = assertThrows(SpinneretException.class, () -> SqliteScheduler.open(job, false));
        assertTrue(e.getMessage().contains("unfinished crawl (1 pending, 1 in flight, 2 seen)"), e.getMessage());
        assertTrue(e.getMessage().contains("--resume"), e.getMessage());
        try (SqliteScheduler s = SqliteScheduler.open(job, true)) {
            assertEquals(2, s.pendingCount(), "the refusal changed nothing");
        }
    }

    @Test
    void aJobAnotherSchedulerHasOpenIsDescribedAsInUse() throws Exception {
        Path job = dir.resolve("books");
        try (SqliteScheduler s = SqliteScheduler.open(job, false)) {
            s.pushAll(List.of(Request.of("http://example.com/1"), Request.of("http://example.com/2")));
            assertNotNull(s.poll(Duration.ofSeconds(1)));
            // answered from the lock file: the crawl holds the frontier file exclusively
            assertEquals(
                    SqliteScheduler.IN_USE, SqliteScheduler.unfinishedJob(job).orElseThrow());
        }
        assertEquals(
                "1 pending, 1 in flight, 2 seen",
                SqliteScheduler.unfinishedJob(job).orElseThrow());
    }

    @Test
    void aFinishedJobIsNotReportedAsUnfinished() throws Exception {
        Path job = dir.resolve("books");
        assertTrue(SqliteScheduler.unfinishedJob(job).isEmpty());
        try (SqliteScheduler s = SqliteScheduler.open(job, false)) {
            s.push(Request.of("http://example.com/1"));
            s.ack(s.poll(Duration.ofSeconds(1)));
        }
        assertTrue(SqliteScheduler.unfinishedJob(job).isEmpty());
    }

    @Test
    void aSecondSchedulerCannotOpenAJobInUse() {
        Path job = dir.resolve("books");
        try (SqliteScheduler s = SqliteScheduler.open(job, false)) {
            SpinneretException e = assertThrows(SpinneretException.class, () -> SqliteScheduler.open(job, true));
            assertTrue(e.getMessage().contains("in use"), e.getMessage());
            assertTrue(s.push(Request.of("http://example.com/")), "the first one still works");
        }
        try (SqliteScheduler again = SqliteScheduler.open(job, true)) {
            assertEquals(1, again.pendingCount(), "closing released the lock");
        }
    }

    @Test
    void callsAfterCloseFail() {
        SqliteScheduler s = SqliteScheduler.open(dir.resolve("books"), false);
        s.close();
        s.close(); // idempotent
        assertThrows(IllegalStateException.class, () -> s.push(Request.of("http://example.com/")));
    }

    @Test
    void aJobWrittenBeforeHostQueuesIsResumedWithHostsTakingTurns() throws Exception {
        Path job = dir.resolve("old");
        Files.createDirectories(job);
        // the file as it was before requests were grouped by host
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + job.resolve("frontier.db"));
                Statement st = c.createStatement()) {
            st.executeUpdate("CREATE TABLE request (seq INTEGER PRIMARY KEY, priority INTEGER NOT NULL,"
                    + " state INTEGER NOT NULL, body BLOB NOT NULL)");
            st.executeUpdate("CREATE INDEX request_pending ON request (priority DESC, seq) WHERE state = 0");
            st.executeUpdate("CREATE TABLE seen (fp BLOB PRIMARY KEY) WITHOUT ROWID");
            try (PreparedStatement insert =
                    c.prepareStatement("INSERT INTO request (priority, state, body) VALUES (0, ?, ?)")) {
                for (String url : List.of(
                        "http://a.example/1", "http://a.example/2", "http://a.example/3", "http://b.example/1")) {
                    insert.setInt(1, url.endsWith("a.example/1") ? 1 : 0); // one was in flight
                    insert.setBytes(2, RequestCodec.toJsonBytes(Request.of(url)));
                    insert.executeUpdate();
                }
            }
        }
        List<String> order = new ArrayList<>();
        try (SqliteScheduler s = SqliteScheduler.open(job, true)) {
            assertEquals(4, s.pendingCount());
            Lease lease;
            while ((lease = s.poll(Duration.ZERO)) != null)
                order.add(lease.request().url());
        }
        assertEquals(
                List.of("http://a.example/1", "http://b.example/1", "http://a.example/2", "http://a.example/3"), order);
    }

    /**
     * The child is killed after it has printed 300 acks, then the pipe is read to its end: on a busy
     * machine the child runs on for a while before the kill lands, and what it printed meanwhile is
     * part of what it did. (Killing through {@code Process.destroyForcibly()} closes the pipe, which
     * threw those lines away and made acked requests look lost.)
     */
    @Test
    void aKilledProcessLosesNothingAndRepeatsOnlyTheRequestInFlight() throws Exception {
        Path job = dir.resolve("crash");
        int n = 5_000;
        Process child = new ProcessBuilder(
                        javaBinary(),
                        "-cp",
                        testClassPath(),
                        SqliteCrashChild.class.getName(),
                        job.toString(),
                        Integer.toString(n))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        Set<String> acked = new HashSet<>();
        String lastTaken = null;
        boolean killed = false;
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (line.startsWith("took ")) lastTaken = line.substring(5);
                if (line.startsWith("acked ")) acked.add(line.substring(6));
                // SIGKILL (no shutdown hook, no close()) through the handle, which leaves the pipe open
                if (acked.size() == 300 && !killed) killed = child.toHandle().destroyForcibly();
            }
        } finally {
            child.destroyForcibly();
            child.waitFor(10, TimeUnit.SECONDS);
        }
        assertTrue(acked.size() >= 300 && acked.size() < n, "killed mid-crawl, after " + acked.size() + " acks");

        List<String> back = new ArrayList<>();
        try (SqliteScheduler s = SqliteScheduler.open(job, true)) {
            assertEquals(n, s.seenCount(), "the dedup table survived");
            Lease lease;
            while ((lease = s.poll(Duration.ZERO)) != null)
                back.add(lease.request().url());
        }
        Set<String> expected = new HashSet<>();
        for (int i = 0; i < n; i++) expected.add("http://example.com/crash/" + i);
        expected.removeAll(acked);
        Set<String> got = new HashSet<>(back);
        assertEquals(back.size(), got.size(), "nothing comes back twice");
        // the kill may land after an ack was committed but before it was printed
        if (!acked.contains(lastTaken)) {
            expected.remove(lastTaken);
            got.remove(lastTaken);
        }
        assertSameElements(expected, got, "everything not acked comes back, nothing acked does");
        assertTrue(back.size() >= n - acked.size() - 1, "got back " + back.size());
    }

    /**
     * sqlite-jdbc copied its native library into the temporary folder in every JVM and deleted the
     * copy at exit only: each process killed mid-crawl left 1.1 MB there for good. The library is
     * kept in the user's cache now, so a killed crawl leaves nothing in the temporary folder, and two
     * runs share one copy.
     */
    @Test
    void killedProcessesLeaveNoCopyOfSqlitesLibraryInTheTemporaryFolder() throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Path cache = dir.resolve("cache");
        for (int run = 0; run < 2; run++) {
            ProcessBuilder b = new ProcessBuilder(
                            javaBinary(),
                            "-Djava.io.tmpdir=" + tmp,
                            "-cp",
                            testClassPath(),
                            SqliteCrashChild.class.getName(),
                            dir.resolve("job" + run).toString(),
                            "100")
                    .redirectError(ProcessBuilder.Redirect.DISCARD);
            b.environment().put("XDG_CACHE_HOME", cache.toString());
            Process child = b.start();
            boolean killed = false;
            try (BufferedReader out =
                    new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = out.readLine()) != null) {
                    if (line.startsWith("acked ") && !killed)
                        killed = child.toHandle().destroyForcibly();
                }
            } finally {
                child.destroyForcibly();
                child.waitFor(10, TimeUnit.SECONDS);
            }
            assertTrue(killed, "the child got to crawl before it was killed");
        }
        try (var left = Files.list(tmp)) {
            assertEquals(List.of(), left.map(p -> p.getFileName().toString()).toList(), "left in the temporary folder");
        }
        try (var kept = Files.walk(cache)) {
            List<Path> libraries = kept.filter(p -> p.getFileName().toString().contains("sqlitejdbc"))
                    .toList();
            assertEquals(1, libraries.size(), "one copy in the cache for both runs: " + libraries);
        }
    }

    static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    static String testClassPath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }
}
