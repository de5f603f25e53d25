package io.spinneret.session;

import io.spinneret.spi.SessionStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The sessions of a crawl whose frontier is in memory: they live as long as the process. Thread-safe. */
public final class MemorySessionStore implements SessionStore {
    private final Map<String, StoredSession> byId = new HashMap<>();

    @Override
    public synchronized StoredSession create(StoredSession fresh) {
        return byId.computeIfAbsent(fresh.id(), id -> fresh);
    }

    @Override
    public synchronized Optional<StoredSession> get(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    @Override
    public synchronized List<StoredSession> livePooled() {
        List<StoredSession> live = new ArrayList<>();
        for (StoredSession s : byId.values()) if (s.pooled() && !s.retired()) live.add(s);
        return live;
    }

    @Override
    public synchronized long use(String id) {
        StoredSession s = byId.get(id);
        if (s == null || s.retired()) return -1;
        byId.put(
                id,
                new StoredSession(
                        id,
                        s.pooled(),
                        s.proxy(),
                        s.userAgent(),
                        s.createdAtMillis(),
                        s.uses() + 1,
                        false,
                        s.cookies()));
        return s.uses() + 1;
    }

    @Override
    public synchronized boolean retire(String id) {
        StoredSession s = byId.get(id);
        if (s == null || s.retired()) return false;
        byId.put(
                id,
                new StoredSession(id, s.pooled(), s.proxy(), s.userAgent(), s.createdAtMillis(), s.uses(), true, "[]"));
        return true;
    }

    @Override
    public synchronized void saveCookies(String id, String cookies) {
        StoredSession s = byId.get(id);
        if (s == null || s.retired()) return;
        byId.put(
                id,
                new StoredSession(
                        id, s.pooled(), s.proxy(), s.userAgent(), s.createdAtMillis(), s.uses(), false, cookies));
    }
}
