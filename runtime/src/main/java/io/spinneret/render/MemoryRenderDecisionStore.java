package io.spinneret.render;

import io.spinneret.spi.RenderDecisionStore;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/** The render decisions of a crawl whose frontier is in memory: they live as long as the process. Thread-safe. */
public final class MemoryRenderDecisionStore implements RenderDecisionStore {
    private final Map<String, Decision> decisions = new ConcurrentHashMap<>();

    @Override
    public void put(String pattern, Decision decision) {
        decisions.put(pattern, decision);
    }

    @Override
    public Optional<Decision> get(String pattern) {
        return Optional.ofNullable(decisions.get(pattern));
    }

    @Override
    public Map<String, Decision> all() {
        return new TreeMap<>(decisions);
    }
}
