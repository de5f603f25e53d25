package io.spinneret.scheduler.redis;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.spi.SharedThrottle;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import redis.clients.jedis.UnifiedJedis;

/** The in-flight places of {@link RedisThrottle}: kept by a live node, freed by a dead one's lease. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RedisThrottleTest {
    private static final long LEASE_MILLIS = 900;
    private final String spider = "throttle-" + UUID.randomUUID().toString().substring(0, 8);
    private final UnifiedJedis client =
            RedisEndpoint.parse(RedisTestServer.url()).connect(Duration.ofSeconds(10), 4);
    private final CommandPipeline redis =
            new CommandPipeline(client, "test", "spinneret:{" + spider + "}:pending", Duration.ofSeconds(5));

    private RedisThrottle node() {
        return new RedisThrottle(redis, host -> "spinneret:{" + spider + "}:", LEASE_MILLIS);
    }

    @AfterEach
    void cleanUp() {
        redis.close();
        client.close();
        RedisTestServer.deleteNamespace(spider);
    }

    @Test
    void aLiveNodeKeepsItsPlaceHoweverLongItsRequestTakesAndFreesItWhenDone() throws Exception {
        RedisThrottle a = node();
        RedisThrottle b = node();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            SharedThrottle.Pass held = a.acquire("example.com", Duration.ZERO, 1);
            Future<SharedThrottle.Pass> waiting = pool.submit(() -> b.acquire("example.com", Duration.ZERO, 1));
            // three leases long: the heartbeat renews a's place
            assertTimesOut(waiting, 3 * LEASE_MILLIS);
            held.close();
            SharedThrottle.Pass got = waiting.get(10, TimeUnit.SECONDS);
            got.close();
        } finally {
            a.close();
            b.close();
        }
    }

    @Test
    void aDeadNodesPlaceComesFreeWhenItsLeaseRunsOut() throws Exception {
        RedisThrottle dead = node();
        RedisThrottle live = node();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            dead.acquire("example.com", Duration.ZERO, 1); // never closed
            dead.close(); // its heartbeat stops, as when the process is killed
            long t0 = System.nanoTime();
            Future<SharedThrottle.Pass> waiting = pool.submit(() -> live.acquire("example.com", Duration.ZERO, 1));
            waiting.get(20, TimeUnit.SECONDS).close();
            long waitedMs = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(waitedMs >= LEASE_MILLIS / 2, "the place was still held for a while: " + waitedMs + " ms");
        } finally {
            live.close();
        }
    }

    private static void assertTimesOut(Future<?> f, long millis) throws Exception {
        try {
            f.get(millis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException expected) {
            return;
        }
        throw new AssertionError("the second node got a place the first still holds");
    }
}
