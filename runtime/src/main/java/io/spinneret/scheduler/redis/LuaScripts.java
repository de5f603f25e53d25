package io.spinneret.scheduler.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.exceptions.JedisNoScriptException;

/**
 * The scheduler's Lua scripts (resources next to this class), run by SHA with {@code EVALSHA} and
 * loaded again if the server forgot them (a restart or {@code SCRIPT FLUSH}). Thread-safe.
 */
final class LuaScripts {
    static final String PUSH = "push";
    static final String POP = "pop";
    static final String ACK = "ack";
    static final String REQUEUE = "requeue";
    static final String RESET = "reset";
    private static final List<String> ALL = List.of(PUSH, POP, ACK, REQUEUE, RESET);

    private static final Map<String, String> SOURCES = new ConcurrentHashMap<>();

    private final JedisPool pool;
    private final Map<String, String> shas = new ConcurrentHashMap<>();

    LuaScripts(JedisPool pool) {
        this.pool = pool;
    }

    /** Loads every script into the server. */
    void load() {
        try (Jedis j = pool.getResource()) {
            for (String name : ALL) shas.put(name, j.scriptLoad(source(name)));
        }
    }

    Object run(String name, List<String> keys, List<String> args) {
        try (Jedis j = pool.getResource()) {
            String sha = shas.get(name);
            if (sha != null) {
                try {
                    return j.evalsha(sha, keys, args);
                } catch (JedisNoScriptException e) {
                    // the server restarted or flushed its scripts: load again below
                }
            }
            shas.put(name, j.scriptLoad(source(name)));
            return j.evalsha(shas.get(name), keys, args);
        }
    }

    static String source(String name) {
        return SOURCES.computeIfAbsent(name, n -> {
            try (InputStream in = LuaScripts.class.getResourceAsStream(n + ".lua")) {
                if (in == null) throw new IllegalStateException("missing resource " + n + ".lua");
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }
}
