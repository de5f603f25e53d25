package io.spinneret.download.http;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

class DeadlineWatchdogTest {

    /** Both ends of a loopback TCP connection; the server end never sends anything. */
    private record Loopback(ServerSocket server, Socket client, Socket accepted) implements AutoCloseable {
        static Loopback open() throws IOException {
            ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
            Socket client = new Socket(server.getInetAddress(), server.getLocalPort());
            return new Loopback(server, client, server.accept());
        }

        @Override
        public void close() throws IOException {
            try (server;
                    client;
                    accepted) {
                // all three closed
            }
        }
    }

    /** Waits up to 5 s for {@code condition}; returns whether it came true. */
    private static boolean within5s(BooleanSupplier condition) throws InterruptedException {
        return within(5, condition);
    }

    /** Waits up to {@code seconds} for {@code condition}; returns whether it came true. */
    private static boolean within(int seconds, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < end) {
            if (condition.getAsBoolean()) return true;
            Thread.sleep(2);
        }
        return condition.getAsBoolean();
    }

    @Test
    void itSleepsUntilAnExchangeBeginsAndStillExpiresThatExchangeOnTime() throws Exception {
        try (Loopback link = Loopback.open();
                DeadlineWatchdog watchdog = new DeadlineWatchdog()) {
            Socket client = link.client();
            // nothing to watch: parked without a timeout, not ticking
            assertTrue(within5s(() -> watchdog.threadState() == Thread.State.WAITING), "idle watchdog parks untimed");

            SocketConnection c = new SocketConnection("loopback", client, watchdog);
            long begun = System.nanoTime();
            c.begin(begun + TimeUnit.MILLISECONDS.toNanos(100));
            // a watchdog that begin() did not wake would stay parked for good: waiting 30 s for the
            // expiry tells the two apart on any machine; it must not come before the deadline
            assertTrue(within(30, client::isClosed), "the exchange past its deadline is expired");
            long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begun);
            assertTrue(tookMs >= 100, "expired after its 100 ms deadline, not before: " + tookMs + " ms");
            assertFalse(c.finish(), "finish reports the expiry");

            // the expired connection unwatched itself: idle again
            assertTrue(
                    within5s(() -> watchdog.threadState() == Thread.State.WAITING), "parks again once nothing is busy");
        }
    }

    @Test
    void anExchangeThatFinishesInTimeIsLeftOpen() throws Exception {
        // "in time" is only known once finish() has returned: an attempt whose finish() came after
        // the deadline (a busy machine) proves nothing and is repeated with a 4x longer deadline
        for (long deadlineMs = 60; ; deadlineMs *= 4) {
            assertTrue(deadlineMs <= 15_360, "finish() never came before a deadline up to 15 s");
            try (Loopback link = Loopback.open();
                    DeadlineWatchdog watchdog = new DeadlineWatchdog()) {
                Socket client = link.client();
                SocketConnection c = new SocketConnection("k", client, watchdog);
                long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(deadlineMs);
                c.begin(deadline);
                assertTrue(
                        within5s(() -> watchdog.threadState() == Thread.State.TIMED_WAITING),
                        "ticks while an exchange is under way");
                boolean finished = c.finish();
                if (System.nanoTime() >= deadline) continue;
                assertTrue(finished, "finished before its deadline, so not expired");
                // past the deadline and three more ticks: a finished exchange is no longer watched
                Thread.sleep(Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()))
                        + 3 * TimeUnit.NANOSECONDS.toMillis(DeadlineWatchdog.TICK_NANOS)
                        + 60);
                assertFalse(client.isClosed(), "the finished exchange was left open past its deadline");
                assertTrue(
                        within5s(() -> watchdog.threadState() == Thread.State.WAITING), "parks once nothing is busy");
                return;
            }
        }
    }

    @Test
    void closingAnIdleWatchdogEndsItsThread() throws Exception {
        DeadlineWatchdog watchdog = new DeadlineWatchdog();
        assertTrue(within5s(() -> watchdog.threadState() == Thread.State.WAITING));
        watchdog.close();
        assertTrue(
                within5s(() -> watchdog.threadState() == Thread.State.TERMINATED),
                "close wakes and ends the parked thread");
    }
}
