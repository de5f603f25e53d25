package io.spinneret.examples.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.spinneret.cli.Main;
import io.spinneret.examples.replica.BooksSite;
import io.spinneret.examples.replica.ReplicaServer;
import io.spinneret.serve.ServeConfig;
import io.spinneret.serve.ServeService;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code spinneret serve} end to end through its API, on the books replica: each run is a real
 * child JVM running {@code spinneret run} (the books spider is on the class path it inherits).
 */
class ServeApiTest {
    private static final String TOKEN = "s3cret-token-for-the-test";
    private static ReplicaServer replica;

    @TempDir
    Path dir;

    @BeforeAll
    static void startReplica() {
        replica = ReplicaServer.start(BooksSite.standard(), 0);
    }

    @AfterAll
    static void stopReplica() {
        replica.close();
    }

    private ServeService start(Path dataDir, Clock clock, int maxRuns) throws Exception {
        Path spiders = Files.createDirectories(dir.resolve("spiders"));
        return ServeService.start(
                new ServeConfig(spiders, "127.0.0.1", 0, dataDir, TOKEN, null, maxRuns, "-Xmx256m", clock));
    }

    /** The books spider on the replica, paced by {@code delay} seconds a request, one at a time when slow. */
    private static Map<String, Object> books(String delay) {
        return Map.of(
                "spider",
                "books",
                "settings",
                delay.equals("0")
                        ? Map.of("start_urls", replica.url(), "download_delay", "0")
                        : Map.of("start_urls", replica.url(), "download_delay", delay, "concurrency", "1"));
    }

    @Test
    void aRunFinishesWithTheThousandBooksAndARestartKeepsTheHistoryAndResumesTheInterruptedRun() throws Exception {
        Path data = dir.resolve("data");
        long finished, interrupted;
        try (ServeService service = start(data, Clock.systemUTC(), 2)) {
            ServeClient api = new ServeClient(service.url(), TOKEN);
            assertEquals(
                    401,
                    new ServeClient(service.url(), "")
                            .send("GET", "api/runs", null)
                            .status());
            assertEquals(
                    401,
                    new ServeClient(service.url(), "wrong")
                            .send("GET", "api/spiders", null)
                            .status());
            assertEquals(
                    401,
                    new ServeClient(service.url(), "").send("GET", "", null).status());

            JsonNode spiders = api.get("api/spiders");
            JsonNode booksSpider = StreamSupport.stream(spiders.spliterator(), false)
                    .filter(s -> s.path("name").asText().equals("books"))
                    .findFirst()
                    .orElseThrow();
            assertEquals(
                    "max_pages",
                    booksSpider.path("arguments").get(0).path("name").asText());
            assertEquals(
                    "0", booksSpider.path("arguments").get(0).path("default").asText());

            finished = api.call("POST", "api/runs", books("0")).path("id").asLong();
            JsonNode run = api.awaitEnd(finished);
            assertEquals("finished", run.path("state").asText(), run.toString());
            assertEquals(1000, run.path("items").asLong());
            assertEquals(1000, run.path("stats").path("items").asLong());
            assertEquals("finished", run.path("exit_reason").asText());
            String[] items = api.send("GET", "api/runs/" + finished + "/items", null)
                    .body()
                    .split("\n");
            assertEquals(1000, items.length);
            assertEquals(1000, distinctUrls(items));
            String log = api.send("GET", "api/runs/" + finished + "/log", null).body();
            assertTrue(log.contains("1000 items"), log);
            assertFalse(log.contains(TOKEN));

            // a run stopped by the service's own stop: interrupted, its queue kept
            interrupted = api.call("POST", "api/runs", books("0.01")).path("id").asLong();
            api.await("api/runs/" + interrupted, r -> r.path("items").asLong() >= 20);
        }
        try (ServeService service = start(data, Clock.systemUTC(), 2)) {
            ServeClient api = new ServeClient(service.url(), TOKEN);
            JsonNode runs = api.get("api/runs");
            assertEquals(2, runs.size());
            JsonNode before = api.get("api/runs/" + finished);
            assertEquals("finished", before.path("state").asText());
            assertEquals(1000, before.path("items").asLong());
            JsonNode stopped = api.get("api/runs/" + interrupted);
            assertEquals("interrupted", stopped.path("state").asText(), stopped.toString());
            long itemsBefore = stopped.path("items").asLong();
            assertTrue(itemsBefore > 0 && itemsBefore < 1000, stopped.toString());

            assertEquals(
                    409,
                    api.send("POST", "api/runs/" + finished + "/resume", null).status());
            api.call("POST", "api/runs/" + interrupted + "/resume", Map.of());
            // the resumed run goes on from its saved queue, adding to its items
            JsonNode resumed = api.awaitEnd(interrupted);
            assertEquals("finished", resumed.path("state").asText(), resumed.toString());
            assertEquals(1, resumed.path("resumed").asInt());
            String[] items = api.send("GET", "api/runs/" + interrupted + "/items", null)
                    .body()
                    .split("\n");
            assertEquals(1000, distinctUrls(items));
            assertEquals(1000, items.length, "no book twice");
        }
    }

