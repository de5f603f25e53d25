package io.spinneret.engine;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;

/**
 * What lets a signal stop a crawl without a single new request going out: the engine's workers
 * pass it on their way to the downloader. Once {@link #close closed}, no worker gets onto the
 * wire, and those still on their way (waiting for their turn behind {@code download_delay}, for a
 * retry, for robots.txt) are interrupted at once, so their requests go back to the scheduler
 * instead of being sent one by one through the whole {@code shutdown_grace}. Requests already on
 * the wire, and responses already in hand, finish normally.
 *
 * <p>A worker is interrupted only while it is on its way: the interrupt is sent under the worker's
 * lock and the worker changes state under it, so it never hits a response being parsed or items
 * being stored. Thread-safe.
 */
public final class SendGate {
    private static final int ON_THE_WAY = 0, ON_THE_WIRE = 1, IN_HAND = 2;

    private final List<Slot> slots = new CopyOnWriteArrayList<>();
    private final ThreadLocal<Slot> own = new ThreadLocal<>();
    private volatile boolean closed;

    private static final class Slot {
        final Thread thread = Thread.currentThread();
        final ReentrantLock lock = new ReentrantLock(); // not synchronized: a virtual thread must not pin
        int state = ON_THE_WAY;
    }

    /** In a worker, before it handles a request: it is now on its way to the wire. */
    void lease() {
        Slot s = own.get();
        if (s == null) {
            s = new Slot();
            own.set(s);
            slots.add(s);
        }
        s.lock.lock();
        try {
            s.state = ON_THE_WAY;
            if (closed) s.thread.interrupt(); // closed before this lease: its waits end at once too
        } finally {
            s.lock.unlock();
        }
    }

    /** Whether the calling thread is one of the engine's workers (it has leased a request here). */
    boolean isWorker() {
        return own.get() != null;
    }

    /** Just before a request is sent: refused once the gate is closed. */
    void enter() throws InterruptedException {
        Slot s = own.get();
        if (s == null) {
            if (closed) throw new InterruptedException("stopping: not sent");
            return; // not one of the engine's workers (a side request on another thread): nothing to guard
        }
        s.lock.lock();
        try {
            if (closed) throw new InterruptedException("stopping: not sent");
            s.state = ON_THE_WIRE;
        } finally {
            s.lock.unlock();
        }
    }

    /** After the downloader returned or threw: on the way again (a retry, a redirect, the next middleware). */
    void exit() {
        set(ON_THE_WAY);
    }

    /** The response is in hand: from here on the request is handled to its end, even after {@link #close}. */
    void inHand() {
        Slot s = own.get();
        if (s == null) return;
        s.lock.lock();
        try {
            if (s.state == ON_THE_WAY && closed) Thread.interrupted(); // an interrupt sent as the response came back
            s.state = IN_HAND;
        } finally {
            s.lock.unlock();
        }
    }

    /** Lets no request onto the wire any more and interrupts the workers on their way to it. Idempotent. */
    void close() {
        closed = true;
        for (Slot s : slots) {
            s.lock.lock();
            try {
                if (s.state == ON_THE_WAY) s.thread.interrupt();
            } finally {
                s.lock.unlock();
            }
        }
    }

    private void set(int state) {
        Slot s = own.get();
        if (s == null) return;
        s.lock.lock();
        try {
            s.state = state;
        } finally {
            s.lock.unlock();
        }
    }
}
