package io.spinneret.download.http;

import java.io.InterruptedIOException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The memory of the bodies being read, for the whole JVM: what bounds it when every response is
 * hostile (endless, or a compression bomb, each refused only at {@code max_body_size}).
 *
 * <ul>
 *   <li>Chunks are recycled: a body gives its chunks back when it is refused or joined into one
 *       array, and the next body takes them, so a run of refused bodies allocates nothing new and
 *       the garbage collector has nothing to grow the heap for. At most {@link #POOLED} bytes of
 *       chunks are kept.</li>
 *   <li>A body larger than {@link #SMALL} (1 MiB) needs a share of {@link #LARGE} (64 MiB)
 *       first: its limit's worth, so at most four 16 MiB bodies grow at once and the others wait
 *       (their sockets hold the rest of their bytes). A body never waits while it holds nothing of
 *       {@link #LARGE}, so waiting never deadlocks; one whose limit exceeds {@link #LARGE} takes all
 *       of it.</li>
 * </ul>
 * Thread-safe.
 */
final class BodyMemory {
    static final int CHUNK = 64 * 1024;
    static final long SMALL = 1 << 20;
    static final int LARGE_CHUNKS = (64 << 20) / CHUNK;
    static final long LARGE = (long) LARGE_CHUNKS * CHUNK;
    static final long POOLED = 32L << 20;

    private static final Semaphore large = new Semaphore(LARGE_CHUNKS, true);
    private static final ConcurrentLinkedQueue<byte[]> pool = new ConcurrentLinkedQueue<>();
    private static final AtomicInteger pooled = new AtomicInteger();

    private BodyMemory() {}

    /** A chunk of {@link #CHUNK} bytes, recycled if one is free. */
    static byte[] chunk() {
        byte[] c = pool.poll();
        if (c == null) return new byte[CHUNK];
        pooled.decrementAndGet();
        return c;
    }

    /** Gives a chunk back, no longer referenced by its body. */
    static void recycle(byte[] chunk) {
        if (chunk.length != CHUNK) return;
        if (pooled.incrementAndGet() * (long) CHUNK > POOLED) {
            pooled.decrementAndGet();
            return;
        }
        pool.add(chunk);
    }

    /** The share of {@link #LARGE} a body of at most {@code limit} bytes takes past {@link #SMALL}. */
    static int share(long limit) {
        return (int) Math.min(LARGE_CHUNKS, Math.max(1, (limit + CHUNK - 1) / CHUNK));
    }

    /** Waits for {@code permits} of the large-body memory. */
    static void acquire(int permits) throws InterruptedIOException {
        try {
            large.acquire(permits);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for memory for a large body");
        }
    }

    /** Large-body memory not taken now, in chunks (for tests). */
    static int largeAvailable() {
        return large.availablePermits();
    }

    static void release(int permits) {
        if (permits > 0) large.release(permits);
    }
}
