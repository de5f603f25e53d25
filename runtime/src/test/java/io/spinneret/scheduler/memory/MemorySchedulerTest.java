package io.spinneret.scheduler.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Request;
import io.spinneret.spi.Lease;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class MemorySchedulerTest {
    private final MemoryScheduler s = new MemoryScheduler();

    private String next() throws InterruptedException {
        Lease l = s.poll(Duration.ZERO);
        return l == null ? null : l.request().url();
    }

    @Test
    void higherPriorityFirstAndFifoAmongEquals() throws Exception {
        s.push(Request.of("http://h/low1"));
        s.push(Request.builder("http://h/high1").priority(5).build());
        s.push(Request.of("http://h/low2"));
        s.push(Request.builder("http://h/high2").priority(5).build());
        s.push(Request.builder("http://h/neg").priority(-1).build());
        s.push(Request.of("http://h/low3"));
        List<String> order = new ArrayList<>();
        for (String u; (u = next()) != null; ) order.add(u);
        assertEquals(
                List.of(
                        "http://h/high1",
                        "http://h/high2",
                        "http://h/low1",
                        "http://h/low2",
                        "http://h/low3",
                        "http://h/neg"),
                order);
    }

    @Test
    void fifoHoldsForManyEqualPriorities() throws Exception {
        for (int i = 0; i < 5000; i++)
            s.push(Request.builder("http://h/" + i).priority(i % 3).build());
        for (int p = 2; p >= 0; p--) {
            int prev = -1;
            for (int k = 0; k < (p == 0 ? 1667 : 1667 - (p == 2 ? 1 : 0)); k++) {
                Lease l = s.poll(Duration.ZERO);
                int i = Integer.parseInt(l.request().url().substring(9));
                assertEquals(p, i % 3);
                assertTrue(i > prev, "FIFO within priority " + p);
                prev = i;
            }
        }
        assertNull(s.poll(Duration.ZERO));
    }

    @Test
    void duplicatesAreFilteredUnlessDontFilter() throws Exception {
        assertTrue(s.push(Request.of("http://h/a?x=1&y=2")));
        assertFalse(s.push(Request.of("http://H/a?y=2&x=1#frag")), "same fingerprint");
        assertTrue(s.push(Request.of("http://h/a?x=1&y=2").nextAttempt()), "a retry bypasses the filter");
        assertEquals(2, s.pendingCount());
        assertEquals(1, s.seenCount());
        next();
        next();
        assertFalse(s.push(Request.of("http://h/a?x=1&y=2")), "seen stays seen after the request is done");
    }

    @Test
    void pushAllCountsEnqueuedAndDedupsWithinTheBatch() {
        int n = s.pushAll(List.of(
                Request.of("http://h/1"),
                Request.of("http://h/2"),
                Request.of("http://h/1"),
                Request.of("http://h/3")));
        assertEquals(3, n);
        assertEquals(0, s.pushAll(List.of(Request.of("http://h/2"), Request.of("http://h/3"))));
        assertEquals(3, s.pendingCount());
    }

    @Test
    void leasesAreInFlightUntilAckedAndRequeueReplaces() throws Exception {
        s.push(Request.of("http://h/a"));
        s.push(Request.of("http://h/b"));
        Lease a = s.poll(Duration.ZERO);
        Lease b = s.poll(Duration.ZERO);
        assertEquals(2, s.inFlightCount());
        assertEquals(0, s.pendingCount());
        s.ack(a);
        s.ack(a); // a no-op
        assertEquals(1, s.inFlightCount());
        s.requeue(b, b.request().nextAttempt());
        assertEquals(0, s.inFlightCount());
        Lease again = s.poll(Duration.ZERO);
        assertEquals("http://h/b", again.request().url());
        assertEquals(1, again.request().retryCount());
        s.requeue(b, b.request()); // stale lease: ignored
        assertEquals(0, s.pendingCount());
    }

    @Test
    void pollBlocksUntilAPushOrTheTimeout() throws Exception {
        long t0 = System.nanoTime();
        assertNull(s.poll(Duration.ofMillis(100)));
        assertTrue(System.nanoTime() - t0 >= TimeUnit.MILLISECONDS.toNanos(90));
        Thread pusher = Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(50);
            } catch (InterruptedException ignored) {
            }
            s.push(Request.of("http://h/late"));
        });
        Lease l = s.poll(Duration.ofSeconds(5));
        assertNotNull(l);
        assertEquals("http://h/late", l.request().url());
        pusher.join();
    }

    @Test
    void closeWakesBlockedPollers() throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        Thread t = Thread.ofVirtual().start(() -> {
            try {
                s.poll(Duration.ofSeconds(30));
            } catch (InterruptedException ignored) {
            }
            done.countDown();
        });
        Thread.sleep(50);
        s.close();
        assertTrue(done.await(2, TimeUnit.SECONDS));
        t.join();
    }

    @Test
    void concurrentProducersAndConsumersLoseAndDuplicateNothing() throws Exception {
        int producers = 8, perProducer = 5000;
        Set<String> taken = ConcurrentHashMap.newKeySet();
        AtomicInteger dupTakes = new AtomicInteger();
        try (ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int p = 0; p < producers; p++) {
                int id = p;
                ex.submit(() -> {
                    for (int i = 0; i < perProducer; i++) {
                        // every URL is pushed by two producers: only one copy may be enqueued
                        s.push(Request.of("http://h/" + ((id / 2) * perProducer + i)));
                    }
                });
            }
            for (int c = 0; c < 8; c++) {
                ex.submit(() -> {
                    try {
                        Lease l;
                        while ((l = s.poll(Duration.ofMillis(300))) != null) {
                            if (!taken.add(l.request().url())) dupTakes.incrementAndGet();
                            s.ack(l);
                        }
                    } catch (InterruptedException ignored) {
                    }
                });
            }
        }
        assertEquals(producers / 2 * perProducer, taken.size());
        assertEquals(0, dupTakes.get());
        assertEquals(0, s.inFlightCount());
        assertEquals(0, s.pendingCount());
    }

    @Test
    void fingerprintSetGrowsAndFindsEverything() {
        FingerprintSet set = new FingerprintSet(4);
        Set<Long> ref = new HashSet<>();
        Random r = new Random(42);
        for (int i = 0; i < 100_000; i++) {
            long h = r.nextLong(), l = r.nextInt(1000); // many equal low halves
            assertEquals(ref.add(h * 1000 + l), set.add(h, l));
        }
        assertTrue(set.add(0, 0));
        assertFalse(set.add(0, 0));
        assertEquals(ref.size() + 1, set.size());
    }
}
