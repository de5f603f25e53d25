package io.spinneret.spi;

import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Where a crawl's sessions live, next to its frontier, so that a resumed or distributed crawl keeps
 * them: in memory for a memory scheduler, in the job directory for SQLite, under the crawl's keys
 * for Redis (shared by its nodes). A {@link Scheduler} offers its store through
 * {@link Scheduler#sessionStore()}. One contract suite runs against every implementation.
 *
 * <p>A session is a cookie jar, a proxy and a user agent bound together. A pooled session
 * ({@link StoredSession#pooled()}) is the session pool's to hand out and retire; the others are the
 * ones a spider names ({@code Request.builder(url).session("account-2")}). Thread-safe; the
 * operations on one session are atomic, over all nodes for a shared store.
 */
public interface SessionStore extends AutoCloseable {

    /**
     * One session as stored.
     *
     * @param proxy the proxy its requests go through, or null for none
     * @param userAgent the user agent its requests send, or null for the crawl's rotation
     * @param createdAtMillis when it was created, in epoch milliseconds
     * @param uses requests sent in it so far
     * @param retired true once retired: it is handed out no more, and its cookies are gone
     * @param cookies its cookie jar, as a JSON array (see {@code io.spinneret.session.SessionCookies})
     */
    record StoredSession(
            String id,
            boolean pooled,
            @Nullable String proxy,
            @Nullable String userAgent,
            long createdAtMillis,
            long uses,
            boolean retired,
            String cookies) {
        /** A session not yet used, with an empty jar. */
        public static StoredSession fresh(
                String id, boolean pooled, @Nullable String proxy, @Nullable String userAgent, long createdAtMillis) {
            return new StoredSession(id, pooled, proxy, userAgent, createdAtMillis, 0, false, "[]");
        }
    }

    /**
     * Stores {@code fresh} unless a session of its id exists.
     *
     * @return the session stored under that id: {@code fresh}, or the one that was there (which may be retired)
     */
    StoredSession create(StoredSession fresh);

    /** The session {@code id}, retired or not. */
    Optional<StoredSession> get(String id);

    /** The pooled sessions that are not retired, in no particular order. */
    List<StoredSession> livePooled();

    /**
     * Counts one more request in the session {@code id}.
     *
     * @return its uses after this one, or -1 if it is retired or unknown (then it must not be used)
     */
    long use(String id);

    /**
     * Retires the session {@code id} and drops its cookies.
     *
     * @return true if this call retired it; false if it was retired already or is unknown
     */
    boolean retire(String id);

    /** Replaces the cookies of the session {@code id}, unless it is retired or unknown. */
    void saveCookies(String id, String cookies);

    /** Frees what the store holds open; the sessions stay where they are stored. The default does nothing. */
    @Override
    default void close() {}
}
