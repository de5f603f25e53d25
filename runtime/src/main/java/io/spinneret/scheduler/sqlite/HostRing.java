package io.spinneret.scheduler.sqlite;

import java.util.ArrayDeque;
import java.util.HashMap;

/**
 * The hosts of a job in the order they are served: every host with pending requests has a place in
 * the ring; a poll serves the host at the head, which then goes to the back, or leaves the ring if
 * that was its last pending request. Also the numbers the {@code host} table gives host names.
 * In memory only: {@link FrontierDb} rebuilds it from the file when the job is opened. Not
 * thread-safe.
 */
final class HostRing {
    static final long UNKNOWN = -1;

    private static final class Host {
        final long id;
        long pending;

        Host(long id) {
            this.id = id;
        }
    }

    private final HashMap<String, Long> ids = new HashMap<>();
    private final HashMap<Long, Host> hosts = new HashMap<>();
    private final ArrayDeque<Host> ring = new ArrayDeque<>();

    /** The number of host {@code name}, or {@link #UNKNOWN}. */
    long idOf(String name) {
        Long id = ids.get(name);
        return id == null ? UNKNOWN : id;
    }

    /** Records that host {@code name} is numbered {@code id} in the file. */
    void known(String name, long id) {
        ids.put(name, id);
    }

    /** {@code n} more pending requests of host {@code id}; it joins the back of the ring if it was not in it. */
    void addPending(long id, long n) {
        Host h = hosts.computeIfAbsent(id, Host::new);
        if (h.pending == 0) ring.addLast(h);
        h.pending += n;
    }

    boolean isEmpty() {
        return ring.isEmpty();
    }

    /** The host whose turn it is; the ring must not be empty. */
    long next() {
        return ring.getFirst().id;
    }

    /** One request of {@link #next()} was taken: the host goes to the back, or leaves if it has none left. */
    void taken(long id) {
        Host h = ring.removeFirst();
        if (h.id != id) throw new IllegalStateException("host " + id + " taken out of turn");
        if (--h.pending > 0) ring.addLast(h);
    }

    /** Host {@link #next()} has nothing pending after all: it leaves the ring. */
    void drop(long id) {
        Host h = ring.removeFirst();
        if (h.id != id) throw new IllegalStateException("host " + id + " dropped out of turn");
        h.pending = 0;
    }

    void clear() {
        ids.clear();
        hosts.clear();
        ring.clear();
    }
}
