package io.spinneret.scheduler.redis;

import io.spinneret.spi.SchedulerFailedException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisAccessControlException;
import redis.clients.jedis.exceptions.JedisClusterOperationException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * Sends the commands of many callers to Redis in pipelines. Each caller queues its command; the
 * caller that finds no one else sending (the leader) takes every queued command, up to
 * {@value #MAX_BATCH}, sends them in one round trip, and goes on until the queue is empty, while
 * the others wait for their replies. A lone caller thus sends its own command at once, with no
 * thread hand-off, and a hundred virtual threads acking at once cost a few round trips, not a
 * hundred. Commands run in the order they were queued.
 *
 * <h2>Outages</h2>
 * A batch that fails on the connection (the server restarts, a read times out, a cluster master
 * fails over) is sent again, with back-off from 50 ms up to 1 s, until it succeeds or the retry
 * budget ({@code redis_retry_timeout}) since its first failure is spent; only then do its callers
 * get an error. Before the server has answered once, the budget is 2 s: a wrong address or a
 * server that is down at the start is reported at once; after a batch has spent its budget, the
 * next failures are reported at once (the crawl is failing: closing it must not wait again) until
 * a command goes through. The error says how long the commands had been failing. A command the
 * server refused without running it ({@code LOADING} after a restart, {@code MOVED},
 * {@code CLUSTERDOWN}, {@code READONLY} during a failover) is sent again the same way; so is one
 * whose reply was lost with its connection (a cluster pipeline leaves the replies of a node it
 * lost unread). Between attempts a cluster client re-reads the cluster's slots, so it follows a
 * promoted replica at the next attempt. A script the server does not know ({@code NOSCRIPT}: a
 * restart, a failover, {@code SCRIPT FLUSH}) is loaded, on every node of a cluster, and sent again
 * at once: not an outage. A batch sent again may
 * have run already, so every command must be idempotent: the scripts are (a push is deduplicated,
 * an ack, requeue or touch of a lease no longer in flight does nothing), and a pop is made so by
 * {@link LuaScripts#once} (its reply is kept under a token until it is received).
 */
final class CommandPipeline implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CommandPipeline.class);
    static final int MAX_BATCH = 256;
    private static final long FIRST_BACKOFF_NANOS = Duration.ofMillis(50).toNanos();
    private static final long MAX_BACKOFF_NANOS = Duration.ofSeconds(1).toNanos();
    /** How long a batch waits for {@code redis_wait_replicas} replicas to acknowledge its writes. */
    static final long WAIT_MILLIS = 1000;

    private static final long WARN_EVERY_NANOS = Duration.ofSeconds(10).toNanos();
    private static final long FIRST_CONTACT_NANOS = Duration.ofSeconds(2).toNanos();

    /** Appends one command to a pipeline. */
    @FunctionalInterface
    interface Command<T> {
        Response<T> append(AbstractPipeline pipeline);
    }

    /**
     * A queued command; {@code key}, a key a script writes (its first), says which master a
     * {@code redis_wait_replicas} WAIT must go to.
     */
    private record Op<T>(
            Command<T> command,
            CompletableFuture<T> result,
            @Nullable String script,
            byte @Nullable [] key) {}

    /** A script to run with {@link #evalAll}: its keys and arguments, binary. */
    record ScriptCall(LuaScripts.Script script, List<byte[]> keys, List<byte[]> args) {}

    private final UnifiedJedis client;
    private final Runnable refreshTopology;
    private final Consumer<String> loadScript;
    private final String where; // for messages: the redacted endpoint
    private final Function<byte[], Object> masterOf;
    private final byte[] sampleKey; // routes WAIT for a script without keys to the crawl's slot
    private final long retryNanos;
    private final int waitReplicas;
    private final ConcurrentLinkedQueue<Op<?>> queue = new ConcurrentLinkedQueue<>();
    private final ReentrantLock leader = new ReentrantLock(); // held while sending
    private volatile boolean stopped;
    private @Nullable String refusal; // the last refusal of the batch being sent (leader only)
    private @Nullable String lostReplies; // why replies of the batch being sent were lost (leader only)
    private boolean reloaded; // a script of the batch being sent was loaded again (leader only)
    private long failingSince; // when the commands began failing, 0 while they go through (leader only)
    private long lastWaitWarning; // leader only
    private volatile boolean
            answered; // the server answered once: until then a failure is a wrong URL or a server down, said at once
    private volatile boolean gaveUp; // the last batch spent its budget: the next failure is reported at once

    CommandPipeline(UnifiedJedis client, String where, String sampleKey, Duration retryBudget) {
        this(new RedisEndpoint.Connected(client), where, sampleKey, retryBudget, 0);
    }

    /**
     * @param waitReplicas with more than 0, each batch that runs a script (every write of the
     *     crawl's frontier is one) ends with {@code WAIT waitReplicas} on every master the batch's
     *     scripts wrote to, once per master ({@code redis_wait_replicas}): its callers get their
     *     replies once that many replicas of each have the batch's writes, or {@value #WAIT_MILLIS}
     *     ms passed (a warning says so)
     */
    CommandPipeline(
            RedisEndpoint.Connected connected, String where, String sampleKey, Duration retryBudget, int waitReplicas) {
        this.client = connected.client();
        this.refreshTopology = connected.refreshTopology();
        this.loadScript = connected.loadScript();
        this.where = where;
        this.masterOf = connected.masterOf();
        this.sampleKey = sampleKey.getBytes(StandardCharsets.UTF_8);
        this.retryNanos = retryBudget.toNanos();
        this.waitReplicas = waitReplicas;
    }

    /** Runs a script with EVALSHA (loading it when the server does not have it) and waits for its reply. */
    Object eval(LuaScripts.Script script, List<String> keys, List<String> args) {
        byte[] key = keys.isEmpty() ? null : keys.get(0).getBytes(StandardCharsets.UTF_8);
        return call(p -> p.evalsha(script.sha(), keys, args), script.source(), key);
    }

    /** {@link #eval} on binary keys and arguments; bulk replies come back as {@code byte[]}. */
    Object evalBinary(LuaScripts.Script script, List<byte[]> keys, List<byte[]> args) {
        return call(binary(script, keys, args), script.source(), firstKey(keys));
    }

    /**
     * Runs several scripts together (one round trip for up to {@value #MAX_BATCH}; in a cluster,
     * one per master) and waits for every reply, in order.
     *
     * @throws RuntimeException the first failure, after every call was answered
     */
    List<Object> evalAll(List<ScriptCall> calls) {
        if (stopped) throw new IllegalStateException("scheduler is closed");
        List<CompletableFuture<Object>> results = new ArrayList<>(calls.size());
        for (ScriptCall c : calls) {
            Op<Object> op = new Op<>(
                    binary(c.script(), c.keys(), c.args()),
                    new CompletableFuture<>(),
                    c.script().source(),
                    firstKey(c.keys()));
            results.add(op.result());
            queue.add(op);
        }
        lead();
        List<Object> replies = new ArrayList<>(calls.size());
        RuntimeException first = null;
        for (CompletableFuture<Object> r : results) {
            try {
                replies.add(r.join());
            } catch (CompletionException e) {
                if (first == null) first = e.getCause() instanceof RuntimeException re ? re : e;
                replies.add(null);
            }
        }
        if (first != null) throw first;
        return replies;
    }

    private static byte @Nullable [] firstKey(List<byte[]> keys) {
        return keys.isEmpty() ? null : keys.get(0);
    }

    private static Command<Object> binary(LuaScripts.Script script, List<byte[]> keys, List<byte[]> args) {
        byte[] binarySha = script.sha().getBytes(StandardCharsets.US_ASCII);
        return p -> p.evalsha(binarySha, keys, args);
    }

    /** Runs a plain command and waits for its reply. */
    <T> T call(Command<T> command) {
        return call(command, null, null);
    }

    /**
     * Queues a command without waiting: it goes with the next batch (the next call, or close).
     * Its failure is only logged, at debug level. For clean-up that nobody waits for.
     */
    <T> void post(Command<T> command) {
        post(command, null);
    }

    /**
     * As {@link #post(Command)}, for a write that matters: its failure is logged as a warning
     * naming {@code what}. A write posted before a call is sent in the same batch or an earlier one.
     */
    <T> void post(Command<T> command, @Nullable String what) {
        post(new Op<>(command, new CompletableFuture<>(), null, null), what);
    }

    /**
     * As {@link #post(Command, String)}, for a script: loaded again if the server forgot it, and its
     * write waited for by {@code redis_wait_replicas}, as with {@link #evalAll}.
     */
    void post(ScriptCall c, String what) {
        post(
                new Op<>(
                        binary(c.script(), c.keys(), c.args()),
                        new CompletableFuture<>(),
                        c.script().source(),
                        firstKey(c.keys())),
                what);
    }

    private <T> void post(Op<T> op, @Nullable String what) {
        if (stopped) return;
        op.result().whenComplete((r, e) -> {
            if (e == null) return;
            if (what == null) LOG.debug("Redis clean-up command failed: {}", e.getMessage());
            else LOG.warn("Redis at {}: {} failed: {}", where, what, e.getMessage());
        });
        queue.add(op);
    }

    private <T> T call(Command<T> command, @Nullable String script, byte @Nullable [] key) {
        if (stopped) throw new IllegalStateException("scheduler is closed");
        Op<T> op = new Op<>(command, new CompletableFuture<>(), script, key);
        queue.add(op);
        lead();
        try {
            return op.result().join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException re) throw re;
            throw e;
        }
    }

    /**
     * Sends queued commands until none is left, unless another thread is doing so. That thread
     * looks at the queue again after it lets go of the lock, so no command is left behind.
     */
    private void lead() {
        while (!queue.isEmpty() && leader.tryLock()) {
            try {
                while (!queue.isEmpty()) send(drain());
            } finally {
                leader.unlock();
            }
        }
    }

    private List<Op<?>> drain() {
        List<Op<?>> batch = new ArrayList<>();
        Op<?> op;
        while (batch.size() < MAX_BATCH && (op = queue.poll()) != null) batch.add(op);
        return batch;
    }

    private void send(List<Op<?>> batch) {
        long firstFailure = 0, lastWarning = 0, backoff = FIRST_BACKOFF_NANOS;
        refusal = null;
        boolean scriptsReloaded = false;
        while (true) {
            RuntimeException failure;
            lostReplies = null;
            reloaded = false;
            try {
                batch = sendOnce(batch, !scriptsReloaded);
                if (batch.isEmpty()) {
                    answered = true;
                    gaveUp = false;
                    if (failingSince != 0) {
                        LOG.info(
                                "Redis at {} answers again after {} ms",
                                where,
                                (System.nanoTime() - failingSince) / 1_000_000);
                        failingSince = 0;
                    }
                    return;
                }
                if (lostReplies != null) {
                    failure = new JedisConnectionException(lostReplies);
                } else if (reloaded) { // NOSCRIPT: the scripts are loaded now, send the rest again at once
                    scriptsReloaded = true;
                    continue;
                } else {
                    answered = true;
                    failure = null; // some commands were refused without running (LOADING, MOVED...): again
                    refusal = refusal == null ? "commands refused" : refusal;
                }
            } catch (JedisConnectionException | JedisClusterOperationException e) {
                if (accessDenied(e)) {
                    failAll(
                            batch,
                            new SchedulerFailedException(
                                    "Redis at " + where + " refused the credentials: " + message(e), e));
                    return;
                }
                failure = e;
            } catch (RuntimeException e) {
                failAll(batch, e);
                return;
            }
            long now = System.nanoTime();
            if (firstFailure == 0) firstFailure = now;
            if (failingSince == 0) failingSince = now;
            long budget = gaveUp ? 0 : answered ? retryNanos : Math.min(retryNanos, FIRST_CONTACT_NANOS);
            if (now - firstFailure >= budget) {
                gaveUp = true;
                String why = failure != null ? message(failure) : "the server kept refusing commands (" + refusal + ")";
                failAll(
                        batch,
                        new SchedulerFailedException(
                                "Redis at " + where + " failed for " + seconds(now - failingSince)
                                        + " (redis_retry_timeout): " + why,
                                failure));
                return;
            }
            if (lastWarning == 0 || now - lastWarning >= WARN_EVERY_NANOS) {
                lastWarning = now;
                LOG.warn(
                        "Redis at {} is unavailable ({}); retrying for up to {} s",
                        where,
                        failure != null ? message(failure) : refusal,
                        retryNanos / 1_000_000_000);
            }
            LockSupport.parkNanos(backoff);
            backoff = Math.min(backoff * 2, MAX_BACKOFF_NANOS);
            probe();
        }
    }

    /** {@code 61.2 s}, or {@code 350 ms} under a second. */
    private static String seconds(long nanos) {
        long millis = nanos / 1_000_000;
        return millis < 1000 ? millis + " ms" : String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
    }

    /**
     * Sends one batch in one pipeline. A reply lost on the connection (a cluster pipeline leaves
     * the replies of a node it lost unset) sets {@link #lostReplies}; a script the server did not
     * know is loaded and sets {@link #reloaded} (once per batch: {@code reload}).
     *
     * @return the commands to send again: refused without running, or whose reply was lost
     */
    private List<Op<?>> sendOnce(List<Op<?>> batch, boolean reload) {
        List<Op<?>> again = new ArrayList<>();
        Set<String> loaded = new HashSet<>();
        try (AbstractPipeline p = client.pipelined()) {
            List<Response<?>> replies = new ArrayList<>(batch.size());
            for (Op<?> op : batch) replies.add(op.command().append(p));
            List<Response<Long>> waited = waitReplicas > 0 ? appendWaits(p, batch) : List.of();
            p.sync();
            for (int i = 0; i < batch.size(); i++) {
                Op<?> op = batch.get(i);
                try {
                    complete(op, replies.get(i).get());
                } catch (IllegalStateException lost) { // "Please close pipeline...": no reply was read
                    lostReplies = "the connection was lost before the reply";
                    again.add(op);
                } catch (JedisDataException e) {
                    String code =
                            String.valueOf(e.getMessage()).split(" ", 2)[0].toUpperCase(Locale.ROOT);
                    if (code.equals("NOSCRIPT") && op.script() != null) {
                        String script = Objects.requireNonNull(op.script());
                        if (loaded.add(script)) loadScript.accept(script);
                        if (reload) reloaded = true;
                        else refusal = e.getMessage(); // loaded, and forgotten again: a server that keeps flushing
                        again.add(op);
                    } else if (refusedWithoutRunning(code)) {
                        refusal = e.getMessage();
                        again.add(op);
                    } else {
                        op.result().completeExceptionally(e);
                    }
                }
            }
            if (!waited.isEmpty() && again.isEmpty()) checkWait(waited);
        }
        return again;
    }

    /**
     * Appends one {@code WAIT} per master the batch's scripts wrote to, each after that master's
     * commands on its connection. The crawl's writes are scripts: a batch of reads alone (counts,
     * status) waits for nothing.
     */
    private List<Response<Long>> appendWaits(AbstractPipeline p, List<Op<?>> batch) {
        Map<Object, byte[]> keyPerMaster = new HashMap<>();
        for (Op<?> op : batch) {
            if (op.script() == null) continue;
            byte[] key = op.key() != null ? op.key() : sampleKey;
            keyPerMaster.putIfAbsent(masterOf.apply(key), key);
        }
        List<Response<Long>> waits = new ArrayList<>(keyPerMaster.size());
        for (byte[] key : keyPerMaster.values()) waits.add(p.waitReplicas(key, waitReplicas, WAIT_MILLIS));
        return waits;
    }

    /** Warns (every 10 s at most) when fewer replicas than {@code redis_wait_replicas} acknowledged a batch on a master. */
    private void checkWait(List<Response<Long>> waited) {
        long acknowledged = Long.MAX_VALUE; // the fewest, over the masters waited on
        for (Response<Long> w : waited) {
            try {
                acknowledged = Math.min(acknowledged, w.get());
            } catch (RuntimeException e) {
                LOG.debug("WAIT failed: {}", e.toString());
                acknowledged = -1;
            }
        }
        long now = System.nanoTime();
        if (acknowledged < waitReplicas && (lastWaitWarning == 0 || now - lastWaitWarning >= WARN_EVERY_NANOS)) {
            lastWaitWarning = now;
            LOG.warn(
                    "Redis at {}: {} of {} replicas (redis_wait_replicas) acknowledged writes within {} ms;"
                            + " a failover now may lose them",
                    where,
                    Math.max(acknowledged, 0),
                    waitReplicas,
                    WAIT_MILLIS);
        }
    }

    /** Error codes of commands the server did not run and will run later. */
    private static boolean refusedWithoutRunning(String code) {
        return switch (code) {
            case "LOADING", "BUSY", "TRYAGAIN", "CLUSTERDOWN", "MASTERDOWN", "READONLY", "MOVED", "ASK" -> true;
            default -> false;
        };
    }

    /**
     * After a failure: a cluster client re-reads which master holds which slot, so that the next
     * attempt goes to a promoted replica as soon as the cluster has promoted it.
     */
    private void probe() {
        try {
            refreshTopology.run();
        } catch (RuntimeException stillDown) {
            // the next attempt says what is wrong
        }
    }

    private static boolean accessDenied(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof JedisAccessControlException) return true;
            String m = String.valueOf(t.getMessage());
            if (m.startsWith("WRONGPASS") || m.startsWith("NOAUTH") || m.startsWith("NOPERM")) return true;
        }
        return false;
    }

    /** The innermost message of a failure: Jedis wraps the useful one ("Connection refused") in pool errors. */
    private static String message(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        return t == e ? String.valueOf(e.getMessage()) : e.getMessage() + ": " + t.getMessage();
    }

    private static void failAll(List<Op<?>> batch, RuntimeException e) {
        for (Op<?> op : batch) op.result().completeExceptionally(e);
    }

    @SuppressWarnings("unchecked")
    private static <T> void complete(Op<T> op, Object reply) {
        op.result().complete((T) reply);
    }

    /** Sends what is queued; later calls fail. The client is the caller's to close. */
    @Override
    public void close() {
        stopped = true;
        leader.lock();
        try {
            while (!queue.isEmpty()) send(drain());
        } finally {
            leader.unlock();
        }
    }
}
