package io.spinneret.session;

import io.spinneret.annotations.Setting;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.download.DownloaderRouter;
import io.spinneret.download.http.CookieJars;
import io.spinneret.internal.BlockedCheck;
import io.spinneret.settings.InvalidSettingException;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Downloader;
import io.spinneret.spi.Scheduler;
import io.spinneret.spi.SessionStore;
import io.spinneret.spi.SessionStore.StoredSession;
import io.spinneret.spi.Stats;
import java.net.CookieManager;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The sessions of a crawl: the pooled ones it hands out ({@code session_pool = true}) and the ones
 * spiders name ({@link Request#session()}), kept in the frontier's {@link SessionStore}. A session
 * binds a cookie jar (the downloaders' jar {@code session:<id>}, see {@link CookieJars}), a proxy
 * and a user agent, chosen when it is created.
 *
 * <p>The pool keeps {@code session_pool_size} live sessions and hands them out round robin; a
 * session is retired when it has served {@code session_max_uses} requests, has lived
 * {@code session_max_age}, or got a response that {@link BlockedJudge} calls blocked, and a fresh one
 * takes its place. A retired session is never handed out again, its cookies are dropped, and over
 * Redis that holds for every node at once.
 *
 * <p>Stats: {@code session/created}, {@code session/retired}, {@code session/retired/<why>}
 * ({@code blocked}, {@code max_uses}, {@code max_age}, {@code proxy_failed}), {@code session/blocked}
 * (blocked responses, pooled or named sessions), {@code session/blocked_retries} and
 * {@code session/retries_exhausted}. Thread-safe.
 */
public final class SessionPool {
    public static final String STAT_CREATED = Stats.SESSIONS_CREATED;
    public static final String STAT_RETIRED = Stats.SESSIONS_RETIRED;
    public static final String STAT_BLOCKED = Stats.SESSIONS_BLOCKED;
    public static final String STAT_BLOCKED_RETRIES = "session/blocked_retries";
    public static final String STAT_RETRIES_EXHAUSTED = "session/retries_exhausted";
    /** The request meta key counting a request's retries in a fresh session after blocked responses. */
    public static final String META_BLOCKED_RETRIES = "session_retries";

    /** What a new session is bound to: its proxy and user agent, each null for none. */
    public record Identity(@Nullable String proxy, @Nullable String userAgent) {}

    /** The scheduler's store, asked for when a session is first needed (a SQLite job opens its file then). */
    private final Supplier<SessionStore> store;

    private final CookieJars jars;
    private final Stats stats;
    private final BlockedJudge judge;
    private final boolean pooled;
    private final int size;
    private final int maxUses;
    private final long maxAgeMillis;
    private final int retryTimes;
    private final LongSupplier clock;
    private final AtomicLong cursor = new AtomicLong();
    /** The cookies' JSON as this process last read or wrote it, per session: to skip writes that change nothing. */
    private final ConcurrentHashMap<String, String> lastCookies = new ConcurrentHashMap<>();

    SessionPool(
            Settings settings,
            Supplier<SessionStore> store,
            CookieJars jars,
            Stats stats,
            BlockedJudge judge,
            LongSupplier clock) {
        this.store = store;
        this.jars = jars;
        this.stats = stats;
        this.judge = judge;
        this.pooled = settings.getBoolean(Setting.SESSION_POOL);
        this.size = settings.getInt(Setting.SESSION_POOL_SIZE);
        this.maxUses = settings.getInt(Setting.SESSION_MAX_USES);
        this.maxAgeMillis = settings.getDuration(Setting.SESSION_MAX_AGE).toMillis();
        this.retryTimes = settings.getInt(Setting.SESSION_RETRY_TIMES);
        this.clock = clock;
    }

    /**
     * The session pool of a crawl: its sessions in the scheduler's store (in memory if it has none),
     * their cookies in the jars of {@code downloader} (when it is the crawl's router), blocked
     * responses judged by the spider's {@code @Blocked} method if it has one.
     *
     * @throws InvalidSettingException if {@code session_blocked_statuses} holds something else than statuses
     */
    public static SessionPool forCrawl(
            Settings settings, Scheduler scheduler, Downloader downloader, Stats stats, @Nullable BlockedCheck spider) {
        CookieJars jars = downloader instanceof DownloaderRouter r ? r.cookies() : new CookieJars(null);
        return new SessionPool(
                settings,
                storeOf(scheduler),
                jars,
                stats,
                new BlockedJudge(blockedStatuses(settings), spider),
                System::currentTimeMillis);
    }

    /** The scheduler's session store (in memory if it has none), looked up once, when first needed. */
    private static Supplier<SessionStore> storeOf(Scheduler scheduler) {
        AtomicReference<SessionStore> found = new AtomicReference<>();
        return () -> {
            SessionStore s = found.get();
            if (s != null) return s;
            SessionStore kept = scheduler.sessionStore();
            found.compareAndSet(null, kept != null ? kept : new MemorySessionStore());
            return found.get();
        };
    }

    private static Set<Integer> blockedStatuses(Settings settings) {
        try {
            return BlockedJudge.statuses(settings.getList(Setting.SESSION_BLOCKED_STATUSES));
        } catch (NumberFormatException e) {
            throw new InvalidSettingException(
                    Setting.SESSION_BLOCKED_STATUSES.key() + " expects HTTP statuses such as 401,403,429, got \""
                            + settings.getString(Setting.SESSION_BLOCKED_STATUSES) + "\"");
        }
    }

    /** Whether requests without a named session run in pooled ones ({@code session_pool}). */
    public boolean pooled() {
        return pooled;
    }

    /** How many times one request is retried in a fresh session ({@code session_retry_times}). */
    public int retryTimes() {
        return retryTimes;
    }

    /** The name of the cookie jar of the session {@code id}. */
    public static String jarName(String id) {
        return "session:" + id;
    }

    /** The session the spider named {@code id}, created with {@code identity} on first use; counts a use. */
    public StoredSession named(String id, Supplier<Identity> identity) {
        StoredSession s = store.get().get(id).orElseGet(() -> create(id, false, identity.get()));
        store.get().use(id);
        return s;
    }

    /**
     * A pooled session for the next request, round robin over the live ones: those past their
     * uses or age are retired first, and a fresh one (bound to {@code identity}) is made while fewer
     * than {@code session_pool_size} live. Counts a use.
     */
    public StoredSession acquire(Supplier<Identity> identity) {
        for (int attempt = 0; attempt <= size + 8; attempt++) {
            long now = clock.getAsLong();
            List<StoredSession> usable = new ArrayList<>();
            for (StoredSession s : store.get().livePooled()) {
                if (maxAgeMillis > 0 && now - s.createdAtMillis() >= maxAgeMillis) retire(s.id(), "max_age");
                else if (maxUses > 0 && s.uses() >= maxUses) retire(s.id(), "max_uses");
                else usable.add(s);
            }
            StoredSession chosen;
            if (usable.size() < size || attempt > size) {
                chosen = create(UUID.randomUUID().toString().substring(0, 13), true, identity.get());
            } else {
                usable.sort(Comparator.comparing(StoredSession::id));
                chosen = usable.get((int) Math.floorMod(cursor.getAndIncrement(), (long) usable.size()));
            }
            if (store.get().use(chosen.id()) >= 0)
                return chosen; // else retired by another request meanwhile: choose again
        }
        throw new IllegalStateException("no session could be had: each one chosen was retired before its first use");
    }

    private StoredSession create(String id, boolean pooledSession, Identity identity) {
        StoredSession s = store.get()
                .create(StoredSession.fresh(
                        id, pooledSession, identity.proxy(), identity.userAgent(), clock.getAsLong()));
        stats.increment(STAT_CREATED);
        return s;
    }

    /**
     * {@code request} as it goes out in session {@code s}: with its cookie jar, and its proxy and user
     * agent unless the request chose its own; the jar is brought up to date with the store first.
     */
    public Request bind(Request request, StoredSession s) {
        CookieManager jar = jars.named(jarName(s.id()));
        String stored = s.cookies();
        if (!stored.equals(lastCookies.get(s.id()))) {
            SessionCookies.read(stored, jar.getCookieStore());
            lastCookies.put(s.id(), stored);
        }
        Request.Builder b = request.toBuilder().cookieJar(jarName(s.id()));
        if (s.proxy() != null && !request.meta().containsKey("proxy")) b.meta("proxy", s.proxy());
        if (s.userAgent() != null && request.headers().keySet().stream().noneMatch("User-Agent"::equalsIgnoreCase)) {
            b.header("User-Agent", s.userAgent());
        }
        return b.build();
    }

    /** Keeps the cookies of session {@code s}'s jar in the store, after a response or a failure. */
    public void saveCookies(StoredSession s) {
        String now = SessionCookies.write(jars.named(jarName(s.id())).getCookieStore());
        if (now.equals(lastCookies.put(s.id(), now))) return;
        store.get().saveCookies(s.id(), now);
    }

    /** Whether {@code response} means its session is blocked (see {@link BlockedJudge}); counted when it does. */
    public boolean blocked(Response response) throws Exception {
        boolean blocked = judge.blocked(response);
        if (blocked) stats.increment(STAT_BLOCKED);
        return blocked;
    }

    /**
     * Retires the session {@code id} for {@code why} (a stats key part such as {@code blocked}) and
     * forgets its cookie jar.
     *
     * @return true if this call retired it
     */
    public boolean retire(String id, String why) {
        jars.forget(jarName(id));
        lastCookies.remove(id);
        if (!store.get().retire(id)) return false;
        stats.increment(STAT_RETIRED);
        stats.increment(STAT_RETIRED + "/" + why);
        return true;
    }

    /** The live pooled sessions, as the store has them now. */
    public List<StoredSession> live() {
        return store.get().livePooled();
    }

    /** The retry budget of {@code request} in fresh sessions spent so far. */
    public static int blockedRetries(Request request) {
        return request.meta().get(META_BLOCKED_RETRIES) instanceof Number n ? n.intValue() : 0;
    }
}
