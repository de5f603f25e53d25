package io.spinneret.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.spinneret.api.Request;
import io.spinneret.api.RequestCodec;
import io.spinneret.scheduler.memory.MemoryScheduler;
import io.spinneret.spi.Lease;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A split page's lease, once its items are stored, goes back into the queue with their count; other leases are acknowledged. */
class SplitPagesTest {
    @Test
    void aSplitPageIsRequeuedWithItsStoredCountWhenAcknowledgedAndTheOthersAreAcknowledged() throws Exception {
        try (MemoryScheduler scheduler = new MemoryScheduler()) {
            SplitPages pages = new SplitPages(scheduler);
            scheduler.push(Request.of("http://example.com/split"));
            scheduler.push(Request.of("http://example.com/whole"));
            Lease split = scheduler.poll(Duration.ofSeconds(1));
            Lease whole = scheduler.poll(Duration.ofSeconds(1));
            assertNotNull(split);
            assertNotNull(whole);
            pages.split(split, 3);

            pages.ackAll(List.of(split, whole));

            assertEquals(0, scheduler.inFlightCount());
            Lease again = scheduler.poll(Duration.ofSeconds(1));
            assertNotNull(again, "the split page is back in the queue");
            assertEquals("http://example.com/split", again.request().url());
            assertEquals(3, SplitPages.storedBefore(again.request()));
            assertNull(scheduler.poll(Duration.ofMillis(10)), "the whole page was acknowledged");
        }
    }

    @Test
    void aForgottenSplitIsAcknowledgedLikeAnyPage() throws Exception {
        try (MemoryScheduler scheduler = new MemoryScheduler()) {
            SplitPages pages = new SplitPages(scheduler);
            scheduler.push(Request.of("http://example.com/split"));
            Lease lease = scheduler.poll(Duration.ofSeconds(1));
            assertNotNull(lease);
            pages.split(lease, 3);
            pages.forget(lease);
            pages.ack(lease);
            assertEquals(0, scheduler.pendingCount() + scheduler.inFlightCount());
        }
    }

    @Test
    void theCountSurvivesTheQueuesJsonAndIsLeftOutOfThePagesRecord() {
        Request marked = Request.builder("http://example.com/a")
                .meta(SplitPages.META, 7)
                .meta("session", "s1")
                .build();
        Request decoded = RequestCodec.fromJson(RequestCodec.toJson(marked));
        assertEquals(7, SplitPages.storedBefore(decoded));
        Request unmarked = SplitPages.unmarked(decoded);
        assertEquals(0, SplitPages.storedBefore(unmarked));
        assertFalse(unmarked.meta().containsKey(SplitPages.META));
        assertEquals("s1", unmarked.meta().get("session"));
    }
}
