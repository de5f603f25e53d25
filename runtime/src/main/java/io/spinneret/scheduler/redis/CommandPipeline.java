package io.spinneret.scheduler.redis;

import io.spinneret.api.SpinneretException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
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
 * <p>A batch that fails on the connection is retried on a new connection from the pool (a few
 * times, with backoff). The scripts tolerate that: a push is deduplicated, an ack or requeue of a
 * lease no longer in flight does nothing, and a pop whose reply was lost leaves an in-flight entry
 * that the visibility timeout reclaims. A script the server has forgotten is loaded again and its
 * command re-sent.
 */
final class CommandPipeline implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CommandPipeline.class);
    static final int MAX_BATCH = 256;
    private static final int ATTEMPTS = 4;

    /** Appends one command to a pipeline. */
    @FunctionalInterface
    interface Command<T> {
        Response<T> append(Pipeline pipeline);
    }

    private record Op<T>(Command<T> command, CompletableFuture<T> result, @Nullable LuaScripts script) {}

    private final JedisPool pool;
    private final ConcurrentLinkedQueue<Op<?>> queue = new ConcurrentLinkedQueue<>();
    private final ReentrantLock leader = new ReentrantLock(); // held while sending
    private volatile boolean stopped;

    CommandPipeline(JedisPool pool) {
        this.pool = pool;
    }

    /** Runs a script with EVALSHA and waits for its reply. */
    Object eval(LuaScripts script, List<String> keys, List<String> args) {
        return call(p -> p.evalsha(script.sha(), keys, args), script);
    }

    /** Runs a script with EVALSHA on binary keys and arguments; bulk replies come back as {@code byte[]}. */
    Object evalBinary(LuaScripts script, List<byte[]> keys, List<byte[]> args) {
        byte[] sha = script.sha().getBytes(StandardCharsets.US_ASCII);
        return call(p -> p.evalsha(sha, keys, args), script);
    }

    /** Runs a plain command and waits for its reply. */
    <T> T call(Command<T> command) {
        return call(command, null);
    }

    private <T> T call(Command<T> command, @Nullable LuaScripts script) {
        if (stopped) throw new IllegalStateException("scheduler is closed");
        Op<T> op = new Op<>(command, new CompletableFuture<>(), script);
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
        for (int attempt = 1; ; attempt++) {
            try (Jedis jedis = pool.getResource()) {
                Pipeline p = jedis.pipelined();
                List<Response<?>> replies = new ArrayList<>(batch.size());
                for (Op<?> op : batch) replies.add(op.command().append(p));
                p.sync();
                List<Op<?>> unknownScript = new ArrayList<>();
                for (int i = 0; i < batch.size(); i++) {
                    Op<?> op = batch.get(i);
                    try {
                        complete(op, replies.get(i).get());
                    } catch (JedisDataException e) {
                        if (op.script() != null && String.valueOf(e.getMessage()).startsWith("NOSCRIPT")) {
                            unknownScript.add(op);
                        } else {
                            op.result().completeExceptionally(e);
                        }
                    }
                }
                if (unknownScript.isEmpty()) return;
                for (Op<?> op : unknownScript) jedis.scriptLoad(java.util.Objects.requireNonNull(op.script()).source());
                batch = unknownScript; // NOSCRIPT means the command did not run: send it again
            } catch (JedisConnectionException e) {
                if (attempt == ATTEMPTS) {
                    SpinneretException failure = new SpinneretException("Redis connection failed: " + e.getMessage(), e);
                    for (Op<?> op : batch) op.result().completeExceptionally(failure);
                    return;
                }
                LOG.warn("Redis connection failed ({}); retrying", e.getMessage());
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100L << attempt));
            } catch (RuntimeException e) {
                for (Op<?> op : batch) op.result().completeExceptionally(e);
                return;
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> void complete(Op<T> op, Object reply) {
        op.result().complete((T) reply);
    }

    private void failQueued() {
        Op<?> op;
        while ((op = queue.poll()) != null) op.result().completeExceptionally(new IllegalStateException("scheduler is closed"));
    }

    /** Sends what is queued; later calls fail. The pool is the caller's to close. */
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