    @Test
    void badRequestsAreRefusedWithTheReason() throws Exception {
        try (ServeService service = start(dir.resolve("data"), Clock.systemUTC(), 1)) {
            ServeClient api = new ServeClient(service.url(), TOKEN);
            ServeClient.Answer noSpider = api.send("POST", "api/runs", Map.of("spider", "bookz"));
            assertEquals(400, noSpider.status());
            assertTrue(noSpider.body().contains("no spider named 'bookz'"), noSpider.body());
            ServeClient.Answer badSetting =
                    api.send("POST", "api/runs", Map.of("spider", "books", "settings", Map.of("concurrensy", "2")));
            assertEquals(400, badSetting.status());
            String hint = "unknown setting 'concurrensy' (in the request's settings); did you mean 'concurrency'?";
            assertTrue(badSetting.body().contains(hint), badSetting.body());
            ServeClient.Answer badArg =
                    api.send("POST", "api/runs", Map.of("spider", "books", "args", Map.of("max_pages", "many")));
            assertEquals(400, badArg.status(), badArg.body());
            ServeClient.Answer reserved =
                    api.send("POST", "api/runs", Map.of("spider", "books", "settings", Map.of("output", "x.csv")));
            assertEquals(400, reserved.status());
            ServeClient.Answer badCron =
                    api.send("POST", "api/schedules", Map.of("spider", "books", "cron", "every minute"));
            assertEquals(400, badCron.status());
            assertTrue(badCron.body().contains("five fields"), badCron.body());
            assertEquals(400, api.send("POST", "api/runs", "not an object").status());
            assertEquals(404, api.send("GET", "api/runs/99", null).status());
            assertEquals(404, api.send("GET", "api/nothing", null).status());
            assertEquals(0, api.get("api/runs").size());
        }
    }

    @Test
    void noPasswordOfASettingIsShownByTheApiOrOnTheCommandLineOfARun() throws Exception {
        MutableClock clock = new MutableClock(Instant.parse("2026-12-04T10:00:30Z"));
        try (ServeService service = start(dir.resolve("data"), clock, 1)) {
            ServeClient api = new ServeClient(service.url(), TOKEN);
            Map<String, Object> body = Map.of(
                    "spider",
                    "books",
                    "cron",
                    "0 3 * * *",
                    "settings",
                    Map.of("proxies", "http://alice:s3cret@127.0.0.1:3128", "start_urls", replica.url()));
            long id = api.call("POST", "api/schedules", body).path("id").asLong();
            String shown = api.send("GET", "api/schedules/" + id, null).body();
            assertTrue(shown.contains("http://alice:***@127.0.0.1:3128"), shown);
            assertFalse(shown.contains("s3cret"), shown);

            // a run's settings reach it through its own arguments file, not its command line (ps shows that)
            Map<String, Object> run = Map.of(
                    "spider",
                    "books",
                    "settings",
                    Map.of(
                            "start_urls", replica.url(),
                            "download_delay", "1",
                            "concurrency", "1",
                            "user_agents", "agent-with-s3cret"));
            long runId = api.call("POST", "api/runs", run).path("id").asLong();
            JsonNode running = api.awaitState(runId, "running");
            api.await("api/runs/" + runId, r -> r.path("items").asLong() > 0); // it crawls with those settings
            Path cmdline = Path.of("/proc", running.path("pid").asText(), "cmdline"); // what ps shows
            if (Files.isDirectory(Path.of("/proc/self"))) { // Linux
                assertTrue(Files.isReadable(cmdline), cmdline + " of " + running);
                String commandLine = Files.readString(cmdline).replace('\0', ' ');
                assertTrue(
                        commandLine.contains(
                                "@" + dir.resolve("data").resolve("runs").toAbsolutePath()),
                        commandLine);
                assertFalse(commandLine.contains("s3cret"), commandLine);
            }
        }
    }

    @Test
    void aScheduleFiresWhenItsTimeComesAndNeverStartsTwiceWhileItsRunGoes() throws Exception {
        MutableClock clock = new MutableClock(Instant.parse("2026-12-04T10:00:30Z"));
        try (ServeService service = start(dir.resolve("data"), clock, 2)) {
            ServeClient api = new ServeClient(service.url(), TOKEN);
            Map<String, Object> body = new HashMap<>(books("1"));
            body.put("cron", "*/5 * * * *");
            long id = api.call("POST", "api/schedules", body).path("id").asLong();
            JsonNode schedule = api.get("api/schedules/" + id);
            assertEquals("2026-12-04T10:05:00Z", schedule.path("next").asText());
            assertTrue(schedule.path("last_run").isNull());

            clock.advance(Duration.ofMinutes(5)); // 10:05:30: due
            schedule = api.await("api/schedules/" + id, s -> !s.path("last_run").isNull());
            assertEquals("2026-12-04T10:10:00Z", schedule.path("next").asText());
            long first = schedule.path("last_run").asLong();
            assertEquals(id, api.get("api/runs/" + first).path("schedule").asLong());
            api.awaitState(first, "running"); // paced at a page a second: it runs for many minutes

            clock.advance(Duration.ofMinutes(5)); // 10:10:30: due again, while the first run goes on
            schedule = api.await("api/schedules/" + id, s -> s.path("skipped").asInt() == 1);
            assertEquals(first, schedule.path("last_run").asLong());
            assertEquals("2026-12-04T10:15:00Z", schedule.path("next").asText());
            assertEquals(1, api.get("api/runs").size());

            assertEquals(202, api.send("DELETE", "api/runs/" + first, null).status());
            JsonNode stopped = api.awaitEnd(first);
            assertEquals("stopped", stopped.path("state").asText(), stopped.toString());

            clock.advance(Duration.ofMinutes(5)); // 10:15:30: its run has ended, so it starts another
            schedule = api.await("api/schedules/" + id, s -> s.path("last_run").asLong() != first);
            long second = schedule.path("last_run").asLong();
            assertNotEquals(first, second);
            assertEquals(202, api.send("DELETE", "api/runs/" + second, null).status());
            api.awaitEnd(second);

            assertEquals(204, api.send("DELETE", "api/schedules/" + id, null).status());
            assertEquals(404, api.send("GET", "api/schedules/" + id, null).status());
            assertEquals(0, api.get("api/schedules").size());
        }
    }

