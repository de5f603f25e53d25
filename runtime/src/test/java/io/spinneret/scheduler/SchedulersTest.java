package io.spinneret.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.annotations.Setting;
import io.spinneret.api.Request;
import io.spinneret.api.SpinneretException;
import io.spinneret.scheduler.sqlite.SqliteScheduler;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Scheduler;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The seam that turns the {@code scheduler} setting into a scheduler. */
class SchedulersTest {
    @TempDir
    Path dir;

    private Settings settings(String scheduler) {
        return Settings.defaults()
                .with(Setting.SCHEDULER, scheduler, "test")
                .with(Setting.JOB_DIR, dir.resolve("jobs").toString(), "test");
    }

    @Test
    void warmingUpLoadsTheDriverOnAThreadOfItsOwnAndNothingForMemory() throws Exception {
        java.util.List<Thread> before = warmUpThreads(); // another test's, if any
        Schedulers.warmUp("memory");
        Schedulers.warmUp("no-such-scheduler");
        assertTrue(before.containsAll(warmUpThreads()), "nothing to warm up: no thread");
        Schedulers.warmUp("sqlite");
        Schedulers.warmUp("redis"); // builds a client that never connects: no server is needed
        for (Thread t : warmUpThreads()) t.join(30_000);
        assertTrue(warmUpThreads().isEmpty(), "the warm-up threads end");
        assertTrue(org.sqlite.SQLiteJDBCLoader.isNativeMode(), "SQLite's native library is loaded");
    }

    private static java.util.List<Thread> warmUpThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("spinneret-warm-up") && t.isAlive())
                .toList();
    }

    @Test
    void sqliteKeepsTheJobUnderJobDirAndTheSpidersName() {
        try (Scheduler s = Schedulers.open(settings("sqlite"), "books", false)) {
            assertTrue(s.isPersistent());
            assertFalse(s.isShared());
            s.push(Request.of("http://example.com/"));
        }
        assertEquals(dir.resolve("jobs").resolve("books"), Schedulers.jobDirectory(settings("sqlite"), "books"));
        assertTrue(Files.exists(dir.resolve("jobs/books/frontier.db")));
    }

    @Test
    void memoryStartsAfreshAndLeavesAnUnfinishedJobAsItIs() {
        try (Scheduler s = Schedulers.open(settings("sqlite"), "books", false)) {
            s.push(Request.of("http://example.com/"));
        }
        try (Scheduler s = Schedulers.open(settings("memory"), "books", false)) {
            assertFalse(s.isPersistent());
            assertEquals(0, s.pendingCount());
        }
        assertEquals(
                "1 pending, 0 in flight, 1 seen",
                SqliteScheduler.unfinishedJob(dir.resolve("jobs/books")).orElseThrow());
    }

    @Test
    void redisWithoutAUrlSaysWhichSettingIsMissing() {
        SpinneretException e =
                assertThrows(SpinneretException.class, () -> Schedulers.open(settings("redis"), "books", false));
        assertTrue(e.getMessage().contains("redis_url"), e.getMessage());
    }
}
