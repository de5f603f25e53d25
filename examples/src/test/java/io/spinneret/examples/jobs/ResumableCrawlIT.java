package io.spinneret.examples.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Request;
import io.spinneret.examples.replica.BooksSite;
import io.spinneret.scheduler.sqlite.SqliteScheduler;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run books --resume} in child JVMs against the books replica, interrupted with SIGINT or
 * killed with SIGKILL at several points, then resumed until done: the outputs together hold all
 * 1000 books, the seen table survives, and only requests in flight at a kill are downloaded again
 * (the replica counts every download).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class ResumableCrawlIT {
    private static final BooksSite SITE = BooksSite.standard();
    private static final int CONCURRENCY = 4;
    private static final int BATCH = 10;
    /** At a kill, up to CONCURRENCY requests are being fetched and up to a batch or two wait for storage. */
    private static final int IN_FLIGHT_BOUND = CONCURRENCY + 2 * BATCH;

    @TempDir
    Path dir;

    private Path job() {
        return dir.resolve("jobs").resolve("books");
    }

    private String[] runArgs(CountingReplica site, Path output, String... more) {
        List<String> a = new ArrayList<>(List.of(
                "books",
                "-c",
                Integer.toString(CONCURRENCY),
                "-o",
                output.toString(),
                "-s",
                "start_urls=" + site.url(),
                "-s",
                "download_delay=0",
                "-s",
                "respect_robots=false",
                "-s",
                "batch_size=" + BATCH,
                "-s",
                "progress_interval=0",
                "-s",
                "job_dir=" + dir.resolve("jobs")));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    @Test
    void killedTwiceWithSigkillThenResumedLosesNothingAndRepeatsOnlyWorkInFlight() throws Exception {
        List<Path> outputs = new ArrayList<>();
        List<Map<String, Long>> downloadsAfter = new ArrayList<>();
        try (CountingReplica site = new CountingReplica(SITE, 5)) {
            long[] killAt = {150, 600};
            for (int run = 0; run < 3; run++) {
                Path out = dir.resolve("books-" + run + ".jsonl");
                outputs.add(out);
                CrawlProcess p = CrawlProcess.start(dir, "run" + run, runArgs(site, out, "--resume"));
                if (run < killAt.length) {
                    long at = killAt[run];
                    site.holdAfter(at); // the crawl waits there for the kill, however late it lands
                    try {
                        p.awaitWhileRunning(() -> site.total() >= at, 90);
                    } finally {
                        p.kill();
                        p.waitFor(30);
                        site.release();
                    }
                    String left = SqliteScheduler.unfinishedJob(job()).orElseThrow();
                    assertTrue(
                            left.matches("\\d+ pending, \\d+ in flight, \\d+ seen"),
                            "the job survived the kill: " + left);
                } else {
                    assertEquals(0, p.waitFor(120), p.toString());
                    assertTrue(p.stderr().contains("resuming job"), p.toString());
                }
                downloadsAfter.add(site.downloads());
            }
            Map<String, Long> total = site.downloads();
            assertEquals(1050, total.size(), "every page was downloaded");
            assertEquals(1L, total.get(""), "the start page is not downloaded again: the seen table survived");
            for (int run = 1; run < 3; run++) {
                Map<String, Long> thisRun = CrawlOutputs.delta(downloadsAfter.get(run - 1), downloadsAfter.get(run));
                Map<String, Long> before = downloadsAfter.get(run - 1);
                long repeated =
                        thisRun.keySet().stream().filter(before::containsKey).count();
                System.out.printf(
                        "SIGKILL: run %d downloaded %d pages, %d of them again (in flight at the kill)%n",
                        run, thisRun.size(), repeated);
                assertTrue(repeated <= IN_FLIGHT_BOUND, "run " + run + " repeated " + repeated + " downloads");
                assertTrue(thisRun.values().stream().allMatch(n -> n == 1), "nothing twice within one run");
            }
        }
        Map<String, Integer> upcs = CrawlOutputs.upcCounts(outputs);
        assertEquals(1000, upcs.size(), "the outputs together hold every book");
        try (SqliteScheduler job = SqliteScheduler.open(job(), true)) {
            assertEquals(1050, job.seenCount());
            assertEquals(0, job.pendingCount() + job.inFlightCount());
        }
    }

    @Test
    void interruptedTwiceWithSigintThenResumedDownloadsEveryPageExactlyOnce() throws Exception {
        List<Path> outputs = new ArrayList<>();
        try (CountingReplica site = new CountingReplica(SITE, 5)) {
            long[] stopAt = {150, 600};
            for (int run = 0; run < 3; run++) {
                Path out = dir.resolve("books-" + run + ".jsonl");
                outputs.add(out);
                CrawlProcess p = CrawlProcess.start(dir, "run" + run, runArgs(site, out, "--resume"));
                if (run < stopAt.length) {
                    long at = stopAt[run];
                    site.holdAfter(at); // the crawl cannot finish before the signal lands
                    try {
                        p.awaitWhileRunning(() -> site.total() >= at, 90);
                        p.interrupt();
                        p.awaitWhileRunning(() -> p.stderr().contains("stopping"), 60);
                    } finally {
                        site.release(); // what is on the wire finishes: the graceful stop waits for it
                    }
                    assertEquals(130, p.waitFor(60), p.toString());
                    long[] summary = p.summary();
                    assertTrue(
                            summary != null && summary[0] == summary[1],
                            "a graceful stop finishes what it started: " + p);
                    assertTrue(summary[0] < 1050, "stopped mid-crawl: " + p);
                } else {
                    assertEquals(0, p.waitFor(120), p.toString());
                }
            }
            Map<String, Long> total = site.downloads();
            assertEquals(1050, total.size(), "every page was downloaded");
            assertTrue(total.values().stream().allMatch(n -> n == 1), "no page twice: " + total);
        }
        Map<String, Integer> upcs = CrawlOutputs.upcCounts(outputs);
        assertEquals(1000, upcs.size(), "the outputs together hold every book");
        assertTrue(upcs.values().stream().allMatch(n -> n == 1), "and each once");
        try (SqliteScheduler job = SqliteScheduler.open(job(), true)) {
            assertEquals(1050, job.seenCount());
            assertEquals(0, job.pendingCount() + job.inFlightCount());
        }
    }

    @Test
    void aRunWithoutResumeLeavesAnUnfinishedJobAloneAndSaysHowToContinueIt() throws Exception {
        try (SqliteScheduler job = SqliteScheduler.open(job(), false)) {
            job.push(Request.of("http://127.0.0.1:9/left-over"));
        }
        String before = SqliteScheduler.unfinishedJob(job()).orElseThrow();
        try (CountingReplica site = new CountingReplica(SITE, 0)) {
            CrawlProcess fresh = CrawlProcess.start(dir, "fresh", runArgs(site, dir.resolve("fresh.jsonl"), "-n", "5"));
            assertEquals(0, fresh.waitFor(60), fresh.toString());
            assertTrue(fresh.stderr().contains("holds an unfinished crawl (" + before + ")"), fresh.toString());
            assertTrue(fresh.stderr().contains("--resume"), fresh.toString());
            assertEquals(before, SqliteScheduler.unfinishedJob(job()).orElseThrow(), "the job was left as it was");

            CrawlProcess sqlite = CrawlProcess.start(
                    dir, "sqlite", runArgs(site, dir.resolve("sqlite.jsonl"), "-s", "scheduler=sqlite"));
            assertNotEquals(0, sqlite.waitFor(60), sqlite.toString());
            assertTrue(
                    sqlite.stderr().contains("holds an unfinished crawl")
                            && sqlite.stderr().contains("--resume"),
                    sqlite.toString());
            assertEquals(before, SqliteScheduler.unfinishedJob(job()).orElseThrow());
        }
    }
}
