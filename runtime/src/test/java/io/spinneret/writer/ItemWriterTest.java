package io.spinneret.writer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Request;
import io.spinneret.internal.ItemSchema;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Lease;
import io.spinneret.spi.RejectedItemsException;
import io.spinneret.spi.Storage;
import io.spinneret.testing.Book;
import io.spinneret.testing.BookSchema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ItemWriterTest {
    /** Records batches; can be made slow or failing. */
    static class RecordingStorage implements Storage {
        final List<Integer> batches = new CopyOnWriteArrayList<>();
        final List<Object> items = Collections.synchronizedList(new ArrayList<>());
        final List<String> events;
        volatile long delayMillis;
        final AtomicInteger failuresLeft = new AtomicInteger();
        final AtomicInteger attempts = new AtomicInteger();
        /** Fail as a storage refusing the items themselves, not as a broken one. */
        volatile boolean rejecting;

        RecordingStorage(List<String> events) {
            this.events = events;
        }

        @Override
        public void open() {}

        @Override
        public <T> void write(ItemSchema<T> schema, List<T> batch) throws IOException {
            attempts.incrementAndGet();
            if (failuresLeft.getAndDecrement() > 0) {
                throw rejecting
                        ? new RejectedItemsException("value too long for column")
                        : new IOException("disk on fire");
            }
            if (delayMillis > 0) {
                try {
                    Thread.sleep(delayMillis);
                } catch (InterruptedException e) {
                    throw new IOException(e);
                }
            }
            batches.add(batch.size());
            items.addAll(batch);
            for (T item : batch) events.add("write " + ((Book) item).upc());
        }

        @Override
        public void close() {}

        @Override
        public String describe() {
            return "recording";
        }
    }

    private static Settings settings(String... kv) {
        Settings s = Settings.defaults();
        for (int i = 0; i < kv.length; i += 2) s = s.with(kv[i], kv[i + 1], "test");
        return s;
    }

    private static Book book(int i) {
        return new Book("http://h/" + i, "B" + i, i, "u" + i);
    }

    private static Lease lease(int i) {
        return new Lease(Integer.toString(i), Request.of("http://h/" + i));
    }

    private static void submit(ItemWriter p, int i) throws InterruptedException {
        p.submit(List.of(book(i)), List.of(BookSchema.INSTANCE), lease(i));
    }

    @Test
    void writesFullBatchesAndTheRestOnClose() throws Exception {
        List<String> events = new CopyOnWriteArrayList<>();
        RecordingStorage st = new RecordingStorage(events);
        ItemWriter p = new ItemWriter(
                st, settings("batch_size", "10", "batch_interval", "60"), l -> events.add("ack " + l.id()), e -> {});
        for (int i = 0; i < 25; i++) submit(p, i);
        p.close();
        assertEquals(List.of(10, 10, 5), st.batches);
        assertEquals(25, st.items.size());
        assertEquals(25, p.written());
    }

    @Test
    void leasesAreAckedOnlyAfterTheirItemsAreWritten() throws Exception {
        List<String> events = new CopyOnWriteArrayList<>();
        RecordingStorage st = new RecordingStorage(events);
        ItemWriter p = new ItemWriter(
                st, settings("batch_size", "3", "batch_interval", "60"), l -> events.add("ack " + l.id()), e -> {});
        p.submit(List.of(book(1), book(2)), List.of(BookSchema.INSTANCE, BookSchema.INSTANCE), lease(100));
        p.submit(List.of(book(3), book(4)), List.of(BookSchema.INSTANCE, BookSchema.INSTANCE), lease(200));
        p.submit(List.of(), List.of(), lease(300)); // nothing to store: acked at once
        p.close();
        assertEquals(events.indexOf("ack 300") >= 0, true);
        assertTrue(events.indexOf("write u2") < events.indexOf("ack 100"), events.toString());
        assertTrue(events.indexOf("write u4") < events.indexOf("ack 200"), events.toString());
        assertTrue(events.indexOf("ack 100") < events.indexOf("write u4"), "acked with the first batch: " + events);
    }

    @Test
    void partialBatchesAreWrittenAfterTheInterval() throws Exception {
        RecordingStorage st = new RecordingStorage(new CopyOnWriteArrayList<>());
        CountDownLatch acked = new CountDownLatch(1);
        ItemWriter p = new ItemWriter(
                st, settings("batch_size", "1000", "batch_interval", "0.2"), l -> acked.countDown(), e -> {});
        Thread.sleep(100); // the writer, holding nothing, waits without a deadline: the item must wake it
        long t0 = System.nanoTime();
        submit(p, 1);
        assertTrue(acked.await(5, TimeUnit.SECONDS));
        assertTrue((System.nanoTime() - t0) / 1e9 >= 0.15);
        assertEquals(List.of(1), st.batches);
        p.close();
    }

    @Test
    void aFullBatchOrAFlushIsWrittenAtOnceNotAfterTheInterval() throws Exception {
        RecordingStorage st = new RecordingStorage(new CopyOnWriteArrayList<>());
        CountDownLatch firstBatch = new CountDownLatch(10);
        CountDownLatch flushed = new CountDownLatch(13);
        ItemWriter p = new ItemWriter(
                st,
                settings("batch_size", "10", "batch_interval", "60"),
                l -> {
                    firstBatch.countDown();
                    flushed.countDown();
                },
                e -> {});
        for (int i = 0; i < 13; i++) submit(p, i);
        assertTrue(firstBatch.await(5, TimeUnit.SECONDS), "the 10th item wakes the writer");
        assertEquals(List.of(10), st.batches, "the 3 left wait for a full batch");
        p.flush();
        assertTrue(flushed.await(5, TimeUnit.SECONDS), "a flush wakes the writer");
        assertEquals(List.of(10, 3), st.batches);
        p.close();
    }

    @Test
    void slowStorageBlocksProducersInsteadOfBuffering() throws Exception {
        RecordingStorage st = new RecordingStorage(new CopyOnWriteArrayList<>());
        st.delayMillis = 100;
        ItemWriter p = new ItemWriter(
                st, settings("batch_size", "5", "batch_interval", "60", "pipeline_capacity", "10"), l -> {}, e -> {});
        int maxPending = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < 40; i++) {
            submit(p, i);
            maxPending = Math.max(maxPending, p.pending());
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        p.close();
        assertTrue(maxPending <= 10, "never more than the capacity buffered: " + maxPending);
        assertTrue(secs >= 0.5, "producers waited for storage: " + secs);
        assertEquals(40, st.items.size());
    }

    @Test
    void batchSizeAboveCapacityStillMakesProgress() throws Exception {
        RecordingStorage st = new RecordingStorage(new CopyOnWriteArrayList<>());
        ItemWriter p = new ItemWriter(
                st,
                settings("batch_size", "100000", "batch_interval", "60", "pipeline_capacity", "8"),
                l -> {},
                e -> {});
        for (int i = 0; i < 50; i++) submit(p, i);
        p.close();
        assertEquals(50, st.items.size());
    }

    @Test
    void aSubmissionLargerThanTheRoomLeftIsNotHeldUpUntilTheInterval() throws Exception {
        RecordingStorage st = new RecordingStorage(new CopyOnWriteArrayList<>());
        ItemWriter p = new ItemWriter(
                st, settings("batch_size", "100", "batch_interval", "60", "pipeline_capacity", "5"), l -> {}, e -> {});
        for (int i = 0; i < 3; i++) submit(p, i);
        long t0 = System.nanoTime();
        // 4 items, 2 places left: the 3 buffered ones must be written although no batch is full
        p.submit(List.of(book(3), book(4), book(5), book(6)), Collections.nCopies(4, BookSchema.INSTANCE), lease(3));
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertTrue(seconds < 30, "waited for room, not for the 60 s interval (half of it at most): " + seconds + " s");
        assertEquals(List.of(3), st.batches);
        p.close();
        assertEquals(7, st.items.size());
    }

    @Test
    void aFlushQueuedRightBehindASubmissionIsNotLost() throws Exception {
        RecordingStorage st = new RecordingStorage(new CopyOnWriteArrayList<>());
        st.delayMillis = 300;
        ItemWriter p = new ItemWriter(
                st, settings("batch_size", "2", "batch_interval", "60", "pipeline_capacity", "100"), l -> {}, e -> {});
        submit(p, 0);
        submit(p, 1); // a full batch: the writer is busy storing it for 300 ms
        Thread.sleep(100);
        submit(p, 2); // half a batch, queued while the writer is busy...
        p.flush(); // ...and the flush right behind it: both are taken in together
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (st.items.size() < 3 && System.nanoTime() < deadline) Thread.sleep(10);
        assertEquals(3, st.items.size(), "the flush wrote the half batch, rather than the 60 s interval");
        p.close();
    }

    @Test
    void storageErrorsAreRetriedWithBackoff() throws Exception {
        RecordingStorage st = new RecordingStorage(new CopyOnWriteArrayList<>());
        st.failuresLeft.set(2);
        List<String> acks = new CopyOnWriteArrayList<>();
        ItemWriter p = new ItemWriter(
                st, settings("batch_size", "2", "storage_retry_times", "3"), l -> acks.add(l.id()), e -> {});
        submit(p, 1);
        submit(p, 2);
        p.close();
        assertEquals(2, st.items.size());
        assertEquals(List.of("1", "2"), acks);
    }

    @Test
    void storageThatKeepsFailingFailsLoudlyAndAcksNothing() throws Exception {
        RecordingStorage st = new RecordingStorage(new CopyOnWriteArrayList<>());
        st.failuresLeft.set(Integer.MAX_VALUE);
        List<String> acks = new CopyOnWriteArrayList<>();
        AtomicReference<StorageFailedException> told = new AtomicReference<>();
        ItemWriter p = new ItemWriter(
                st,
                settings("batch_size", "1", "storage_retry_times", "1", "pipeline_capacity", "2"),
                l -> acks.add(l.id()),
                told::set);
        submit(p, 1);
        StorageFailedException e = assertThrows(StorageFailedException.class, () -> {
            for (int i = 2; i < 100; i++) submit(p, i); // soon refused: storage is gone
        });
        assertTrue(e.getMessage().contains("disk on fire"), e.getMessage());
        assertTrue(e.getMessage().contains("after 2 attempts"), e.getMessage());
        assertThrows(StorageFailedException.class, p::close);
        assertTrue(acks.isEmpty());
        assertFalse(told.get() == null);
    }

    @Test
    void aBatchRejectedForItsDataIsNotRetriedButSplitUntilTheBadItemIsFound() throws Exception {
        List<List<String>> calls = new CopyOnWriteArrayList<>();
        List<String> stored = new CopyOnWriteArrayList<>();
        Storage rejecting = new Storage() {
            @Override
            public void open() {}

            @Override
            public <T> void write(ItemSchema<T> schema, List<T> batch) throws IOException {
                List<String> upcs = batch.stream().map(b -> ((Book) b).upc()).toList();
                calls.add(upcs);
                if (upcs.contains("u3")) throw new RejectedItemsException("value too long for column");
                stored.addAll(upcs);
            }

            @Override
            public void close() {}

            @Override
            public String describe() {
                return "rejecting";
            }
        };
        List<Object> rejected = new CopyOnWriteArrayList<>();
        List<String> acked = new CopyOnWriteArrayList<>();
        ItemWriter p = new ItemWriter(
                rejecting, settings("batch_size", "8", "storage_retry_times", "5"), l -> acked.add(l.id()), e -> {});
        p.onRejected((schema, item, why) -> rejected.add(item));
        List<Book> items = new ArrayList<>();
        for (int i = 0; i < 8; i++) items.add(book(i));
        p.submit(items, Collections.nCopies(8, BookSchema.INSTANCE), lease(1));
        p.close();

        assertEquals(List.of(book(3)), rejected);
        assertEquals(
                List.of("u0", "u1", "u2", "u4", "u5", "u6", "u7"),
                stored.stream().sorted().toList());
        assertEquals(calls.size(), new HashSet<>(calls).size(), "no batch is written twice: " + calls);
        assertTrue(calls.size() <= 1 + 2 * 3, "halving 8 items finds one bad item in at most 7 writes: " + calls);
        assertEquals(List.of("1"), acked, "the lease is acked: every item was stored or dropped");
    }

    @Test
    void withoutARejectionHandlerARejectedBatchFailsThePipelineAtOnce() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        Storage rejecting = new Storage() {
            @Override
            public void open() {}

            @Override
            public <T> void write(ItemSchema<T> schema, List<T> batch) throws IOException {
                calls.incrementAndGet();
                throw new RejectedItemsException("null key");
            }

            @Override
            public void close() {}

            @Override
            public String describe() {
                return "rejecting";
            }
        };
        ItemWriter p = new ItemWriter(rejecting, settings("storage_retry_times", "5"), l -> {}, e -> {});
        submit(p, 1);
        assertThrows(StorageFailedException.class, p::close);
        assertEquals(1, calls.get(), "not retried");
    }

    @Test
    void itemsTheStorageRejectsAreNotRetried() throws Exception {
        RecordingStorage st = new RecordingStorage(new CopyOnWriteArrayList<>());
        st.failuresLeft.set(1);
        st.rejecting = true;
        List<String> acks = new CopyOnWriteArrayList<>();
        ItemWriter p = new ItemWriter(
                st, settings("batch_size", "1", "storage_retry_times", "3"), l -> acks.add(l.id()), e -> {});
        submit(p, 1);
        StorageFailedException e = assertThrows(StorageFailedException.class, p::close);
        assertEquals(1, st.attempts.get(), "one attempt, though storage_retry_times allows 3 more");
        assertTrue(e.getMessage().contains("value too long for column"), e.getMessage());
        assertTrue(acks.isEmpty());
    }
}
