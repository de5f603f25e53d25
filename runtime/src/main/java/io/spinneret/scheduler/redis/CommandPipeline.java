package io.spinneret.scheduler.redis;

import io.spinneret.api.SpinneretException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;
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
 * Sends the commands of many callers to Redis in pipelines: one platform thread takes every
 * command queued at that moment (up to {@value #MAX_BATCH}) and sends them in one round trip, so a
 * hundred virtual threads acking at once cost one round trip, not a hundred. Each caller waits for
 * its own reply. Commands run in the order they were queued.
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

    private static final Op<Void> STOP = new Op<>(p -> null, new CompletableFuture<>(), null);

    private final JedisPool pool;
    private final LinkedBlockingQueue<Op<?>> queue = new LinkedBlockingQueue<>();
    private final Thread thread;
    private volatile boolean stopped;

    CommandPipeline(JedisPool pool, String name) {
        this.pool = pool;
        this.thread = Thread.ofPlatform().daemon().name("spinneret-redis-" + name).unstarted(this::run);
        thread.start();
    }

    /** Runs a script with EVALSHA and waits for its reply. */
    Object eval(LuaScripts script, List<String> keys, List<String> args) {
        return call(p -> p.evalsha(script.sha(), keys, args), script);
    }

    /** Runs a plain command and waits for its reply. */
    <T> T call(Command<T> command) {
        return call(command, null);
    }

    private <T> T call(Command<T> command, @Nullable LuaScripts script) {
        if (stopped) throw new IllegalStateException("scheduler is closed");
        Op<T> op = new Op<>(command, new CompletableFuture<>(), script);
        queue.add(op);
        if (!thread.isAlive()) failQueued();
        try {
            return op.result().join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException re) throw re;
            throw e;
        }
    }

    private void run() {
        List<Op<?>> batch = new ArrayList<>();
        boolean stop = false;
        try {
            while (!stop) {
                batch.add(queue.take());
                queue.drainTo(batch, MAX_BATCH - 1);
                stop = batch.remove(STOP);
                if (!batch.isEmpty()) send(batch);
                batch.clear();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            failQueued();
        }
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
                try {
                    Thread.sleep(100L << attempt);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                }
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

    /** Sends what is queued, then stops. */
    @Override
    public void close() {
        if (stopped) return;
        stopped = true;
        queue.add(STOP);
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
