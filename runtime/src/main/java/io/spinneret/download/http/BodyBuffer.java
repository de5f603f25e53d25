package io.spinneret.download.http;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * A response body while it is read or decompressed: chunks of {@link BodyMemory#CHUNK} bytes,
 * never more than the limit ({@code max_body_size}) in all, joined into one array only once the
 * whole body is in. Growing by doubling one array instead would copy every byte again at each step
 * and leave arrays up to the limit behind, twice the body in garbage, for every body that turns out
 * too large. Chunks come from and go back to {@link BodyMemory}, which also makes a body past
 * {@link BodyMemory#SMALL} wait for its share of the large-body memory. Not thread-safe: one reader,
 * which calls {@link #release} when done (after {@link #toByteArray}, or on failure).
 *
 * <p>Writing: {@link #array()} at {@link #offset()}, at most {@link #space()} bytes, then
 * {@link #advance}. {@link #space()} is 0 once the limit is reached.
 */
final class BodyBuffer {
    static final int CHUNK = BodyMemory.CHUNK;

    private final long limit;
    private final List<byte[]> chunks = new ArrayList<>();
    private byte[] current;
    private int pos;
    private long size;
    private int share;

    /** @param first the size of the first chunk, at most {@link #CHUNK}: a small body stays one small array */
    BodyBuffer(long limit, int first) {
        this.limit = limit;
        int n = (int) Math.max(0, Math.min(limit, Math.min(first, CHUNK)));
        this.current = n == CHUNK ? BodyMemory.chunk() : new byte[n];
    }

    BodyBuffer(long limit) {
        this(limit, 8192);
    }

    /** Bytes so far. */
    long size() {
        return size;
    }

    /** True once the body holds the limit: one byte more and it is too large. */
    boolean atLimit() {
        return size >= limit;
    }

    /**
     * The chunk to write into next, after a new one is started if the current one is full; waits
     * for large-body memory when the body grows past {@link BodyMemory#SMALL}.
     *
     * @throws java.io.InterruptedIOException if interrupted while waiting
     */
    byte[] array() throws IOException {
        if (pos == current.length && size < limit) {
            if (share == 0 && size >= BodyMemory.SMALL) {
                int s = BodyMemory.share(limit);
                BodyMemory.acquire(s);
                share = s;
            }
            chunks.add(current);
            current = limit - size >= CHUNK ? BodyMemory.chunk() : new byte[(int) (limit - size)];
            pos = 0;
        }
        return current;
    }

    int offset() {
        return pos;
    }

    /** Room in {@link #array()} from {@link #offset()}, within the limit. Call {@link #array()} first. */
    int space() {
        return (int) Math.min(current.length - pos, limit - size);
    }

    /** Records {@code n} bytes written into {@link #array()} at {@link #offset()}. */
    void advance(int n) {
        pos += n;
        size += n;
    }

    /** Copies as much of {@code b} as fits within the limit; false if some of it did not. */
    boolean append(ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            byte[] a = array();
            int n = Math.min(space(), b.remaining());
            if (n == 0) return false;
            b.get(a, pos, n);
            advance(n);
        }
        return true;
    }

    /** Where {@link #readToEnd} reads from: {@code InputStream::read}, a connection's read. */
    @FunctionalInterface
    interface Source {
        int read(byte[] into, int offset, int length) throws IOException;
    }

    /** Reads {@code src} to its end; false if it holds more than the limit (one byte more is read to know). */
    boolean readToEnd(Source src) throws IOException {
        while (true) {
            if (atLimit()) return src.read(new byte[1], 0, 1) < 0;
            byte[] a = array();
            int n = src.read(a, pos, space());
            if (n < 0) return true;
            advance(n);
        }
    }

    /** The body in one array; then {@link #release}. */
    byte[] toByteArray() {
        if (chunks.isEmpty() && pos == current.length && current.length < CHUNK) {
            byte[] whole = current;
            current = new byte[0]; // handed out: not recycled
            return whole;
        }
        byte[] all = new byte[(int) size];
        int at = 0;
        for (byte[] c : chunks) {
            System.arraycopy(c, 0, all, at, c.length);
            at += c.length;
        }
        System.arraycopy(current, 0, all, at, pos);
        return all;
    }

    /** Gives the chunks and the large-body share back. Idempotent; the buffer is empty after it. */
    void release() {
        for (byte[] c : chunks) BodyMemory.recycle(c);
        chunks.clear();
        BodyMemory.recycle(current);
        current = new byte[0];
        pos = 0;
        size = 0;
        BodyMemory.release(share);
        share = 0;
    }
}
