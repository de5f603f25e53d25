package io.spinneret.scheduler.redis;

import io.spinneret.spi.RenderDecisionStore;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The {@code renderer = auto} decisions of a Redis crawl, in one hash under its keys
 * ({@value #KEY}: pattern to {@code HTTP} or {@code BROWSER}), shared by its nodes and kept for a
 * resumed crawl; a new crawl drops it. Thread-safe.
 */
final class RedisRenderDecisions implements RenderDecisionStore {
    /** The name of the hash, after the crawl's prefix. */
    static final String KEY = "render_decisions";

    private final CommandPipeline redis;
    private final String key;

    /** @param key the full key of the hash */
    RedisRenderDecisions(CommandPipeline redis, String key) {
        this.redis = redis;
        this.key = key;
    }

    @Override
    public void put(String pattern, Decision decision) {
        redis.call(p -> p.hset(key, pattern, decision.name()));
    }

    @Override
    public Optional<Decision> get(String pattern) {
        String raw = redis.call(p -> p.hget(key, pattern));
        return raw == null ? Optional.empty() : Optional.of(Decision.valueOf(raw));
    }

    @Override
    public Map<String, Decision> all() {
        Map<String, Decision> out = new TreeMap<>();
        Map<String, String> raw = redis.call(p -> p.hgetAll(key));
        raw.forEach((pattern, decision) -> out.put(pattern, Decision.valueOf(decision)));
        return out;
    }
}
