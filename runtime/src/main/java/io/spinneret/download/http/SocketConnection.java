package io.spinneret.download.http;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * One HTTP/1.1 connection on a blocking socket: a read buffer, line reading for the head, and raw
 * reads for the body. Used by one thread at a time (the pool hands it out exclusively).
 *
 * <p>The socket has no timeout of its own: from {@link #begin} to {@link #finish} the exchange is
 * watched by a {@link DeadlineWatchdog}, which closes the socket once the deadline has passed; the
 * blocked read or write then fails with a {@link SocketTimeoutException}.
 */
final class SocketConnection implements AutoCloseable {
    /** Longest status, header or chunk-size line accepted. */
    static final int MAX_LINE = 64 * 1024;

    private static final int IDLE = 0, BUSY = 1, EXPIRED = 2;

    final String key;
    private final @Nullable Socket socket;
    private final DeadlineWatchdog watchdog;
    /** IDLE, BUSY (an exchange under way) or EXPIRED (its deadline passed; the socket is closed). */
    private final AtomicInteger state = new AtomicInteger(IDLE);

    private final InputStream in;
    private final OutputStream out;
    private final byte[] buf = new byte[16 * 1024];
    private int pos;
    private int lim;
    /** Where the response head being kept starts in {@link #buf}, or -1 when none is being kept. */
    private int headStart = -1;
    /** The kept head's bytes that a later read replaced in {@link #buf} (a head longer than one read). */
    private @Nullable ByteArrayOutputStream headBefore;

    private volatile long deadline;
    /** Bytes received during the current exchange; 0 means the server has not answered yet. */
    private long received;
    /** {@link System#nanoTime} when the connection went back to the pool. */
    long idleSince;
    /** Exchanges completed on this connection. */
    int uses;

    SocketConnection(String key, Socket socket, DeadlineWatchdog watchdog) throws IOException {
        this(key, socket, socket.getInputStream(), socket.getOutputStream(), watchdog);
    }

    /** A connection over plain streams, without a socket: for the response parser's fuzz test. */
    SocketConnection(String key, InputStream in, OutputStream out, DeadlineWatchdog watchdog) {
        this(key, null, in, out, watchdog);
    }

    private SocketConnection(
            String key, @Nullable Socket socket, InputStream in, OutputStream out, DeadlineWatchdog watchdog) {
        this.key = key;
        this.socket = socket;
        this.watchdog = watchdog;
        this.in = in;
        this.out = out;
    }

    /** The server's IP address, as a literal. */
    String remoteAddress() {
        InetAddress a = socket.getInetAddress();
        return a == null ? "" : a.getHostAddress();
    }

    /** Starts an exchange that must complete before {@code deadline} (nanoTime). */
    void begin(long deadline) {
        this.deadline = deadline;
        this.received = 0;
        state.set(BUSY);
        watchdog.watch(this);
    }

    /**
     * Ends the exchange begun by {@link #begin}.
     *
     * @return false if the watchdog expired it first (the socket is closed: do not reuse it)
     */
    boolean finish() {
        watchdog.unwatch(this);
        return state.compareAndSet(BUSY, IDLE);
    }

    /** Called by the watchdog: closes the socket if the exchange under way is past its deadline. */
    void expireIfPast(long now) {
        if (state.get() == BUSY && now - deadline >= 0 && state.compareAndSet(BUSY, EXPIRED)) close();
    }

    /** {@code e}, or a timeout if the watchdog closed the socket under it. */
    private IOException timeoutOr(IOException e) {
        if (state.get() != EXPIRED) return e;
        SocketTimeoutException t = new SocketTimeoutException("deadline passed");
        t.initCause(e);
        return t;
    }

    boolean answered() {
        return received > 0;
    }

    /** Writes the request head and body in one go. */
    void send(byte[] head, byte[] body) throws IOException {
        try {
            if (body.length > 0 && head.length + body.length <= 64 * 1024) {
                byte[] all = new byte[head.length + body.length];
                System.arraycopy(head, 0, all, 0, head.length);
                System.arraycopy(body, 0, all, head.length, body.length);
                out.write(all);
            } else {
                out.write(head);
                if (body.length > 0) out.write(body);
            }
            out.flush();
        } catch (IOException e) {
            throw timeoutOr(e);
        }
    }

    /** Fills the buffer if empty; false at end of stream. */
    private boolean fill() throws IOException {
        if (pos < lim) return true;
        if (deadline - System.nanoTime() <= 0) throw new SocketTimeoutException("deadline passed");
        if (headStart >= 0) {
            // the read below replaces the buffer: the head's part of it is kept first
            if (headBefore == null) headBefore = new ByteArrayOutputStream(2 * (lim - headStart));
            headBefore.write(buf, headStart, lim - headStart);
            headStart = 0;
        }
        int n;
        try {
            n = in.read(buf, 0, buf.length);
        } catch (IOException e) {
            throw timeoutOr(e);
        }
        if (n <= 0 && state.get() == EXPIRED) throw new SocketTimeoutException("deadline passed");
        if (n <= 0) return false;
        pos = 0;
        lim = n;
        received += n;
        return true;
    }

    /**
     * A CRLF- (or LF-) terminated line without its terminator, as ISO-8859-1; null at end of
     * stream before any byte.
     */
    String readLine() throws IOException {
        StringBuilder sb = null;
        while (true) {
            if (!fill()) {
                if (sb == null) return null;
                throw new EOFException("connection closed in the middle of a line");
            }
            int start = pos;
            while (pos < lim && buf[pos] != '\n') pos++;
            if (pos < lim) {
                int end = pos++;
                if (sb == null) {
                    if (end > start && buf[end - 1] == '\r') end--;
                    return new String(buf, start, end - start, StandardCharsets.ISO_8859_1);
                }
                sb.append(new String(buf, start, end - start, StandardCharsets.ISO_8859_1));
                int l = sb.length();
                if (l > 0 && sb.charAt(l - 1) == '\r') sb.setLength(l - 1);
                return sb.toString();
            }
            if (sb == null) sb = new StringBuilder(256);
            sb.append(new String(buf, start, pos - start, StandardCharsets.ISO_8859_1));
            if (sb.length() > MAX_LINE) throw new IOException("response line longer than " + MAX_LINE + " bytes");
        }
    }

    /** Keeps the bytes read from here on, until {@link #endHead}: a response head as received. */
    void startHead() {
        headStart = pos;
        headBefore = null;
    }

    /**
     * The bytes read since {@link #startHead}, exactly as received: a copy of the buffer's slice,
     * joined to the earlier reads' part when the head was longer than one read.
     */
    byte[] endHead() {
        byte[] head;
        if (headBefore == null) {
            head = Arrays.copyOfRange(buf, headStart, pos);
        } else {
            headBefore.write(buf, headStart, pos - headStart);
            head = headBefore.toByteArray();
        }
        headStart = -1;
        headBefore = null;
        return head;
    }

    /** Reads up to {@code len} bytes; -1 at end of stream. */
    int read(byte[] dst, int off, int len) throws IOException {
        if (len == 0) return 0;
        if (!fill()) return -1;
        int n = Math.min(len, lim - pos);
        System.arraycopy(buf, pos, dst, off, n);
        pos += n;
        return n;
    }

    /** Reads exactly {@code len} bytes into {@code dst}. */
    void readFully(byte[] dst, int off, int len) throws IOException {
        while (len > 0) {
            int n = read(dst, off, len);
            if (n < 0) throw new EOFException("connection closed " + len + " bytes before the end of the body");
            off += n;
            len -= n;
        }
    }

    /** Skips exactly {@code len} bytes. */
    void skip(long len) throws IOException {
        while (len > 0) {
            if (!fill()) throw new EOFException("connection closed before the end of the body");
            int n = (int) Math.min(len, lim - pos);
            pos += n;
            len -= n;
        }
    }

    /** True if the server already sent something (or closed) while the connection sat idle. */
    boolean hasUnexpectedInput() {
        if (pos < lim) return true;
        try {
            return in.available() > 0;
        } catch (IOException e) {
            return true;
        }
    }

    boolean isOpen() {
        return socket != null && !socket.isClosed();
    }

    @Override
    public void close() {
        watchdog.unwatch(this);
        try {
            if (socket != null) socket.close();
            else in.close();
        } catch (IOException ignored) {
            // nothing to do: the connection is gone either way
        }
    }
}