    @Test
    void runsThatCrashOrRunOutOfMemoryFailAloneWhileTheServiceAndTheQueueGoOn() throws Exception {
        try (ServeService service = start(dir.resolve("data"), Clock.systemUTC(), 1)) {
            ServeClient api = new ServeClient(service.url(), TOKEN);
            long crashing = api.call("POST", "api/runs", books("1")).path("id").asLong();
            long waiting = api.call("POST", "api/runs", books("1")).path("id").asLong();
            JsonNode running = api.awaitState(crashing, "running");
            assertTrue(running.path("live").asText().startsWith("http://127.0.0.1:"), running.toString());
            assertEquals(
                    "queued",
                    api.get("api/runs/" + waiting).path("state").asText(),
                    "serve_max_runs=1: the second waits");

            // stopped while queued: it never starts, and resuming it later starts it afresh
            assertEquals(
                    "stopped",
                    api.call("DELETE", "api/runs/" + waiting, null)
                            .path("state")
                            .asText());

            // killed, as a crash or the OOM killer would
            ProcessHandle.of(running.path("pid").asLong()).orElseThrow().destroyForcibly();
            JsonNode crashed = api.awaitEnd(crashing);
            assertEquals("failed", crashed.path("state").asText(), crashed.toString());
            assertEquals("killed by signal 9", crashed.path("exit_reason").asText());

            api.call("POST", "api/runs/" + waiting + "/resume", null);
            JsonNode resumed = api.await(
                    "api/runs/" + waiting,
                    r -> r.path("state").asText().equals("running")
                            && r.path("items").asLong() > 0);
            // SIGTERM from outside the service (a Ctrl-C reaches the runs too): a graceful stop, resumable
            ProcessHandle.of(resumed.path("pid").asLong()).orElseThrow().destroy();
            JsonNode signalled = api.awaitEnd(waiting);
            assertEquals("interrupted", signalled.path("state").asText(), signalled.toString());
            assertEquals(
                    "stopped by signal 15; resume the run to continue it",
                    signalled.path("exit_reason").asText());

            // a spider that exhausts its heap: its JVM ends (ExitOnOutOfMemoryError), the service says why
            Map<String, Object> leak = Map.of("spider", "memory_hog", "settings", Map.of("start_urls", replica.url()));
            long hog = api.call("POST", "api/runs", leak).path("id").asLong();
            JsonNode oom = api.awaitEnd(hog);
            assertEquals("failed", oom.path("state").asText(), oom.toString());
            assertTrue(oom.path("exit_reason").asText().startsWith("out of memory"), oom.toString());
            assertEquals(
                    1,
                    api.get("api/spiders").findValues("name").stream()
                            .filter(n -> n.asText().equals("books"))
                            .count(),
                    "the service still answers");
        }
    }

    @Test
    void listeningBeyondLoopbackWithoutATokenIsRefused() throws Exception {
        Path spiders = Files.createDirectories(dir.resolve("spiders"));
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> new ServeConfig(spiders, "0.0.0.0", 0, dir.resolve("data"), "", null, 1, "", Clock.systemUTC()));
        assertTrue(e.getMessage().contains("without a token"), e.getMessage());

        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        String[] args = {
            "serve",
            "--spiders",
            spiders.toString(),
            "--host",
            "0.0.0.0",
            "--data-dir",
            dir.resolve("data").toString()
        };
        int code = Main.execute(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, code);
        String message = err.toString(StandardCharsets.UTF_8);
        assertTrue(message.startsWith("error: refusing to listen on 0.0.0.0"), message);
        assertFalse(Files.exists(dir.resolve("data")), "nothing is created for a refused start");
    }

    /** The distinct "url" values of JSON lines. */
    private static long distinctUrls(String[] items) {
        return Arrays.stream(items)
                .map(l -> l.replaceAll(".*\"url\":\"([^\"]+)\".*", "$1"))
                .distinct()
                .count();
    }
}
