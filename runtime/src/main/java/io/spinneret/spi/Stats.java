package io.spinneret.spi;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Crawl counters, thread-safe and cheap to bump from many virtual threads. Well-known keys are
 * constants here; middlewares add their own (e.g. {@code dropped/robots}, {@code retry/count}).
 */
public final class Stats {
    public static final String REQUESTS = "requests";
    public static final String RESPONSES = "responses";
    public static final String FAILURES = "failures";
    public static final String ITEMS = "items";
    public static final String DUPLICATES = "duplicates";
    /** Prefix of requests dropped on purpose, e.g. {@code dropped/robots}. */
    public static final String DROPPED = "dropped/";
    /** Prefix of responses not handed to a callback for their status, e.g. {@code http_status/404}. */
    public static final String HTTP_STATUS = "http_status/";
    /** Failed requests handed to their spider's {@code @Errback} method. */
    public static final String ERRBACKS = "errbacks";
    /** Sessions created (pooled or named); the pool's state is this less {@link #SESSIONS_RETIRED}. */
    public static final String SESSIONS_CREATED = "session/created";
    /** Sessions retired; {@code session/retired/<why>} by reason. */
    public static final String SESSIONS_RETIRED = "session/retired";
    /** Responses judged blocked, in pooled or named sessions. */
    public static final String SESSIONS_BLOCKED = "session/blocked";

    private final ConcurrentHashMap<String, LongAdder> counters = new ConcurrentHashMap<>();

    /** The live counter of {@code key}, created at zero; cache it on hot paths. */
    public LongAdder counter(String key) {
        LongAdder a = counters.get(key);
        return a != null ? a : counters.computeIfAbsent(key, k -> new LongAdder());
    }

    public void increment(String key) {
        add(key, 1);
    }

    public void add(String key, long n) {
        counter(key).add(n);
    }

    public long get(String key) {
        LongAdder a = counters.get(key);
        return a == null ? 0 : a.sum();
    }

    /** All counters, sorted by key. */
    public Map<String, Long> snapshot() {
        TreeMap<String, Long> m = new TreeMap<>();
        counters.forEach((k, v) -> m.put(k, v.sum()));
        return m;
    }
}
