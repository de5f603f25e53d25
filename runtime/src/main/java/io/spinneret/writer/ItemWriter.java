package io.spinneret.writer;

import io.spinneret.annotations.Setting;
import io.spinneret.internal.Field;
import io.spinneret.internal.ItemSchema;
import io.spinneret.recrawl.RemovedItems;
import io.spinneret.settings.Settings;
import io.spinneret.spi.ItemRemovals;
import io.spinneret.spi.Lease;
import io.spinneret.spi.RejectedItemsException;
import io.spinneret.spi.Storage;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Batches items per type and writes them to a {@link Storage} on one writer thread, then
 * acknowledges the leases whose items are all durably written.
 *
 * <ul>
 *   <li>A type's batch is written when it holds {@code batch_size} items, when its oldest item is
 *       {@code batch_interval} old, when the whole buffer reaches {@code pipeline_capacity} or a
 *       submission waits for room, on {@link #flush()} and on {@link #close()}.</li>
 *   <li>Backpressure: at most {@code pipeline_capacity} items wait for storage; {@link #submit}
 *       blocks the crawling thread beyond that.</li>
 *   <li>A failing write is retried {@code storage_retry_times} times with exponential backoff
 *       (not an {@link RejectedItemsException}: the same items fail the same way);
 *       then the pipeline fails: {@link #submit} and {@link #close} throw
 *       {@link StorageFailedException} with the cause, the listener given to the constructor is
 *       told once, and the affected leases are never acknowledged. Items are never dropped
 *       silently.</li>
 *   <li>A write the storage rejects for its data ({@link RejectedItemsException}) is not retried:
 *       the batch is written in halves until the items at fault are found, and each is handed to
 *       {@link #onRejected} (which counts and drops it, or fails the pipeline by throwing
 *       {@link StorageFailedException}); their leases are acknowledged with the rest.</li>
 * </ul>
 *
 * <p>Thread-safe: any number of crawling threads submit; one writer thread writes and acks. A
 * submission wakes the writer only when the items not yet taken in reach a batch, when the buffer
 * is full, or when the writer holds nothing (the batch interval starts when it takes the first
 * item): waking a platform thread per item cost more CPU than parsing a small page's links.
 */
public final class ItemWriter implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ItemWriter.class);
    private static final Duration FIRST_BACKOFF = Duration.ofMillis(100);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(5);

    /** Acknowledges a lease once all its items are stored. */
    @FunctionalInterface
    public interface Acker {
        void ack(Lease lease);

        /** Acknowledges the leases a stored chunk completed, together (one round trip for a shared scheduler). */
        default void ackAll(List<Lease> leases) {
            for (Lease l : leases) ack(l);
        }
    }

    /** Told of each item the storage rejected for its data; may throw {@link StorageFailedException} to fail. */
    @FunctionalInterface
    public interface Rejections {
        void rejected(ItemSchema<?> schema, Object item, RejectedItemsException why);
    }

    /** What one callback produced: its items by type, and the lease to ack once all are written. */
    private static final class Ticket {
        final @Nullable Lease lease;
        final int permits;
        int remaining;

        Ticket(@Nullable Lease lease, int permits, int remaining) {
            this.lease = lease;
            this.permits = permits;
            this.remaining = remaining;
        }
    }

    private record Submission(List<?> items, List<ItemSchema<?>> schemas, Ticket ticket) {}

    /** Buffered items of one type. */
    private static final class Batch {
        final ItemSchema<?> schema;
        final List<Object> items = new ArrayList<>();
        final List<Ticket> tickets = new ArrayList<>();
        long firstNanos;

        Batch(ItemSchema<?> schema) {
            this.schema = schema;
        }
    }

    /** Items to delete or flag, by key, in {@code table} (recrawl_removed_items), whose page was found gone {@code at}. */
    private record Removal(String table, Field key, List<Object> keys, Instant at) {}

    private static final Object FLUSH = new Object();
    private static final Object CLOSE = new Object();

    private final Storage storage;
    private final RemovedItems removedItemsMode;
    private boolean removalsRefused; // writer thread only
    private volatile long removedItems;
    private final Acker acker;
    private final Consumer<StorageFailedException> onFailure;
    private final int batchSize;
    private final long intervalNanos;
    private final int capacity;
    private final int retryTimes;
    private final Semaphore space;
    private final ConcurrentLinkedQueue<Object> queue = new ConcurrentLinkedQueue<>();
    /** Items submitted that the writer has not taken from the queue yet. */
    private final AtomicInteger untaken = new AtomicInteger();
    /** {@link #untaken} at which a submission wakes the writer. */
    private final int wakeAt;
    /** The writer holds no items and waits without a deadline: the next submission must wake it. */
    private volatile boolean writerIdle;
    /** A submission waits for room: the writer writes everything it holds, full batches or not. */
    private volatile boolean roomWanted;

    private final Map<ItemSchema<?>, Batch> batches = new IdentityHashMap<>();
    private final Thread writer;
    private volatile @Nullable StorageFailedException failure;
    private volatile long written;
    private int buffered;
    private volatile boolean closed;
    private volatile @Nullable StoredUnacked storedBefore;
    private final AtomicLong storedEarlier = new AtomicLong();
    private volatile Rejections rejections = (schema, item, why) -> {
        throw new StorageFailedException("storage rejected a " + schema.name() + ": " + why.getMessage(), why);
    };

    /**
     * Starts the writer thread. The storage must be open.
     *
     * @param acker called on the writer thread for each lease whose items are all written
     * @param onFailure called once, on the writer thread, when storage failed for good
     */
    public ItemWriter(Storage storage, Settings settings, Acker acker, Consumer<StorageFailedException> onFailure) {
        this.storage = storage;
        this.removedItemsMode = RemovedItems.of(settings);
        if (removedItemsMode == RemovedItems.FLAG && storage instanceof ItemRemovals removals)
            removals.keepRemovedFlags(); // before the first write
        this.acker = acker;
        this.onFailure = onFailure;
        this.batchSize = Math.max(1, settings.getInt(Setting.BATCH_SIZE));
        long interval = settings.getDuration(Setting.BATCH_INTERVAL).toNanos();
        this.intervalNanos = interval <= 0 ? Long.MAX_VALUE : interval;
        this.capacity = Math.max(1, settings.getInt(Setting.PIPELINE_CAPACITY));
        this.retryTimes = Math.max(0, settings.getInt(Setting.STORAGE_RETRY_TIMES));
        this.space = new Semaphore(capacity);
        this.wakeAt = Math.min(batchSize, capacity);
        this.writer =
                Thread.ofPlatform().name("spinneret-item-writer").daemon(true).unstarted(this::run);
        writer.start();
    }

    /**
     * Hands over the items of one response with their schemas ({@code schemas.get(i)} describes
     * {@code items.get(i)}); {@code lease} is acknowledged once they are all written. Blocks while
     * the pipeline is full.
     *
     * @throws StorageFailedException if storage has failed for good
     * @throws InterruptedException if interrupted while waiting for room
     */
    public void submit(List<?> items, List<ItemSchema<?>> schemas, @Nullable Lease lease) throws InterruptedException {
        StoredUnacked before = storedBefore;
        if (lease != null && before != null && before.take(lease)) { // stored by the crawl that failed to ack it
            LOG.debug(
                    "{}: items stored by an earlier crawl, not stored again",
                    lease.request().url());
            storedEarlier.addAndGet(items.size());
            acker.ack(lease);
            return;
        }
        if (items.isEmpty()) {
            if (lease != null) acker.ack(lease);
            return;
        }
        int permits = Math.min(items.size(), capacity);
        while (!space.tryAcquire(permits)) {
            roomWanted = true; // what is buffered must be written first, full batches or not
            LockSupport.unpark(writer);
            if (space.tryAcquire(permits, 100, TimeUnit.MILLISECONDS)) break;
            checkFailure();
        }
        checkFailure();
        if (closed) {
            space.release(permits);
            throw new StorageFailedException("the item writer is closed: the crawl is stopping", null);
        }
        queue.add(new Submission(items, schemas, new Ticket(lease, permits, items.size())));
        int n = items.size();
        int now = untaken.addAndGet(n);
        if (now >= wakeAt && now - n < wakeAt || writerIdle) LockSupport.unpark(writer);
    }

    /**
     * Where the requests whose items were written but whose leases could not be acknowledged are
     * recorded, and read back by a resumed crawl ({@link StoredUnacked}).
     */
    public void storedUnacked(@Nullable StoredUnacked journal) {
        this.storedBefore = journal;
    }

    /** Who is told of items the storage rejects for their data; by default such an item fails the pipeline. */
    public void onRejected(Rejections r) {
        this.rejections = r;
    }

    /**
     * Asks the writer to delete or flag, as {@code recrawl_removed_items} says, the items of
     * {@code table} with these keys (pages a re-crawl found gone now), after writing what it holds,
     * so an item submitted before is not written back after its deletion (or its flag cleared). A
     * storage that cannot ({@link ItemRemovals}: the files) keeps them, with one warning. Nothing
     * with {@code keep}.
     */
    public void removeItems(String table, Field key, List<Object> keys) {
        if (keys.isEmpty() || removedItemsMode == RemovedItems.KEEP) return;
        queue.add(new Removal(table, key, List.copyOf(keys), Instant.now().truncatedTo(ChronoUnit.MILLIS)));
        LockSupport.unpark(writer);
    }

    private void remove(Removal r) {
        writeAll();
        if (!(storage instanceof ItemRemovals removals)) {
            if (!removalsRefused) {
                removalsRefused = true;
                LOG.warn(
                        "recrawl_removed_items={}: {} cannot {} items (only database outputs can); the items of"
                                + " removed pages are kept there as they are",
                        removedItemsMode.value(),
                        storage.describe(),
                        removedItemsMode.value());
            }
            return;
        }
        try {
            if (removedItemsMode == RemovedItems.FLAG) removals.flagItems(r.table(), r.key(), r.keys(), r.at());
            else removals.removeItems(r.table(), r.key(), r.keys());
            removedItems += r.keys().size();
        } catch (IOException | RuntimeException e) {
            LOG.warn("{}", e.getMessage());
        }
    }

    /** Items deleted or flagged so far for removed pages. */
    public long removed() {
        return removedItems;
    }

    /** Asks the writer to write every partial batch now (e.g. when the crawl goes idle). */
    public void flush() {
        queue.add(FLUSH);
        LockSupport.unpark(writer);
    }

    /** Items not written again because an earlier crawl stored them and failed to acknowledge them ({@link StoredUnacked}). */
    public long storedEarlier() {
        return storedEarlier.get();
    }

    /** Items written so far. */
    public long written() {
        return written;
    }

    /** Items accepted but not yet written. */
    public int pending() {
        return capacity - space.availablePermits();
    }

    private void checkFailure() {
        StorageFailedException f = failure;
        if (f != null) throw new StorageFailedException(f.getMessage(), f.getCause());
    }

    /**
     * Writes everything still buffered and stops the writer. Does not close the storage.
     *
     * @throws StorageFailedException if storage failed (now or earlier)
     */
    @Override
    public void close() throws InterruptedException {
        closed = true;
        queue.add(CLOSE);
        LockSupport.unpark(writer);
        writer.join();
        checkFailure();
    }

    private void run() {
        try {
            while (true) {
                Object o = queue.poll();
                if (o == null) {
                    long deadline = nextDeadline();
                    if (buffered == 0) {
                        writerIdle = true; // then look again: a submission that missed the flag is in the queue
                        if (queue.isEmpty()) LockSupport.park(this);
                        writerIdle = false;
                    } else if (deadline == Long.MAX_VALUE) {
                        LockSupport.park(this); // no batch_interval: until a batch fills, a flush or close
                    } else {
                        LockSupport.parkNanos(this, deadline - System.nanoTime());
                    }
                    if (Thread.interrupted()) throw new InterruptedException();
                    takeInAndWrite();
                    continue;
                }
                if (o == CLOSE) {
                    drainQueue();
                    writeAll();
                    return;
                }
                if (o == FLUSH) {
                    drainQueue();
                    writeAll();
                    continue;
                }
                if (o instanceof Removal r) remove(r);
                else add((Submission) o);
                takeInAndWrite();
            }
        } catch (StorageFailedException e) {
            failure = e;
            LOG.error("{}", e.getMessage());
            space.release(capacity * 4); // wake blocked submitters so they see the failure
            onFailure.accept(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private long nextDeadline() {
        if (intervalNanos == Long.MAX_VALUE) return Long.MAX_VALUE;
        long d = Long.MAX_VALUE;
        for (Batch b : batches.values()) {
            if (!b.items.isEmpty()) d = Math.min(d, b.firstNanos + intervalNanos);
        }
        return d;
    }

    /**
     * Takes in what is queued, then writes what is due, or everything held when a flush was queued
     * or a submitter waits for room. {@link #roomWanted} is read before the queue is drained: what
     * that submitter had submitted before asking is in the queue by then, so it is written too.
     */
    private void takeInAndWrite() {
        boolean room = roomWanted;
        if (room) roomWanted = false;
        boolean flush = drainQueue();
        if (room || flush) writeAll();
        else writeDue();
    }

    /** Takes in every queued submission; true if a flush was asked for among them. A CLOSE stays queued. */
    private boolean drainQueue() {
        boolean flush = false;
        Object o;
        while ((o = queue.poll()) != null) {
            if (o == CLOSE) {
                queue.add(CLOSE); // keep it for the loop, after what is already buffered
                return flush;
            }
            if (o == FLUSH) {
                flush = true;
                continue;
            }
            if (o instanceof Removal r) remove(r);
            else add((Submission) o);
        }
        return flush;
    }

    private void add(Submission s) {
        untaken.addAndGet(-s.items().size());
        long now = System.nanoTime();
        for (int i = 0; i < s.items().size(); i++) {
            Batch b = batches.computeIfAbsent(s.schemas().get(i), Batch::new);
            if (b.items.isEmpty()) b.firstNanos = now;
            b.items.add(s.items().get(i));
            b.tickets.add(s.ticket());
        }
        buffered += s.items().size();
    }

    private void writeDue() {
        long now = System.nanoTime();
        boolean full = buffered >= capacity;
        for (Batch b : batches.values()) {
            if (b.items.isEmpty()) continue;
            if (full || now - b.firstNanos >= intervalNanos) {
                write(b, b.items.size());
            } else if (b.items.size() >= batchSize) {
                write(b, b.items.size() - b.items.size() % batchSize); // full batches; the rest waits
            }
        }
    }

    private void writeAll() {
        for (Batch b : batches.values()) {
            if (!b.items.isEmpty()) write(b, b.items.size());
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    /** Writes the first {@code n} items of a batch, in chunks of at most {@code batch_size}. */
    private void write(Batch b, int n) {
        int from = 0;
        while (from < n) {
            int to = Math.min(n, from + batchSize);
            List<Object> chunk = b.items.subList(from, to);
            written += writeOrReject((ItemSchema) b.schema, chunk);
            List<Lease> done = new ArrayList<>();
            for (int i = from; i < to; i++) {
                Ticket t = b.tickets.get(i);
                if (--t.remaining == 0) {
                    space.release(t.permits);
                    if (t.lease != null) done.add(t.lease);
                }
            }
            if (!done.isEmpty()) {
                try {
                    acker.ackAll(done); // together: one round trip for a shared scheduler
                } catch (RuntimeException e) {
                    ackFailed(done, e); // written: the scheduler must not have them stored again
                }
            }
            buffered -= chunk.size();
            from = to;
        }
        if (n == b.items.size()) {
            b.items.clear();
            b.tickets.clear();
        } else {
            b.items.subList(0, n).clear();
            b.tickets.subList(0, n).clear();
        }
    }

    /**
     * Writes {@code chunk}; when the storage rejects it for its data, writes it in halves until each
     * rejected item is found and handed to {@link #rejections}.
     *
     * @return the number of items written
     */
    private <T> int writeOrReject(ItemSchema<T> schema, List<T> chunk) {
        RejectedItemsException r = writeWithRetry(schema, chunk);
        if (r == null) return chunk.size();
        if (!r.items().isEmpty()) {
            for (Object item : r.items()) rejections.rejected(schema, item, r);
            return chunk.size() - r.items().size();
        }
        if (chunk.size() == 1) {
            rejections.rejected(schema, chunk.get(0), r);
            return 0;
        }
        int half = chunk.size() / 2;
        return writeOrReject(schema, chunk.subList(0, half)) + writeOrReject(schema, chunk.subList(half, chunk.size()));
    }

    /**
     * A scheduler that fails to acknowledge stored items (its Redis is gone) fails the pipeline, not
     * its thread; the leases whose items were written are recorded first ({@link StoredUnacked}).
     */
    private void ackFailed(List<Lease> written, RuntimeException e) {
        StoredUnacked journal = storedBefore;
        if (journal != null) journal.record(written);
        throw new StorageFailedException(
                "the scheduler failed to acknowledge stored items: "
                        + (e.getMessage() == null ? e.toString() : e.getMessage()),
                e);
    }

    /** @return null once written, or the storage's rejection of the data, which is not retried */
    private <T> @Nullable RejectedItemsException writeWithRetry(ItemSchema<T> schema, List<T> chunk) {
        long backoff = FIRST_BACKOFF.toMillis();
        for (int attempt = 0; ; attempt++) {
            try {
                storage.write(schema, chunk);
                return null;
            } catch (RejectedItemsException e) {
                return e;
            } catch (Exception e) {
                if (attempt >= retryTimes) {
                    throw new StorageFailedException(
                            "storage " + storage.describe() + " failed to write " + chunk.size()
                                    + " " + schema.name() + " items after " + (attempt + 1)
                                    + (attempt == 0 ? " attempt: " : " attempts: ")
                                    + reason(e),
                            e);
                }
                LOG.warn(
                        "writing {} {} items to {} failed (attempt {} of {}), retrying in {} ms: {}",
                        chunk.size(),
                        schema.name(),
                        storage.describe(),
                        attempt + 1,
                        retryTimes + 1,
                        backoff,
                        reason(e));
                try {
                    Thread.sleep(backoff);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw new StorageFailedException("interrupted while retrying a storage write", e);
                }
                backoff = Math.min(backoff * 2, MAX_BACKOFF.toMillis());
            }
        }
    }

    /** An I/O error's own message ("No space left on device (writing books.jsonl)"); other exceptions with their type. */
    private static String reason(Exception e) {
        return e instanceof IOException && e.getMessage() != null ? e.getMessage() : e.toString();
    }
}
