package io.spinneret.scheduler.sqlite;

import io.spinneret.api.Request;
import io.spinneret.api.SpinneretException;
import io.spinneret.disk.FileErrors;
import io.spinneret.disk.SqliteLibrary;
import io.spinneret.spi.Lease;
import io.spinneret.spi.PageBudget;
import io.spinneret.spi.PageRecords;
import io.spinneret.spi.RenderDecisionStore;
import io.spinneret.spi.Scheduler;
import io.spinneret.spi.SessionStore;
import io.spinneret.spi.SimHashIndex;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A persistent, resumable {@link Scheduler} in one SQLite file per job: {@code <job
 * dir>/frontier.db}, by default {@code .spinneret/jobs/<spider>/frontier.db}.
 *
 * <h2>Writes and durability</h2>
 * Calls are group-committed: each call queues its operation, and whichever caller holds the
 * connection (the leader) runs every queued operation in one transaction, up to {@value #MAX_BATCH}
 * at a time, until the queue is empty; the other callers wait for their result. A lone caller thus
 * runs its own operation at once, with no thread hand-off, and a hundred virtual threads acking at
 * once cost a few commits, not a hundred. When {@link #push}, {@link #pushAll}, {@link #poll},
 * {@link #ack} or {@link #requeue} returns, its effect is committed to the write-ahead log: it
 * survives {@code kill -9} of the process ({@link #ackLater} is committed with the next call). The file runs with {@code synchronous=NORMAL}, so a
 * power loss or OS crash may undo the last commits (never corrupt the file). If one operation of a
 * batch fails, the batch is rolled back and its operations are retried one by one, so only the
 * failing call sees the error; unless SQLite had rolled the batch back itself (a full disk, an I/O
 * error), when every call of the batch gets that error. Fingerprints and JSON are computed by the callers, outside the lock.
 *
 * <h2>Restarts</h2>
 * Opening the job puts every request left in flight back to pending, in its old place: nothing
 * else can be working on them, since a lock file ({@code frontier.lock}) admits one process per job
 * directory. The seen-fingerprint table persists. Opening with {@code resume=false} a job whose
 * last crawl finished (nothing pending or in flight) clears it and starts fresh; opening with
 * {@code resume=false} a job with unfinished work refuses with a {@link SpinneretException}, so an
 * interrupted crawl is never thrown away by a forgotten {@code --resume}.
 *
 * <h2>Order</h2>
 * Hosts take turns, as the {@link Scheduler} contract says: rows carry their host's number
 * ({@code host} table), an index orders each host's pending rows by priority and arrival, and
 * the ring of hosts with pending rows is kept in memory ({@code HostRing}), rebuilt from the file
 * when the job is opened (hosts whose oldest pending request is oldest first). A file written
 * before rows carried their host gets it from each request's URL when it is opened.
 *
 * <p>Counts are kept in memory and read without touching the file. Thread-safe.
 */
public final class SqliteScheduler implements Scheduler {
    private static final Logger LOG = LoggerFactory.getLogger(SqliteScheduler.class);
    static final int MAX_BATCH = 512;
    static final String LOCK_FILE = "frontier.lock";
    /** What {@link #unfinishedJob} says of a job another crawl has open. */
    public static final String IN_USE = "in use by a running crawl";

    /** A unit of work run by the leader, inside the current transaction. */
    @FunctionalInterface
    interface Work<T> {
        T run(FrontierDb db) throws SQLException;
    }

    private record Op<T>(Work<T> work, CompletableFuture<T> result) {}

    private final Path dir;
    private final FrontierDb db;
    private final FileChannel lockChannel;
    private final FileLock lock;
    private final ConcurrentLinkedQueue<Op<?>> ops = new ConcurrentLinkedQueue<>();
    private final ReentrantLock leader = new ReentrantLock(); // held while running a batch
    private final SqlitePageRecords pages = new SqlitePageRecords(this);
    private boolean dbClosed; // guarded by leader
    private volatile boolean closed;
    private final boolean resumed;
    private @Nullable SqliteSessionStore sessions; // guarded by this; opened on first use

    // counts as of the last commit, and a wake-up for pollers waiting on an empty queue
    private volatile long pendingCount;
    private volatile long inFlightCount;
    private volatile long seenCount;
    private final ReentrantLock signalLock = new ReentrantLock();
    private final Condition pushed = signalLock.newCondition();

    private SqliteScheduler(Path dir, FrontierDb db, FileChannel lockChannel, FileLock lock, boolean resumed) {
        this.dir = dir;
        this.resumed = resumed;
        this.db = db;
        this.lockChannel = lockChannel;
        this.lock = lock;
        publishCounts();
    }

    /** Loads the SQLite driver's native library (kept by {@link SqliteLibrary}); see {@link io.spinneret.scheduler.Schedulers#warmUp}. */
    public static void warmUp() {
        SqliteLibrary.prepare();
        try {
            org.sqlite.SQLiteJDBCLoader.initialize();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Opens the job kept in {@code jobDir} (created if missing).
     *
     * @param resume true to continue the job's unfinished crawl; false to start a new one, which
     *     refuses if the job holds unfinished work
     * @throws SpinneretException if another process has the job open, the job has unfinished work
     *     and {@code resume} is false, or the file cannot be opened
     */
    public static SqliteScheduler open(Path jobDir, boolean resume) {
        FileChannel channel = null;
        FrontierDb db = null;
        try {
            Files.createDirectories(jobDir);
            channel = FileChannel.open(jobDir.resolve(LOCK_FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null;
            }
            if (lock == null) {
                throw new SpinneretException("job directory " + jobDir + " is in use by another crawl"
                        + " (it holds the lock on " + LOCK_FILE + ")");
            }
            boolean existed = Files.exists(jobDir.resolve(FrontierDb.FILE_NAME));
            db = FrontierDb.open(jobDir.resolve(FrontierDb.FILE_NAME), false);
            if (existed && !resume && db.pending + db.inFlight > 0) {
                throw new SpinneretException("job directory " + jobDir + " holds an unfinished crawl (" + summary(db)
                        + "). Continue it with --resume, or delete the directory to start over.");
            }
            db.begin();
            if (existed && !resume && db.seen > 0) {
                LOG.info(
                        "job directory {}: the previous crawl finished ({} seen); starting a new one", jobDir, db.seen);
                db.clear();
            }
            if (existed && !resume)
                db.renderDecisions().clear(); // a new crawl decides afresh, whatever the last one saw
            int recovered = db.recover();
            db.commit();
            if (existed && resume) {
                LOG.info("resuming job {}: {} ({} were in flight when it stopped)", jobDir, summary(db), recovered);
            } else {
                LOG.info("new job in {}: if this run is interrupted, run again with --resume to continue it", jobDir);
            }
            return new SqliteScheduler(jobDir, db, channel, lock, existed && resume);
        } catch (SQLException | IOException | RuntimeException e) {
            try {
                if (db != null) db.close();
                if (channel != null) channel.close(); // releases the lock
            } catch (SQLException | IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            if (e instanceof SpinneretException se) throw se;
            throw new SpinneretException("cannot open the frontier in " + jobDir + ": " + FileErrors.describe(e), e);
        }
    }

    /**
     * Describes the unfinished crawl kept in {@code jobDir}, if there is one, without opening it for
     * writing: its counts, or {@value #IN_USE} while another crawl has it open (which holds the file
     * exclusively).
     */
    public static Optional<String> unfinishedJob(Path jobDir) {
        Path file = jobDir.resolve(FrontierDb.FILE_NAME);
        if (!Files.exists(file)) return Optional.empty();
        if (inUse(jobDir)) return Optional.of(IN_USE); // its crawl holds the file exclusively
        try (FrontierDb db = FrontierDb.open(file, true)) {
            return db.pending + db.inFlight > 0 ? Optional.of(summary(db)) : Optional.empty();
        } catch (SQLException e) {
            return Optional.of("unreadable: " + e.getMessage());
        }
    }

    /** Whether another process holds the job's lock file, and so its frontier file. */
    private static boolean inUse(Path jobDir) {
        Path lockFile = jobDir.resolve(LOCK_FILE);
        if (!Files.exists(lockFile)) return false;
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE);
                FileLock lock = channel.tryLock()) {
            return lock == null;
        } catch (OverlappingFileLockException e) {
            return true; // held by this process
        } catch (IOException e) {
            return false; // the open that follows says what is wrong
        }
    }

    private static String summary(FrontierDb db) {
        return db.pending + " pending, " + db.inFlight + " in flight, " + db.seen + " seen";
    }

    /** The job directory. */
    public Path directory() {
        return dir;
    }

    @Override
    public boolean push(Request request) {
        FrontierDb.Encoded e = FrontierDb.Encoded.of(request);
        return call(db -> db.push(e));
    }

    @Override
    public int pushAll(List<Request> requests) {
        int n = 0;
        for (boolean added : pushEach(requests)) if (added) n++;
        return n;
    }

    @Override
    public boolean[] pushEach(List<Request> requests) {
        if (requests.isEmpty()) return new boolean[0];
        List<FrontierDb.Encoded> encoded =
                requests.stream().map(FrontierDb.Encoded::of).toList();
        return call(db -> {
            boolean[] added = new boolean[encoded.size()];
            for (int i = 0; i < added.length; i++) added[i] = db.push(encoded.get(i));
            return added;
        });
    }

    @Override
    public @Nullable Lease poll(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (pendingCount > 0) {
                FrontierDb.Taken taken = call(FrontierDb::take);
                if (taken != null) return taken.lease();
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) return null;
            signalLock.lockInterruptibly();
            try {
                while (pendingCount == 0 && left > 0 && !closed) left = pushed.awaitNanos(left);
            } finally {
                signalLock.unlock();
            }
            if (closed) throw new IllegalStateException("scheduler is closed");
        }
    }

    /** Up to {@code max} leases in one transaction (one commit), hosts taking turns as in {@link #poll}. */
    @Override
    public List<Lease> pollBatch(int max) {
        if (max <= 0 || pendingCount == 0) return List.of();
        List<FrontierDb.Taken> taken = call(db -> {
            List<FrontierDb.Taken> out = new ArrayList<>(Math.min(max, 256));
            for (FrontierDb.Taken t; out.size() < max && (t = db.take()) != null; ) out.add(t);
            return out;
        });
        return taken.stream().map(FrontierDb.Taken::lease).toList(); // decoded outside the transaction
    }

    @Override
    public void ack(Lease lease) {
        long seq = Long.parseLong(lease.id());
        call(db -> db.ack(seq));
    }

    @Override
    public boolean unsee(Request request) {
        byte[] fp = FrontierDb.bytes(request.fingerprint());
        call(db -> {
            db.unsee(fp);
            return null;
        });
        return true;
    }

    /** Committed with the next call (a page without items is one transaction fewer). */
    @Override
    public void ackLater(Lease lease) {
        long seq = Long.parseLong(lease.id());
        defer(db -> db.ack(seq), "acknowledging " + lease.request().url());
    }

    /** Every lease in one transaction. */
    @Override
    public void ackAll(List<Lease> leases) {
        if (leases.isEmpty()) return;
        long[] seqs = leases.stream().mapToLong(l -> Long.parseLong(l.id())).toArray();
        call(db -> {
            for (long seq : seqs) db.ack(seq);
            return null;
        });
    }

    @Override
    public void requeue(Lease lease, Request request) {
        long seq = Long.parseLong(lease.id());
        FrontierDb.Encoded e = FrontierDb.Encoded.of(request);
        call(db -> db.requeue(seq, e));
    }

    @Override
    public long pendingCount() {
        return pendingCount;
    }

    @Override
    public long inFlightCount() {
        return inFlightCount;
    }

    @Override
    public long seenCount() {
        return seenCount;
    }

    @Override
    public PageRecords pageRecords() {
        return pages;
    }

    @Override
    public boolean isPersistent() {
        return true;
    }

    /** The budgets in the job's file: a resumed job goes on spending them. */
    @Override
    public PageBudget pageBudget() {
        return (host, domain, fp, maxPerHost, maxPerDomain) ->
                call(db -> db.pages().admit(host, domain, fp, maxPerHost, maxPerDomain));
    }

    /** The SimHashes in the job's file: a resumed job keeps its near-duplicate groups. */
    @Override
    public SimHashIndex simHashIndex() {
        return (simHash, url) -> call(db -> db.pages().firstNear(simHash, url));
    }

    /** The job's {@code renderer = auto} decisions, in its frontier file: kept when the job is resumed. */
    @Override
    public RenderDecisionStore renderDecisionStore() {
        return new RenderDecisionStore() {
            @Override
            public void put(String pattern, Decision decision) {
                call(db -> db.renderDecisions().put(pattern, decision));
            }

            @Override
            public Optional<Decision> get(String pattern) {
                return call(db -> db.renderDecisions().get(pattern));
            }

            @Override
            public Map<String, Decision> all() {
                return call(db -> db.renderDecisions().all());
            }
        };
    }

    /**
     * The job's sessions, in {@value SqliteSessionStore#FILE_NAME} beside the frontier: kept when the
     * job is resumed, cleared when a new crawl starts in the directory.
     */
    @Override
    public synchronized SessionStore sessionStore() {
        if (closed) throw new IllegalStateException("scheduler is closed");
        if (sessions == null) sessions = SqliteSessionStore.open(dir, !resumed);
        return sessions;
    }

    /** Finishes the queued operations, then closes the file and releases the job lock. Idempotent. */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        synchronized (this) {
            if (sessions != null) sessions.close();
        }
        leader.lock();
        try {
            if (dbClosed) return;
            while (!ops.isEmpty()) runBatch(drain());
            dbClosed = true;
            try {
                db.close();
            } catch (SQLException e) {
                LOG.warn("closing {}: {}", dir, e.getMessage());
            }
            try {
                lock.release();
                lockChannel.close();
            } catch (IOException e) {
                LOG.warn("releasing the lock of {}: {}", dir, e.getMessage());
            }
        } finally {
            leader.unlock();
        }
        signalAll();
    }

    // ---- group commit

    /** Runs {@code work} in a committed transaction and waits, uninterruptibly, for the commit. */
    <T> T call(Work<T> work) {
        if (closed) throw new IllegalStateException("scheduler is closed");
        Op<T> op = new Op<>(work, new CompletableFuture<>());
        ops.add(op);
        lead();
        try {
            return op.result().join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException re) throw re;
            throw new SpinneretException("frontier " + dir + ": " + cause.getMessage(), cause);
        }
    }

    /**
     * Queues {@code work} for the next batch, without waiting for it: it is committed with the next
     * call any thread makes (in the same transaction, or an earlier one), or at {@link #close}. A
     * failure is logged. For writes that ride along with a call that follows anyway, such as a
     * page's record ahead of the page's acknowledgement.
     */
    void defer(Work<?> work, String what) {
        if (closed) throw new IllegalStateException("scheduler is closed");
        Op<Object> op = new Op<>(db -> work.run(db), new CompletableFuture<>());
        op.result().whenComplete((r, e) -> {
            if (e != null) LOG.warn("frontier {}: {} failed: {}", dir, what, e.getMessage());
        });
        ops.add(op);
    }

    /**
     * Runs queued operations until none is left, unless another thread is doing so. That thread
     * looks at the queue again after it lets go of the lock, so no operation is left behind.
     */
    private void lead() {
        while (!ops.isEmpty() && leader.tryLock()) {
            try {
                while (!ops.isEmpty()) {
                    List<Op<?>> batch = drain();
                    if (dbClosed) {
                        for (Op<?> op : batch)
                            op.result().completeExceptionally(new IllegalStateException("scheduler is closed"));
                    } else {
                        runBatch(batch);
                    }
                }
            } finally {
                leader.unlock();
            }
        }
    }

    private List<Op<?>> drain() {
        List<Op<?>> batch = new ArrayList<>();
        Op<?> op;
        while (batch.size() < MAX_BATCH && (op = ops.poll()) != null) batch.add(op);
        return batch;
    }

    private void runBatch(List<Op<?>> batch) {
        Object[] results = new Object[batch.size()];
        db.begin();
        try {
            for (int i = 0; i < batch.size(); i++)
                results[i] = batch.get(i).work().run(db);
            db.commit();
        } catch (SQLException | RuntimeException e) {
            boolean clean = db.rollback();
            if (batch.size() == 1 || !clean) { // not clean: every operation gets the cause (a full disk)
                for (Op<?> op : batch) op.result().completeExceptionally(e);
            } else {
                for (Op<?> op : batch) runBatch(List.of(op)); // isolate the failing op
            }
            return;
        }
        publishCounts();
        for (int i = 0; i < batch.size(); i++) complete(batch.get(i), results[i]);
    }

    @SuppressWarnings("unchecked")
    private static <T> void complete(Op<T> op, Object result) {
        op.result().complete((T) result);
    }

    private void publishCounts() {
        inFlightCount = db.inFlight; // in-flight first: a concurrent reader never sees both at zero
        long before = pendingCount;
        pendingCount = db.pending;
        seenCount = db.seen;
        if (db.pending > before) signalAll();
    }

    private void signalAll() {
        signalLock.lock();
        try {
            pushed.signalAll();
        } finally {
            signalLock.unlock();
        }
    }
}
