package io.spinneret.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.spinneret.scheduler.redis.RedisScheduler;
import io.spinneret.scheduler.sqlite.SqliteScheduler;
import io.spinneret.spi.RenderDecisionStore;
import io.spinneret.spi.RenderDecisionStore.Decision;
import io.spinneret.spi.Scheduler;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One contract, every {@link RenderDecisionStore}: in memory, SQLite (the job's frontier file) and
 * Redis (shared by nodes; skipped without {@code SPINNERET_TEST_REDIS}). The SQLite and Redis
 * stores keep their decisions for a resumed crawl and drop them for a new one; Redis shares them
 * between the nodes of a crawl.
 */
class RenderDecisionStoreContractTest {
    private static final String CRAWL = "render_decision_contract";
    private static final String LISTING = "127.0.0.1:8089/catalogue/*.html (parse)";
    private static final String SCRIPTED = "127.0.0.1:8089/js/*/*/ (parse)";

    @TempDir
    Path dir;

    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : open.reversed()) c.close();
    }

    private RenderDecisionStore store(String kind, RedisScheduler.Mode mode) {
        return switch (kind) {
            case "memory" -> new MemoryRenderDecisionStore();
            case "sqlite" ->
                keep(SqliteScheduler.open(dir.resolve("job"), mode != RedisScheduler.Mode.NEW))
                        .renderDecisionStore();
            case "redis" -> {
                String url = System.getenv("SPINNERET_TEST_REDIS");
                assumeTrue(url != null && !url.isBlank(), "SPINNERET_TEST_REDIS is not set");
                RedisScheduler.Options options =
                        new RedisScheduler.Options(url, CRAWL, Duration.ofSeconds(30), Duration.ofSeconds(5));
                yield keep(RedisScheduler.open(options, mode)).renderDecisionStore();
            }
            default -> throw new IllegalArgumentException(kind);
        };
    }

    private Scheduler keep(Scheduler s) {
        open.add(s);
        return s;
    }

    private void closeAll() throws Exception {
        for (AutoCloseable c : open.reversed()) c.close();
        open.clear();
    }

    @ParameterizedTest
    @ValueSource(strings = {"memory", "sqlite", "redis"})
    void aDecisionIsKeptPerPatternAndALaterOneReplacesIt(String kind) {
        RenderDecisionStore store = store(kind, RedisScheduler.Mode.NEW);
        assertTrue(store.get(LISTING).isEmpty());
        assertEquals(Map.of(), store.all());
        store.put(LISTING, Decision.HTTP);
        store.put(SCRIPTED, Decision.HTTP);
        store.put(SCRIPTED, Decision.BROWSER);
        assertEquals(Decision.HTTP, store.get(LISTING).orElseThrow());
        assertEquals(Decision.BROWSER, store.get(SCRIPTED).orElseThrow());
        assertEquals(Map.of(LISTING, Decision.HTTP, SCRIPTED, Decision.BROWSER), store.all());
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "redis"})
    void aResumedCrawlKeepsItsDecisionsAndANewOneDropsThem(String kind) throws Exception {
        store(kind, RedisScheduler.Mode.NEW).put(SCRIPTED, Decision.BROWSER);
        closeAll();
        assertEquals(
                Map.of(SCRIPTED, Decision.BROWSER),
                store(kind, RedisScheduler.Mode.REOPEN).all());
        closeAll();
        assertEquals(Map.of(), store(kind, RedisScheduler.Mode.NEW).all(), "a new crawl decides afresh");
    }

    @Test
    void theNodesOfARedisCrawlShareTheirDecisions() {
        RenderDecisionStore first = store("redis", RedisScheduler.Mode.NEW);
        RenderDecisionStore second = store("redis", RedisScheduler.Mode.JOIN);
        first.put(SCRIPTED, Decision.BROWSER);
        assertEquals(Decision.BROWSER, second.get(SCRIPTED).orElseThrow());
        second.put(LISTING, Decision.HTTP);
        assertEquals(Map.of(LISTING, Decision.HTTP, SCRIPTED, Decision.BROWSER), first.all());
    }
}
