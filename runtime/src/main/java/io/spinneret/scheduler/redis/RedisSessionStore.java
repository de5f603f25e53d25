package io.spinneret.scheduler.redis;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spinneret.api.SpinneretException;
import io.spinneret.spi.SessionStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The sessions of a Redis crawl, shared by its nodes, under the crawl's prefix: {@code sessions},
 * a hash of session id to the session as JSON, and {@code sessions:live}, the set of the pooled
 * sessions not retired. Every change to a session is one run of the {@code sessions} script, so
 * two nodes never both retire a session or lose a use. A new crawl ({@code --new-crawl}, or a
 * finished one started again) starts without sessions. Thread-safe.
 */
final class RedisSessionStore implements SessionStore {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final CommandPipeline redis;
    private final List<String> keys;

    /** @param key the crawl's key of a name (its prefix plus the name), as the scheduler's keys */
    RedisSessionStore(CommandPipeline redis, UnaryOperator<String> key) {
        this.redis = redis;
        this.keys = List.of(key.apply("sessions"), key.apply("sessions:live"));
    }

    /** The keys the store keeps, for a reset to drop. */
    List<String> keys() {
        return keys;
    }

    @Override
    public StoredSession create(StoredSession fresh) {
        Object reply = run("create", fresh.id(), encode(fresh), fresh.pooled() ? "1" : "0");
        return decode((String) reply);
    }

    @Override
    public Optional<StoredSession> get(String id) {
        String raw = redis.call(p -> p.hget(keys.get(0), id));
        return raw == null ? Optional.empty() : Optional.of(decode(raw));
    }

    @Override
    public List<StoredSession> livePooled() {
        List<String> ids = new ArrayList<>(redis.call(p -> p.smembers(keys.get(1))));
        if (ids.isEmpty()) return List.of();
        List<String> raw = redis.call(p -> p.hmget(keys.get(0), ids.toArray(String[]::new)));
        List<StoredSession> live = new ArrayList<>();
        for (String r : raw) {
            if (r == null) continue;
            StoredSession s = decode(r);
            if (!s.retired()) live.add(s);
        }
        return live;
    }

    @Override
    public long use(String id) {
        return (Long) run("use", id);
    }

    @Override
    public boolean retire(String id) {
        return (Long) run("retire", id) == 1;
    }

    @Override
    public void saveCookies(String id, String cookies) {
        run("cookies", id, cookies);
    }

    private Object run(String op, String id, String... args) {
        List<String> argv = new ArrayList<>(List.of(op, id));
        argv.addAll(List.of(args));
        return redis.eval(LuaScripts.SESSIONS.plain(), keys, argv);
    }

    private static String encode(StoredSession s) {
        try {
            return JSON.writeValueAsString(s);
        } catch (JsonProcessingException e) {
            throw new SpinneretException("session " + s.id() + " cannot be written as JSON: " + e.getMessage(), e);
        }
    }

    private static StoredSession decode(String raw) {
        try {
            Map<?, ?> m = JSON.readValue(raw, Map.class);
            return new StoredSession(
                    (String) m.get("id"),
                    Boolean.TRUE.equals(m.get("pooled")),
                    (String) m.get("proxy"),
                    (String) m.get("userAgent"),
                    ((Number) m.get("createdAtMillis")).longValue(),
                    ((Number) m.get("uses")).longValue(),
                    Boolean.TRUE.equals(m.get("retired")),
                    (String) m.get("cookies"));
        } catch (JsonProcessingException | ClassCastException | NullPointerException e) {
            throw new SpinneretException("a session stored in Redis is not readable: " + raw, e);
        }
    }
}
