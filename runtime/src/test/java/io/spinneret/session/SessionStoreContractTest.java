package io.spinneret.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.spinneret.scheduler.redis.RedisScheduler;
import io.spinneret.scheduler.sqlite.SqliteScheduler;
import io.spinneret.spi.Scheduler;
import io.spinneret.spi.SessionStore;
import io.spinneret.spi.SessionStore.StoredSession;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One contract, every {@link SessionStore}: in memory, SQLite (the job directory) and Redis (shared
 * by nodes; skipped without {@code SPINNERET_TEST_REDIS}). The SQLite and Redis stores also keep
 * their sessions when the scheduler is opened again to resume.
 */
class SessionStoreContractTest {
    @TempDir
    Path dir;

    private final List<AutoCloseable> open = new ArrayList<>();
    private static final String CRAWL = "session_store_contract";

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : open.reversed()) c.close();
    }

    private SessionStore store(String kind, boolean resume) {
        return switch (kind) {
            case "memory" -> new MemorySessionStore();
            case "sqlite" ->
                keep(SqliteScheduler.open(dir.resolve("job"), resume)).sessionStore();
            case "redis" -> {
                String url = System.getenv("SPINNERET_TEST_REDIS");
                assumeTrue(url != null && !url.isBlank(), "SPINNERET_TEST_REDIS is not set");
                RedisScheduler.Options options =
                        new RedisScheduler.Options(url, CRAWL, Duration.ofSeconds(30), Duration.ofSeconds(5));
                yield keep(RedisScheduler.open(options, resume ? RedisScheduler.Mode.REOPEN : RedisScheduler.Mode.NEW))
                        .sessionStore();
            }
            default -> throw new IllegalArgumentException(kind);
        };
    }

    private Scheduler keep(Scheduler s) {
        open.add(s);
        return s;
    }

    private static StoredSession fresh(String id, boolean pooled) {
        return StoredSession.fresh(id, pooled, pooled ? "http://127.0.0.1:1" : null, "agent-" + id, 1_000);
    }

    @ParameterizedTest
    @ValueSource(strings = {"memory", "sqlite", "redis"})
    void createKeepsTheFirstSessionOfAnId(String kind) {
        SessionStore store = store(kind, false);
        StoredSession first = store.create(fresh("a", true));
        assertEquals(fresh("a", true), first);
        StoredSession again = store.create(StoredSession.fresh("a", true, null, "other", 2_000));
        assertEquals(first, again, "the stored one is given back, not replaced");
        assertEquals(first, store.get("a").orElseThrow());
        assertTrue(store.get("nobody").isEmpty());
        assertNull(store.create(fresh("named", false)).proxy());
    }

    @ParameterizedTest
    @ValueSource(strings = {"memory", "sqlite", "redis"})
    void livePooledHoldsPooledSessionsUntilRetired(String kind) {
        SessionStore store = store(kind, false);
        store.create(fresh("a", true));
        store.create(fresh("b", true));
        store.create(fresh("mine", false));
        assertEquals(Set.of("a", "b"), ids(store.livePooled()));
        assertTrue(store.retire("a"));
        assertFalse(store.retire("a"), "retired once only");
        assertFalse(store.retire("nobody"));
        assertEquals(Set.of("b"), ids(store.livePooled()));
        assertTrue(store.get("a").orElseThrow().retired());
    }

    @ParameterizedTest
    @ValueSource(strings = {"memory", "sqlite", "redis"})
    void usesAreCountedAndARetiredSessionIsNotUsedAgain(String kind) {
        SessionStore store = store(kind, false);
        store.create(fresh("a", true));
        assertEquals(1, store.use("a"));
        assertEquals(2, store.use("a"));
        assertEquals(2, store.get("a").orElseThrow().uses());
        store.retire("a");
        assertEquals(-1, store.use("a"));
        assertEquals(-1, store.use("nobody"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"memory", "sqlite", "redis"})
    void cookiesAreKeptUntilTheSessionIsRetired(String kind) {
        SessionStore store = store(kind, false);
        store.create(fresh("a", true));
        assertEquals("[]", store.get("a").orElseThrow().cookies());
        String jar = "[{\"name\":\"sid\",\"value\":\"1\",\"domain\":\"127.0.0.1\",\"path\":\"/\"}]";
        store.saveCookies("a", jar);
        assertEquals(jar, store.get("a").orElseThrow().cookies());
        store.retire("a");
        assertEquals("[]", store.get("a").orElseThrow().cookies(), "a retired session's cookies are gone");
        store.saveCookies("a", jar);
        assertEquals("[]", store.get("a").orElseThrow().cookies(), "and none come back");
    }

    @ParameterizedTest
    @ValueSource(strings = {"memory", "sqlite", "redis"})
    void concurrentUsesAreAllCounted(String kind) throws Exception {
        SessionStore store = store(kind, false);
        store.create(fresh("a", true));
        AtomicInteger retiredBy = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            threads.add(Thread.ofVirtual().start(() -> {
                for (int i = 0; i < 25; i++) store.use("a");
                if (store.retire("a")) retiredBy.incrementAndGet();
            }));
        }
        for (Thread t : threads) t.join(Duration.ofSeconds(30));
        assertEquals(1, retiredBy.get(), "exactly one caller retires it");
        long uses = store.get("a").orElseThrow().uses();
        assertTrue(uses >= 25 && uses <= 200, "uses after a retirement are refused: " + uses);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "redis"})
    void aResumedCrawlKeepsItsSessions(String kind) throws Exception {
        SessionStore store = store(kind, false);
        store.create(fresh("a", true));
        store.use("a");
        store.saveCookies("a", "[{\"name\":\"sid\",\"value\":\"7\",\"domain\":\"127.0.0.1\",\"path\":\"/\"}]");
        for (AutoCloseable c : open.reversed()) c.close();
        open.clear();
        StoredSession kept = store(kind, true).get("a").orElseThrow();
        assertEquals(1, kept.uses());
        assertTrue(kept.cookies().contains("\"7\""), kept.cookies());
    }

    private static Set<String> ids(List<StoredSession> sessions) {
        return sessions.stream().map(StoredSession::id).collect(Collectors.toSet());
    }
}
