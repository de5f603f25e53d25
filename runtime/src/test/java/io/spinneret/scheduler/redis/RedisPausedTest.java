package io.spinneret.scheduler.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.spinneret.api.Request;
import io.spinneret.scheduler.redis.RedisScheduler.Mode;
import io.spinneret.scheduler.redis.RedisScheduler.Options;
import io.spinneret.spi.Lease;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Redis paused (SIGSTOP) for longer than the visibility timeout: no heartbeat could re-stamp the
 * node's leases meanwhile, yet the node does not take back its own live work when the server
 * resumes (the pops that waited in the paused server judge expiry at the time they were sent).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RedisPausedTest {
    private static final Duration VISIBILITY = Duration.ofSeconds(3); // a heartbeat every second

    @TempDir
    Path dir;

    @Test
    void aPauseLongerThanTheVisibilityTimeoutGivesNoLiveLeaseOfTheNodeBack() throws Exception {
        try (OwnRedisServer redis = OwnRedisServer.start(dir);
                RedisScheduler s = RedisScheduler.open(
                        new Options(
                                "redis://127.0.0.1:" + redis.port() + "/0",
                                "paused",
                                VISIBILITY,
                                Duration.ofSeconds(30)),
                        Mode.NEW)) {
            s.pushAll(List.of(Request.of("http://example.com/held"), Request.of("http://example.com/next")));
            Lease held = s.poll(Duration.ofSeconds(1));
            assertNotNull(held);
            assertEquals("http://example.com/held", held.request().url());
            Thread.sleep(1500); // a heartbeat or two: the node's estimate of the server's clock is set
            redis.signal("STOP");
            CompletableFuture<List<String>> polled = CompletableFuture.supplyAsync(() -> {
                List<String> urls = new ArrayList<>();
                try {
                    for (int i = 0; i < 20; i++) { // the first waits out the pause; the rest run after it
                        Lease l = s.poll(Duration.ZERO);
                        if (l != null) urls.add(l.request().url());
                        Thread.sleep(100);
                    }
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                return urls;
            });
            Thread.sleep(VISIBILITY.toMillis() * 2); // paused for two visibility timeouts
            redis.signal("CONT");
            List<String> urls = polled.get(40, TimeUnit.SECONDS);
            assertEquals(List.of("http://example.com/next"), urls, "the held request was not leased again");
            assertNotEquals(0, s.inFlightCount());
            s.ack(held);
            assertEquals(1, s.inFlightCount(), "only the lease of 'next' is left");
        }
    }
}
