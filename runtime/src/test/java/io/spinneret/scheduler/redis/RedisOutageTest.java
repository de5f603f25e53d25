package io.spinneret.scheduler.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Request;
import io.spinneret.api.SpinneretException;
import io.spinneret.scheduler.redis.RedisScheduler.Mode;
import io.spinneret.scheduler.redis.RedisScheduler.Options;
import io.spinneret.spi.Lease;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/** The server restarts or stops answering under a scheduler: commands wait and go through, once. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class RedisOutageTest {
    @TempDir
    Path dir;

    private static RedisScheduler open(OwnRedisServer redis, Duration retry) {
        // a read timeout of 2 s (30 s by default): the pause below outlasts it
        return RedisScheduler.open(
                new Options(
                        "redis://127.0.0.1:" + redis.port() + "/0",
                        "outage",
                        Duration.ofSeconds(60),
                        retry,
                        Duration.ofSeconds(2)),
                Mode.JOIN);
    }

    @Test
    void aRestartWithAnAppendOnlyFileLosesNothingAndCommandsWaitForIt() throws Exception {
        try (OwnRedisServer redis = OwnRedisServer.start(dir, "--appendonly", "yes", "--appendfsync", "always");
                RedisScheduler s = open(redis, Duration.ofSeconds(30))) {
            s.pushAll(List.of(Request.of("http://example.com/1"), Request.of("http://example.com/2")));
            Lease held = s.poll(Duration.ofSeconds(1));
            assertNotNull(held);
            redis.kill(false);
            CompletableFuture<Lease> during = CompletableFuture.supplyAsync(() -> {
                try {
                    return s.poll(Duration.ofSeconds(1));
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(2000); // down for 2 s: the poll waits
            redis.start();
            Lease second = during.get(30, TimeUnit.SECONDS);
            assertNotNull(second, "the poll went through once the server was back");
            assertEquals("http://example.com/2", second.request().url());
            assertEquals(2, s.inFlightCount(), "the lease taken before the restart survived it");
            s.ack(held);
            s.ack(second);
            assertEquals(0, s.pendingCount() + s.inFlightCount());
            assertEquals(2, s.seenCount());
        }
    }

    @Test
    void aPopRetriedAfterAReadTimeoutLeavesNoOrphanLease() throws Exception {
        try (OwnRedisServer redis = OwnRedisServer.start(dir);
                RedisScheduler s = open(redis, Duration.ofSeconds(30))) {
            s.pushAll(List.of(Request.of("http://example.com/1"), Request.of("http://example.com/2")));
            redis.signal("STOP"); // the pop is sent, its reply does not come: a read timeout, then retries
            CompletableFuture<Lease> pop = CompletableFuture.supplyAsync(() -> {
                try {
                    return s.poll(Duration.ZERO);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(5000); // past the 2 s read timeout: the pop is sent again, maybe more than once
            redis.signal("CONT"); // the server now runs the first pop, then its retry
            Lease lease = pop.get(30, TimeUnit.SECONDS);
            assertNotNull(lease);
            assertEquals(1, s.inFlightCount(), "one pop, one lease: the retry got the first pop's reply");
            assertEquals(1, s.pendingCount());
        }
    }

    @Test
    void aServerDownLongerThanTheRetryBudgetFailsWithAClearError() throws Exception {
        try (OwnRedisServer redis = OwnRedisServer.start(dir);
                RedisScheduler s = open(redis, Duration.ofSeconds(2))) {
            s.push(Request.of("http://example.com/1"));
            redis.kill(true);
            long t0 = System.nanoTime();
            SpinneretException e =
                    assertThrows(SpinneretException.class, () -> s.push(Request.of("http://example.com/2")));
            assertTrue(System.nanoTime() - t0 >= Duration.ofSeconds(2).toNanos(), "retried for the budget first");
            assertTrue(e.getMessage().contains("redis_retry_timeout"), e.getMessage());
            // the next command fails at once, and still says how long the server has been failing
            SpinneretException next =
                    assertThrows(SpinneretException.class, () -> s.push(Request.of("http://example.com/3")));
            Matcher m = Pattern.compile("failed for ([0-9.]+) (s|ms)").matcher(next.getMessage());
            assertTrue(m.find(), next.getMessage());
            double seconds = Double.parseDouble(m.group(1)) / (m.group(2).equals("ms") ? 1000 : 1);
            assertTrue(seconds >= 2, "the true duration, not that of the last attempt: " + next.getMessage());
        }
    }

    @Test
    void aScriptFlushReloadsTheScriptsWithoutAWarning() throws Exception {
        try (OwnRedisServer redis = OwnRedisServer.start(dir);
                RedisScheduler s = open(redis, Duration.ofSeconds(10));
                Jedis j = new Jedis("127.0.0.1", redis.port())) {
            s.push(Request.of("http://example.com/1"));
            j.scriptFlush();
            String logs = CapturedLogs.during(() -> {
                s.push(Request.of("http://example.com/2"));
                Lease lease = s.poll(Duration.ofSeconds(1));
                assertNotNull(lease);
                s.ack(lease);
            });
            assertFalse(logs.contains("WARN"), logs);
            assertEquals(1, s.pendingCount());
        }
    }
}
