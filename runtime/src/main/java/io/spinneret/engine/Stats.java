package io.spinneret.engine;

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

    private final ConcurrentHashMap<String, LongAdder> counters = new ConcurrentHashMap<>();

    public void increment(String key) {
        add(key, 1);
    }

    public void add(String key, long n) {
        counters.computeIfAbsent(key, k -> new LongAdder()).add(n);
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
