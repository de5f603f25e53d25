package io.spinneret.spi;

import io.spinneret.api.Request;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The crawl frontier: pending requests queued per host and served fairly, with duplicate
 * filtering and an in-flight state. Three implementations share this contract and one contract test suite:
 * {@code MemoryScheduler}, {@code SqliteScheduler} (persistent, resumable) and
 * {@code RedisScheduler} (shared by many processes).
 *
 * <h2>Life of a request</h2>
 * <ol>
 *   <li>{@link #push}: dropped if its {@linkplain Request#fingerprint() fingerprint} was ever pushed
 *       before (unless {@link Request#dontFilter()}); otherwise pending. Every push records the
 *       fingerprint as seen, {@code dontFilter} ones included, so a start page pushed with
 *       {@code dontFilter} is not crawled again when a link to it turns up.</li>
 *   <li>{@link #poll}: the next pending request, in the order below, moves to in-flight and is
 *       returned as a {@link Lease}.</li>
 *   <li>{@link #ack}: done; it leaves in-flight for good. The engine acks only after the
 *       request's new requests are pushed and its items are durably stored.</li>
 *   <li>{@link #requeue}: back to pending, e.g. for a retry or at a graceful shutdown.</li>
 * </ol>
 * <h2>Order: hosts take turns</h2>
 * Pending requests are grouped by {@link Request#host()} (the key the throttle uses too). The hosts
 * with pending requests form a ring, in the order they joined it; each poll serves the host at the
 * head of the ring, which then goes to the back (or leaves the ring if that was its last pending
 * request; it joins at the back again with its next one). Within a host, the request with the
 * highest priority comes first, FIFO among equal priorities; the {@code crawl_order} setting
 * (breadth or depth first) works through priorities, so it holds per host. A host with a million
 * queued URLs thus never starves a host with ten: pushing 100,000 requests for host A, then ten
 * each for B and C, the first 30 polls hold all of B's and C's. Priority orders requests of one
 * host, not hosts against each other. Counts ({@link #pendingCount()} and the others) are over all
 * hosts.
 *
 * <p>Each step is atomic: until it is acked, a request is always either pending or in flight, never
 * neither (a reader of both counts should still allow for a step between its two reads).
 *
 * <h2>Restarts</h2>
 * {@linkplain #isPersistent() Persistent} schedulers (SQLite, Redis) keep pending requests,
 * in-flight requests and the set of seen fingerprints when they are closed and opened again.
 * In-flight requests that were never acked come back as pending: for a persistent scheduler when it
 * is opened again (nothing else can be alive then), for a {@linkplain #isShared() shared} one only
 * after they have been in flight longer than the visibility timeout (another node may still be
 * working on them). A shared scheduler opened on a crawl that has finished may refuse with a
 * {@link CrawlFinishedException} instead of starting it again.
 *
 * <h2>Durability</h2>
 * When a mutating method ({@link #push}, {@link #pushAll}, {@link #poll}, {@link #ack},
 * {@link #requeue}) of a persistent scheduler returns, its effect is stored: it survives the process
 * being killed right after. Implementations batch concurrent calls into one write (group commit),
 * so many virtual threads calling at once cost far less than one write each.
 *
 * <p>All methods are thread-safe and may block (they are called from virtual threads).
 */
public interface Scheduler extends AutoCloseable {

    /**
     * Adds a request unless it is a duplicate.
     *
     * @return true if it was enqueued, false if it was filtered as a duplicate
     */
    boolean push(Request request);

    /**
     * Adds several requests, as one batch where the implementation can.
     *
     * @return how many were enqueued (the rest were duplicates)
     */
    default int pushAll(List<Request> requests) {
        int n = 0;
        for (Request r : requests) if (push(r)) n++;
        return n;
    }

    /**
     * Adds several requests as {@link #pushAll} does, and tells which were enqueued: a crawl with
     * listeners learns each request's fate (scheduled, or dropped as a duplicate) at the cost of
     * one batch, not one call per request.
     *
     * @return for each request, in order, true if it was enqueued, false if it was a duplicate
     */
    default boolean[] pushEach(List<Request> requests) {
        boolean[] added = new boolean[requests.size()];
        for (int i = 0; i < added.length; i++) added[i] = push(requests.get(i));
        return added;
    }

    /**
     * Takes the next request into in-flight, waiting up to {@code timeout} for one to appear.
     *
     * @return the lease, or null if nothing was pending within the timeout
     */
    @Nullable
    Lease poll(Duration timeout) throws InterruptedException;

    /**
     * Takes up to {@code max} pending requests into in-flight at once, without waiting: the engine's
     * poller fills every free concurrency slot in one call, so a scheduler that keeps its state
     * elsewhere (SQLite, Redis) serves them in one round trip. The leases come in the order that many
     * {@link #poll} calls would give (hosts take turns).
     *
     * @return between 0 and {@code max} leases; empty if nothing is pending
     */
    default List<Lease> pollBatch(int max) throws InterruptedException {
        if (max <= 0) return List.of();
        Lease first = poll(Duration.ZERO);
        if (first == null) return List.of();
        if (max == 1) return List.of(first);
        ArrayList<Lease> leases = new ArrayList<>(Math.min(max, 64));
        leases.add(first);
        for (Lease l; leases.size() < max && (l = poll(Duration.ZERO)) != null; ) leases.add(l);
        return leases;
    }

    /** Marks an in-flight request done. Acking an unknown or already acked lease is a no-op. */
    void ack(Lease lease);

    /**
     * Forgets that {@code request} was seen, so that pushing it again enqueues it: a page a re-crawl
     * found removed comes back as a new page when a link to it does. Has no effect on a request
     * never seen.
     *
     * @return false if this scheduler cannot forget a single request (the default, and a Bloom
     *     filter's), true if it is forgotten or was never seen
     */
    default boolean unsee(Request request) {
        return false;
    }

    /**
     * {@link #ack}s a lease whose request stored nothing (no item; the requests it found were pushed
     * before): the scheduler may make it durable with its next call, or at {@link #close}, rather
     * than at once. A crash before then redoes the request, which stores nothing and pushes only
     * requests already seen. The default acks at once.
     */
    default void ackLater(Lease lease) {
        ack(lease);
    }

    /**
     * {@link #ack}s several leases at once: the item writer acks every lease of a stored batch in
     * one call, so a scheduler that keeps its state elsewhere does it in one round trip.
     */
    default void ackAll(List<Lease> leases) {
        for (Lease l : leases) ack(l);
    }

    /**
     * Puts an in-flight request back into pending, replacing it with {@code request} (e.g. its next
     * attempt), into its host's queue behind the pending requests of the same priority (a host
     * that had left the ring joins it at the back). The replacement bypasses duplicate
     * filtering. Does nothing if the lease is no longer in flight (already acked or requeued, or
     * reclaimed by a shared scheduler after the visibility timeout).
     */
    void requeue(Lease lease, Request request);

    /** Pending requests (for a shared scheduler, over all nodes). */
    long pendingCount();

    /** In-flight requests (for a shared scheduler, over all nodes). */
    long inFlightCount();

    /** Fingerprints seen so far. */
    long seenCount();

    /**
     * True if other processes may add work at any moment (a shared queue): the engine then waits
     * for an idle timeout before it ends a crawl on an empty queue.
     */
    default boolean isShared() {
        return false;
    }

    /**
     * For a {@linkplain #isShared() shared} scheduler: whether another node of the crawl is alive
     * now, and so may still push work. The engine waits {@code idle_timeout} on an empty queue only
     * while one is: a node alone ends as soon as nothing is pending or in flight. Read afresh at each
     * call; true for every shared scheduler unless it knows better, false for one that is not shared.
     */
    default boolean othersLive() {
        return isShared();
    }

    /**
     * For a {@linkplain #isShared() shared} scheduler: how many other nodes this one saw in the
     * crawl while it ran (alive or not); 0 for one that is not shared.
     */
    default int otherNodes() {
        return 0;
    }

    /**
     * True if the state outlives this object: a scheduler opened again on the same job (SQLite job
     * directory, Redis namespace) sees the pending, in-flight and seen requests left by this one.
     */
    default boolean isPersistent() {
        return false;
    }

    /**
     * The politeness shared by every process of this crawl, or null (the default) to throttle each
     * process on its own. A shared scheduler returns one so that {@code download_delay},
     * {@code concurrency_per_domain} and robots.txt {@code Crawl-delay} hold for the crawl as a
     * whole; it lives as long as the scheduler.
     */
    default @Nullable SharedThrottle sharedThrottle() {
        return null;
    }

    /**
     * The page budgets per host and domain, held where this scheduler keeps its state (so a
     * shared scheduler's nodes spend one budget), or null (the default) to count in this process.
     */
    default @Nullable PageBudget pageBudget() {
        return null;
    }

    /**
     * The SimHashes of the pages crawled, held where this scheduler keeps its state (so a shared
     * or resumed crawl sees the same near-duplicate groups), or null (the default) to keep them in
     * this process.
     */
    default @Nullable SimHashIndex simHashIndex() {
        return null;
    }

    /**
     * The records a re-crawl keeps of each page fetched (validators, content hash), stored with this
     * frontier, or null (the default) if this scheduler keeps none.
     */
    default @Nullable PageRecords pageRecords() {
        return null;
    }

    /**
     * The store of this crawl's sessions, kept with its frontier (see {@link SessionStore}), or null
     * (the default) when sessions need only live as long as the process: the crawl keeps them in memory.
     */
    default @Nullable SessionStore sessionStore() {
        return null;
    }

    /**
     * The store of this crawl's {@code renderer = auto} decisions, kept with its frontier (see
     * {@link RenderDecisionStore}), or null (the default) when they need only live as long as the
     * process: the crawl keeps them in memory.
     */
    default @Nullable RenderDecisionStore renderDecisionStore() {
        return null;
    }

    /** Releases resources; pending and in-flight state of persistent schedulers is kept. */
    @Override
    void close();
}
