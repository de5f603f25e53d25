package io.spinneret.scheduler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.annotations.Renderer;
import io.spinneret.annotations.Setting;
import io.spinneret.api.Fingerprint;
import io.spinneret.api.Request;
import io.spinneret.settings.Settings;
import io.spinneret.spi.CrawlFinishedException;
import io.spinneret.spi.Lease;
import io.spinneret.spi.PageBudget;
import io.spinneret.spi.PageRecords;
import io.spinneret.spi.Scheduler;
import io.spinneret.spi.SimHashIndex;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The {@link Scheduler} contract, run unchanged against every implementation: a subclass only says
 * which one through {@link #settings()} (the scheduler is opened with {@link Schedulers#open}, as a
 * crawl does). Restart behaviour is checked for what {@link Scheduler#isPersistent()} declares.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
public abstract class SchedulerContractTest {
    /**
     * Short, for the restart tests: a shared scheduler's abandoned in-flight work comes back within
     * a test. Other tests use a long one, so that a slow machine never reclaims live work.
     */
    protected static final Duration VISIBILITY_TIMEOUT = Duration.ofSeconds(1);

    /** A fresh name per test: its own job directory or Redis namespace. */
    protected final String spider = "contract-" + UUID.randomUUID().toString().substring(0, 8);

    private final List<Scheduler> opened = new ArrayList<>();

    /** Settings that select the implementation under test (scheduler, job_dir, redis_url). */
    protected abstract Settings settings();

    /** Removes what a test left behind for {@code spiderName} outside temporary directories. */
    protected void cleanUp(String spiderName) {}

    protected final Scheduler open(boolean resume) {
        return open(resume, Duration.ofSeconds(120));
    }

    protected final Scheduler open(boolean resume, Duration visibilityTimeout) {
        return open(
                settings()
                        .with(
                                Setting.VISIBILITY_TIMEOUT,
                                Double.toString(visibilityTimeout.toMillis() / 1000.0),
                                "test"),
                resume);
    }

    private Scheduler open(Settings s, boolean resume) {
        Scheduler scheduler = Schedulers.open(s, spider, resume);
        opened.add(scheduler);
        return scheduler;
    }

    @AfterEach
    void closeAndCleanUp() {
        for (Scheduler s : opened) s.close();
        cleanUp(spider);
    }

    private static Request req(String path) {
        return Request.of("http://example.com/" + path);
    }

    private static Request req(String path, int priority) {
        return Request.builder("http://example.com/" + path).priority(priority).build();
    }

    private static Lease poll(Scheduler s) throws InterruptedException {
        Lease lease = s.poll(Duration.ofSeconds(2));
        assertNotNull(lease, "expected a pending request");
        return lease;
    }

    private static String path(Lease lease) {
        return lease.request().url().substring("http://example.com/".length());
    }

    @Test
    void highestPriorityComesOutFirst() throws Exception {
        Scheduler s = open(false);
        s.push(req("low", -3));
        s.push(req("zero", 0));
        s.push(req("high", 5));
        s.push(req("high2", 5));
        s.push(req("mid", 1));
        List<String> order = new ArrayList<>();
        for (int i = 0; i < 5; i++) order.add(path(poll(s)));
        assertEquals(List.of("high", "high2", "mid", "zero", "low"), order);
    }

    @Test
    void equalPrioritiesComeOutInPushOrder() throws Exception {
        Scheduler s = open(false);
        List<String> pushed = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            pushed.add("page/" + i);
            if (i % 2 == 0) s.push(req("page/" + i));
            else s.pushAll(List.of(req("page/" + i)));
        }
        List<String> polled = new ArrayList<>();
        for (int i = 0; i < 40; i++) polled.add(path(poll(s)));
        assertEquals(pushed, polled);
    }

    @Test
    void duplicateIsDroppedEvenWhenSpelledDifferently() {
        Scheduler s = open(false);
        assertTrue(s.push(Request.of("http://example.com/a?x=1&y=2")));
        assertFalse(s.push(Request.of("http://example.com/a?x=1&y=2")));
        assertFalse(s.push(Request.of("HTTP://Example.COM:80/a?y=2&x=1#top")));
        assertFalse(
                s.push(Request.of("http://example.com/a?x=1&y=2", "detail")),
                "the callback is not part of the identity");
        assertTrue(s.push(
                Request.builder("http://example.com/a?x=1&y=2").method("POST").build()));
        assertEquals(2, s.pendingCount());
        assertEquals(2, s.seenCount());
    }

    @Test
    void dontFilterRequestIsEnqueuedAgainButStillRecordedAsSeen() throws Exception {
        Scheduler s = open(false);
        Request start = req("start").toBuilder().dontFilter(true).build();
        assertTrue(s.push(start));
        assertTrue(s.push(start));
        assertFalse(s.push(req("start")), "a dontFilter push records the fingerprint");
        assertEquals(2, s.pendingCount());
        assertEquals(1, s.seenCount());
        assertEquals("start", path(poll(s)));
        assertEquals("start", path(poll(s)));
    }

    @Test
    void pushAllReturnsHowManyWereEnqueued() {
        Scheduler s = open(false);
        s.push(req("old"));
        int n = s.pushAll(List.of(
                req("a"),
                req("b"),
                req("a"),
                req("old"),
                req("c"),
                req("old").toBuilder().dontFilter(true).build()));
        assertEquals(4, n);
        assertEquals(5, s.pendingCount());
        assertEquals(0, s.pushAll(List.of()));
    }

    @Test
    void pushEachTellsWhichRequestsWereEnqueuedInOrder() throws Exception {
        Scheduler s = open(false);
        s.push(req("old"));
        boolean[] added = s.pushEach(List.of(
                req("a"),
                req("b"),
                req("a"),
                req("old"),
                req("c"),
                req("old").toBuilder().dontFilter(true).build()));
        assertEquals("[true, true, false, false, true, true]", Arrays.toString(added));
        assertEquals(5, s.pendingCount());
        assertEquals(4, s.seenCount());
        List<String> polled = new ArrayList<>();
        for (int i = 0; i < 5; i++) polled.add(path(poll(s)));
        assertEquals(List.of("old", "a", "b", "c", "old"), polled, "the enqueued ones, each once, in push order");
        assertEquals(0, s.pushEach(List.of()).length);
    }

    @Test
    void pollMovesTheRequestIntoInFlightWithAllItsFields() throws Exception {
        Scheduler s = open(false);
        Request r = Request.builder("http://example.com/form?q=caf%C3%A9")
                .method("POST")
                .header("Content-Type", "application/x-www-form-urlencoded")
                .body("name=%C3%A9t%C3%A9&n=1".getBytes(StandardCharsets.UTF_8))
                .callback("detail")
                .priority(7)
                .renderer(Renderer.BROWSER)
                .meta("proxy", "http://127.0.0.1:3128")
                .meta("tags", List.of("a", "b"))
                .meta("nested", Map.of("k", 1))
                .depth(3)
                .retryCount(2)
                .build();
        s.push(r);
        assertEquals(1, s.pendingCount());
        assertEquals(0, s.inFlightCount());
        Lease lease = poll(s);
        assertEquals(r, lease.request());
        assertEquals(0, s.pendingCount());
        assertEquals(1, s.inFlightCount());
        assertNull(s.poll(Duration.ofMillis(50)), "an in-flight request is not handed out twice");
    }

    @Test
    void ackForgetsTheRequestForGood() throws Exception {
        Scheduler s = open(false);
        s.push(req("a"));
        Lease lease = poll(s);
        s.ack(lease);
        assertEquals(0, s.inFlightCount());
        assertEquals(0, s.pendingCount());
        s.ack(lease); // a second ack is a no-op
        assertEquals(0, s.inFlightCount());
        assertNull(s.poll(Duration.ofMillis(50)));
        assertFalse(s.push(req("a")), "an acked request stays seen");
        assertEquals(1, s.seenCount());
    }

    @Test
    void anUnseenRequestIsEnqueuedAgainByItsNextPush() throws Exception {
        Scheduler s = open(false);
        s.pushAll(List.of(req("gone"), req("kept")));
        s.ack(poll(s));
        s.ack(poll(s));
        if (!s.unsee(req("gone"))) { // cannot forget one request: it stays seen
            assertFalse(s.push(req("gone")));
            return;
        }
        assertEquals(1, s.seenCount(), "only kept is seen");
        assertTrue(s.unsee(req("never pushed")), "forgetting what was never seen changes nothing");
        assertEquals(1, s.seenCount());
        assertFalse(s.push(req("kept")));
        assertTrue(s.push(req("gone")), "a page that comes back is a new request");
        assertEquals("gone", path(poll(s)));
        assertEquals(2, s.seenCount());
    }

    @Test
    void aLeaseAckedLaterIsDoneByTheNextCallAndForGoodOnceClosed() throws Exception {
        Scheduler first = open(false, VISIBILITY_TIMEOUT);
        first.pushAll(List.of(req("a"), req("b"), req("c")));
        first.ackLater(poll(first));
        Lease b = poll(first); // the next call: "a" is done by now
        assertEquals("b", path(b));
        assertEquals(1, first.inFlightCount(), "only b is in flight");
        first.ackLater(b);
        first.close(); // "b" was acked later: closing makes it done for good

        Scheduler second = open(true, VISIBILITY_TIMEOUT);
        if (!second.isPersistent()) return;
        assertEquals(1, second.pendingCount() + second.inFlightCount(), "only c is left");
        Thread.sleep(VISIBILITY_TIMEOUT.toMillis() + 300); // a shared scheduler's reclaim would show here
        Lease c = poll(second);
        assertEquals("c", path(c));
        assertNull(second.poll(Duration.ofMillis(100)), "a and b never come back");
        second.ack(c);
    }

    @Test
    void requeuePutsTheReplacementBehindPendingRequestsOfItsPriority() throws Exception {
        Scheduler s = open(false);
        s.push(req("a"));
        s.push(req("b"));
        s.push(req("low", -1));
        Lease a = poll(s);
        assertEquals("a", path(a));
        s.requeue(a, a.request().nextAttempt());
        assertEquals(0, s.inFlightCount());
        assertEquals(3, s.pendingCount());
        assertEquals("b", path(poll(s)));
        Lease again = poll(s);
        assertEquals("a", path(again));
        assertEquals(1, again.request().retryCount());
        assertTrue(again.request().dontFilter());
        assertEquals("low", path(poll(s)));
    }

    @Test
    void requeueOfALeaseNoLongerInFlightDoesNothing() throws Exception {
        Scheduler s = open(false);
        s.push(req("a"));
        Lease a = poll(s);
        s.ack(a);
        s.requeue(a, a.request().nextAttempt());
        assertEquals(0, s.pendingCount());
        assertEquals(0, s.inFlightCount());
        s.push(req("b"));
        Lease b = poll(s);
        s.requeue(b, b.request().nextAttempt());
        s.requeue(b, b.request().nextAttempt().nextAttempt());
        assertEquals(1, s.pendingCount(), "a lease is requeued once");
    }

    @Test
    void pollOnAnEmptyQueueWaitsForTheTimeoutThenReturnsNull() throws Exception {
        Scheduler s = open(false);
        long start = System.nanoTime();
        assertNull(s.poll(Duration.ofMillis(300)));
        long waitedMs = (System.nanoTime() - start) / 1_000_000;
        // a poll that ignored its timeout would hang into the class's 30 s @Timeout; one that read the
        // 300 ms as seconds would wait 300 s: half the @Timeout tells both from a slow machine
        assertTrue(waitedMs >= 250 && waitedMs < 15_000, "waited " + waitedMs + " ms");
        assertNull(s.poll(Duration.ZERO));
    }

    @Test
    void pollWakesUpWhenAnotherThreadPushes() throws Exception {
        Scheduler s = open(false);
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            long start = System.nanoTime();
            Future<@Nullable Lease> waiting = pool.submit(() -> s.poll(Duration.ofSeconds(20)));
            Thread.sleep(100);
            s.push(req("late"));
            // without the wake-up the poll would end only with its 20 s timeout: half of that, at most
            Lease lease = waiting.get(10, TimeUnit.SECONDS);
            assertNotNull(lease);
            assertEquals("late", path(lease));
            assertTrue(
                    System.nanoTime() - start < Duration.ofSeconds(10).toNanos(),
                    "woken by the push, not by its 20 s timeout");
        }
    }

    @Test
    void reopeningWithResumeBringsBackPendingAndUnackedWorkAndKeepsDedup() throws Exception {
        Scheduler first = open(false, VISIBILITY_TIMEOUT);
        first.pushAll(List.of(req("taken"), req("done"), req("waiting", -1)));
        Lease taken = poll(first);
        Lease done = poll(first);
        assertEquals("taken", path(taken));
        first.ack(done);
        first.close(); // "taken" was never acked: its process died

        Scheduler second = open(true, VISIBILITY_TIMEOUT);
        if (!second.isPersistent()) {
            assertEquals(
                    0,
                    second.pendingCount() + second.inFlightCount() + second.seenCount(),
                    "state does not outlive a non-persistent scheduler");
            return;
        }
        assertEquals(3, second.seenCount());
        assertEquals(2, second.pendingCount() + second.inFlightCount());
        assertFalse(second.push(req("done")), "dedup survives a restart");
        assertFalse(second.push(req("taken")));
        // a persistent scheduler hands "taken" out again at once, a shared one after the visibility
        // timeout (another node might still be working on it); after that, both are pending
        Thread.sleep(VISIBILITY_TIMEOUT.toMillis() + 300);
        Lease back = poll(second);
        Lease next = poll(second);
        assertEquals("taken", path(back), "a request that comes back keeps its priority");
        assertEquals("waiting", path(next));
        assertNull(second.poll(Duration.ofMillis(100)), "the acked request never comes back");
        second.ack(back);
        second.ack(next);
        assertEquals(0, second.pendingCount() + second.inFlightCount());
    }

    @Test
    void reopeningAFinishedCrawlWithoutResumeStartsFresh() throws Exception {
        Scheduler first = open(false);
        first.push(req("a"));
        first.ack(poll(first));
        first.close();

        Scheduler second;
        if (first.isShared()) {
            // other nodes may still arrive: a finished shared crawl is not started again unless asked
            assertThrows(CrawlFinishedException.class, () -> open(false));
            second = open(settings().with(Setting.NEW_CRAWL, "true", "test"), false);
        } else {
            second = open(false);
        }
        assertEquals(0, second.seenCount());
        assertTrue(second.push(req("a")));
        assertEquals("a", path(poll(second)));
    }

    @Test
    void reopeningAFinishedCrawlWithResumeKeepsWhatWasSeen() throws Exception {
        Scheduler first = open(false);
        first.push(req("a"));
        first.ack(poll(first));
        first.close();

        Scheduler second = open(true);
        assertEquals(second.isPersistent(), !second.push(req("a")));
        assertTrue(second.push(req("b")));
    }

    private static Request at(String host, String path) {
        return Request.of("http://" + host + "/" + path);
    }

    private static Request at(String host, String path, int priority) {
        return Request.builder("http://" + host + "/" + path).priority(priority).build();
    }

    private static String hostAndPath(Lease lease) {
        return lease.request().host()
                + lease.request().url().substring(lease.request().url().indexOf('/', 8));
    }

    @Test
    void aHostWithAHundredThousandQueuedRequestsDoesNotStarveHostsWithTen() throws Exception {
        Scheduler s = open(false);
        List<Request> big = new ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            big.add(at("a.example", "p/" + i, i % 3));
            if (big.size() == 5_000) {
                s.pushAll(big);
                big.clear();
            }
        }
        for (String host : List.of("b.example", "c.example")) {
            for (int i = 0; i < 10; i++) s.push(at(host, "p/" + i));
        }
        assertEquals(100_020, s.pendingCount(), "counts are over all hosts");
        List<String> b = new ArrayList<>();
        List<String> c = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            Lease lease = poll(s);
            String host = lease.request().host();
            if (host.equals("b.example")) b.add(hostAndPath(lease));
            if (host.equals("c.example")) c.add(hostAndPath(lease));
            s.ack(lease);
        }
        List<String> expectB = new ArrayList<>();
        List<String> expectC = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            expectB.add("b.example/p/" + i);
            expectC.add("c.example/p/" + i);
        }
        assertEquals(expectB, b, "all of b.example, in its own order, within the first 30 polls");
        assertEquals(expectC, c);
        assertEquals(99_990, s.pendingCount());
        assertEquals(0, s.inFlightCount());
    }

    @Test
    void hostsTakeTurnsAndEachKeepsItsOwnPriorityOrder() throws Exception {
        Scheduler s = open(false);
        s.push(at("a.example", "low", -1));
        s.push(at("a.example", "high", 5));
        s.push(at("b.example", "first"));
        s.push(at("b.example", "second"));
        s.push(at("c.example", "urgent", 9));
        List<String> order = new ArrayList<>();
        for (int i = 0; i < 5; i++) order.add(hostAndPath(poll(s)));
        // the hosts in the order they joined the ring, each serving its best request per turn; a
        // host leaves the ring when it has nothing left (c after one turn), so the priority of
        // c's request does not put it ahead of a's and b's turns
        assertEquals(
                List.of("a.example/high", "b.example/first", "c.example/urgent", "a.example/low", "b.example/second"),
                order);
    }

    @Test
    void pollBatchHandsOutInTheOrderOfSinglePollsHostsTakingTurns() throws Exception {
        Scheduler s = open(false);
        for (int i = 1; i <= 3; i++) s.push(at("a.example", "p/" + i));
        for (int i = 1; i <= 3; i++) s.push(at("b.example", "p/" + i));
        s.push(at("c.example", "urgent", 9));
        List<String> first =
                s.pollBatch(5).stream().map(SchedulerContractTest::hostAndPath).toList();
        assertEquals(
                List.of("a.example/p/1", "b.example/p/1", "c.example/urgent", "a.example/p/2", "b.example/p/2"),
                first,
                "one turn per host per round, each host's queue in its own order");
        List<String> rest =
                s.pollBatch(10).stream().map(SchedulerContractTest::hostAndPath).toList();
        assertEquals(List.of("a.example/p/3", "b.example/p/3"), rest, "no more than is pending");
        assertEquals(0, s.pendingCount());
        assertEquals(7, s.inFlightCount());
    }

    @Test
    void pollBatchNeverTakesMoreThanAskedAndDoesNotWaitOnAnEmptyQueue() throws Exception {
        Scheduler s = open(false);
        assertEquals(List.of(), s.pollBatch(8), "nothing pending: empty at once");
        List<Request> pushed = new ArrayList<>();
        for (int i = 0; i < 10; i++) pushed.add(at("host" + (i % 4) + ".example", "p/" + i));
        s.pushAll(pushed);
        assertEquals(List.of(), s.pollBatch(0));
        Set<String> taken = new HashSet<>();
        for (int round = 0; round < 10 && taken.size() < 10; round++) { // bounded
            List<Lease> batch = s.pollBatch(3);
            assertTrue(batch.size() <= 3, "at most 3: " + batch.size());
            for (Lease l : batch)
                assertTrue(
                        taken.add(l.request().url()),
                        "handed out twice: " + l.request().url());
        }
        assertEquals(10, taken.size(), "every request, once");
        assertEquals(List.of(), s.pollBatch(3));
        assertEquals(10, s.inFlightCount());
        assertEquals(0, s.pendingCount());
    }

    @Test
    void leasesOfABatchAreAckedRequeuedAndKeptOneByOne() throws Exception {
        Scheduler first = open(false, VISIBILITY_TIMEOUT);
        first.pushAll(List.of(req("acked"), req("requeued"), req("abandoned")));
        List<Lease> batch = first.pollBatch(3);
        assertEquals(
                List.of("acked", "requeued", "abandoned"),
                batch.stream().map(SchedulerContractTest::path).toList());
        first.ack(batch.get(0));
        first.requeue(batch.get(1), batch.get(1).request().nextAttempt());
        assertEquals(1, first.pendingCount());
        assertEquals(1, first.inFlightCount());
        first.close(); // "abandoned" was never acked: its process died

        Scheduler second = open(true, VISIBILITY_TIMEOUT);
        if (!second.isPersistent()) return;
        Thread.sleep(VISIBILITY_TIMEOUT.toMillis() + 300); // a shared scheduler reclaims it after the timeout
        Set<String> back = new HashSet<>();
        for (int round = 0; round < 20 && back.size() < 2; round++) { // bounded: 20 polls of up to 1 s
            for (Lease l : second.pollBatch(5)) back.add(path(l));
            if (back.size() < 2) Thread.sleep(50);
        }
        assertEquals(Set.of("requeued", "abandoned"), back, "the acked one never comes back");
    }

    @Test
    void requeuePutsARequestBackIntoItsOwnHostsQueue() throws Exception {
        Scheduler s = open(false);
        s.pushAll(List.of(at("a.example", "1"), at("a.example", "2"), at("b.example", "1")));
        Lease a1 = poll(s);
        assertEquals("a.example/1", hostAndPath(a1));
        s.requeue(a1, a1.request().nextAttempt());
        List<String> order = new ArrayList<>();
        for (int i = 0; i < 3; i++) order.add(hostAndPath(poll(s)));
        assertEquals(
                List.of("b.example/1", "a.example/2", "a.example/1"),
                order,
                "the retry waits behind its host's pending request, and b's turn comes first");
        s.push(at("b.example", "2"));
        Lease b2 = poll(s);
        s.requeue(b2, b2.request().nextAttempt());
        assertEquals("b.example/2", hostAndPath(poll(s)), "a host that had left the ring comes back with its retry");
    }

    @Test
    void hostsStillTakeTurnsAfterAReopen() throws Exception {
        Scheduler first = open(false, VISIBILITY_TIMEOUT);
        for (int i = 0; i < 6; i++) first.push(at("a.example", "p/" + i));
        first.push(at("b.example", "1"));
        first.push(at("b.example", "2"));
        first.close();
        Scheduler second = open(true, VISIBILITY_TIMEOUT);
        if (!second.isPersistent()) return;
        Set<String> hosts = new HashSet<>();
        List<String> b = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Lease lease = poll(second);
            hosts.add(lease.request().host());
            if (lease.request().host().equals("b.example")) b.add(hostAndPath(lease));
        }
        assertEquals(
                List.of("b.example/1", "b.example/2"), b, "b's two requests within the first four polls: " + hosts);
    }

    @Test
    void concurrentProducersAndConsumersDeliverEveryRequestExactlyOnce() throws Exception {
        Scheduler s = open(false);
        int urls = 4_000;
        int producers = 100;
        int consumers = 100;
        AtomicInteger enqueued = new AtomicInteger();
        Map<String, Integer> delivered = new ConcurrentHashMap<>();
        ConcurrentLinkedQueue<Throwable> errors = new ConcurrentLinkedQueue<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int p = 0; p < producers; p++) {
                int id = p;
                pool.submit(() -> {
                    try {
                        // every URL is pushed by two producers: one copy must be dropped
                        for (int i = 0; i < 2 * urls / producers; i++) {
                            int u = (id * (urls / producers) + i) % urls;
                            Request r = req("u/" + u, u % 3);
                            if (i % 4 == 0) enqueued.addAndGet(s.pushAll(List.of(r)));
                            else if (s.push(r)) enqueued.incrementAndGet();
                        }
                    } catch (Throwable t) {
                        errors.add(t);
                    }
                });
            }
            for (int c = 0; c < consumers; c++) {
                pool.submit(() -> {
                    try {
                        while (delivered.size() < urls && System.nanoTime() < deadline) {
                            Lease lease = s.poll(Duration.ofMillis(100));
                            if (lease == null) continue;
                            delivered.merge(lease.request().url(), 1, Integer::sum);
                            s.ack(lease);
                        }
                    } catch (Throwable t) {
                        errors.add(t);
                    }
                });
            }
        }
        assertTrue(errors.isEmpty(), () -> "errors: " + errors);
        assertEquals(urls, enqueued.get());
        assertEquals(urls, delivered.size());
        Set<Integer> counts = new HashSet<>(delivered.values());
        assertEquals(Set.of(1), counts, "every request is delivered exactly once");
        assertEquals(0, s.pendingCount());
        assertEquals(0, s.inFlightCount());
        assertEquals(urls, s.seenCount());
    }

    // ---- what the frontier keeps about pages: budgets per host and domain, near-duplicate groups

    private static PageBudget budget(Scheduler s) {
        PageBudget b = s.pageBudget();
        assertNotNull(b, "every built-in scheduler keeps the page budgets in its own store");
        return b;
    }

    @Test
    void aHostsBudgetAdmitsEachPageOnceAndStopsAtItsSize() {
        PageBudget b = budget(open(false));
        assertEquals(PageBudget.Verdict.ADMITTED, b.admit("a.example", "a.example", "fp1", 2, 0));
        assertEquals(PageBudget.Verdict.ADMITTED, b.admit("a.example", "a.example", "fp2", 2, 0));
        assertEquals(PageBudget.Verdict.HOST_SPENT, b.admit("a.example", "a.example", "fp3", 2, 0));
        assertEquals(
                PageBudget.Verdict.ADMITTED,
                b.admit("a.example", "a.example", "fp1", 2, 0),
                "a retry of an admitted page");
        assertEquals(
                PageBudget.Verdict.ADMITTED,
                b.admit("b.example", "b.example", "fp4", 2, 0),
                "another host has its own");
        assertEquals(PageBudget.Verdict.HOST_SPENT, b.admit("a.example", "a.example", "fp3", 2, 0), "still spent");
    }

    @Test
    void aDomainsBudgetIsSharedByItsHostsAndARefusedPageSpendsNothing() {
        PageBudget b = budget(open(false));
        assertEquals(PageBudget.Verdict.ADMITTED, b.admit("x.shop.example", "shop.example", "x1", 1, 2));
        assertEquals(PageBudget.Verdict.HOST_SPENT, b.admit("x.shop.example", "shop.example", "x2", 1, 2));
        assertEquals(
                PageBudget.Verdict.ADMITTED,
                b.admit("y.shop.example", "shop.example", "y1", 1, 2),
                "the host's refusal did not spend the domain's budget");
        assertEquals(PageBudget.Verdict.DOMAIN_SPENT, b.admit("z.shop.example", "shop.example", "z1", 1, 2));
        assertEquals(
                PageBudget.Verdict.ADMITTED,
                b.admit("z.shop.example", "shop.example", "z1", 1, 3),
                "the domain's refusal did not spend the host's budget");
        assertEquals(
                PageBudget.Verdict.ADMITTED,
                b.admit("z.other.example", "other.example", "o1", 0, 1),
                "a domain budget alone");
        assertEquals(PageBudget.Verdict.DOMAIN_SPENT, b.admit("w.other.example", "other.example", "o2", 0, 1));
    }

    @Test
    void concurrentAdmissionsNeverSpendMoreThanTheBudget() throws Exception {
        PageBudget b = budget(open(false));
        AtomicInteger admitted = new AtomicInteger();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int thread = t;
                done.add(pool.submit(() -> {
                    for (int i = 0; i < 25; i++) {
                        if (b.admit("h.example", "h.example", thread + "/" + i, 40, 0) == PageBudget.Verdict.ADMITTED) {
                            admitted.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) f.get();
        }
        assertEquals(40, admitted.get());
    }

    @Test
    void aResumedCrawlGoesOnSpendingTheSameBudgetAndKeepsItsNearDuplicateGroups() {
        Scheduler first = open(false);
        budget(first).admit("a.example", "a.example", "fp1", 1, 0);
        assertNull(first.simHashIndex().firstNear(0x0123_4567_89ab_cdefL, "https://a.example/1"));
        first.close();
        Scheduler second = open(true);
        if (!second.isPersistent()) return;
        assertEquals(PageBudget.Verdict.HOST_SPENT, budget(second).admit("a.example", "a.example", "fp2", 1, 0));
        assertEquals(PageBudget.Verdict.ADMITTED, budget(second).admit("a.example", "a.example", "fp1", 1, 0));
        assertEquals(
                "https://a.example/1", second.simHashIndex().firstNear(0x0123_4567_89ab_cdeeL, "https://a.example/2"));
    }

    @Test
    void simHashesWithinSevenBitsJoinTheFirstPagesGroupWhicheverBandsDiffer() {
        SimHashIndex index = open(false).simHashIndex();
        assertNotNull(index, "every built-in scheduler keeps the SimHashes in its own store");
        long h = 0x0123_4567_89ab_cdefL;
        assertNull(index.firstNear(h, "https://a.example/first"), "the first page starts its group");
        assertEquals("https://a.example/first", index.firstNear(h, "https://a.example/same"), "distance 0");
        long sevenBands = h ^ 0x0001_0101_0101_0101L; // 7 bits, one in each of 7 bytes: only the top byte agrees
        assertEquals("https://a.example/first", index.firstNear(sevenBands, "https://a.example/seven"));
        long sevenBytesAgree = h ^ 0x7F00_0000_0000_0000L; // 7 bits, all in the top byte
        assertEquals("https://a.example/first", index.firstNear(sevenBytesAgree, "https://a.example/one-byte"));
        long eight = h ^ 0x0101_0101_0101_0101L; // 8 bits, one per byte: another page
        assertNull(index.firstNear(eight, "https://a.example/other"));
        assertEquals("https://a.example/other", index.firstNear(eight ^ 1L << 33, "https://a.example/near-other"));
        assertNull(
                index.firstNear(h, "https://a.example/first"),
                "the first page itself, fetched again, is not its own duplicate");
        assertNull(index.firstNear(~h, "https://a.example/far"));
        long highBits = h ^ (1L << 63 | 1L << 32 | 1L << 31); // the top bit of each half, and one more
        assertEquals("https://a.example/first", index.firstNear(highBits, "https://a.example/high-bits"));
        assertNull(index.firstNear(h ^ 0x8080_8080_8080_8080L, "https://a.example/eight-high-bits"));
    }

    // ---- page records (the re-crawl's validators and content hashes)

    private static PageRecords records(Scheduler s) {
        PageRecords records = s.pageRecords();
        assertNotNull(records, "every built-in scheduler keeps page records");
        return records;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void pageRecordsAreKeptReplacedAndRemovedByFingerprint() {
        PageRecords r = records(open(false));
        Fingerprint a = req("a").fingerprint();
        Fingerprint b = req("b").fingerprint();
        assertNull(r.get(a));
        r.put(a, bytes("etag-1"));
        r.put(b, new byte[] {0, -1, 2}); // any bytes, zeros and high bits included
        assertArrayEquals(bytes("etag-1"), r.get(a));
        r.put(a, bytes("etag-2"));
        assertArrayEquals(bytes("etag-2"), r.get(a), "a put replaces the record");
        assertArrayEquals(new byte[] {0, -1, 2}, r.get(b));
        assertEquals(2, r.count());
        r.remove(a);
        r.remove(a); // unknown: nothing happens
        assertNull(r.get(a));
        assertEquals(1, r.count());
    }

    @Test
    void aPatchOverwritesBytesOfARecordAndLeavesAMissingOrShortOneAlone() {
        PageRecords r = records(open(false));
        Fingerprint a = req("a").fingerprint();
        Fingerprint b = req("b").fingerprint();
        r.put(a, bytes("0123456789"));
        r.put(b, bytes("01"));
        r.patch(a, 2, bytes("xyz"));
        r.patch(b, 1, bytes("xyz")); // too short: left as it is
        r.patch(req("c").fingerprint(), 0, bytes("x")); // unknown: nothing happens
        assertArrayEquals(bytes("01xyz56789"), r.get(a));
        assertArrayEquals(bytes("01"), r.get(b));
        assertNull(r.get(req("c").fingerprint()));
        assertEquals(2, r.count());
    }

    @Test
    void forEachHandsOverEveryPageRecordOnce() {
        PageRecords r = records(open(false));
        int n = 2_345; // more than one batch of a paged read
        Map<Fingerprint, String> put = new HashMap<>();
        for (int i = 0; i < n; i++) {
            Fingerprint fp = req("p/" + i).fingerprint();
            put.put(fp, "r" + i);
            r.put(fp, bytes("r" + i));
        }
        Map<Fingerprint, String> seen = new HashMap<>();
        List<Fingerprint> twice = new ArrayList<>();
        r.forEach((fp, record) -> {
            if (seen.put(fp, new String(record, StandardCharsets.UTF_8)) != null) twice.add(fp);
        });
        assertEquals(List.of(), twice);
        assertEquals(put, seen);
        assertEquals(n, r.count());
    }

    @Test
    void pageRecordsOutliveAPersistentSchedulerAsItsSeenSetDoes() throws Exception {
        Scheduler first = open(false, VISIBILITY_TIMEOUT);
        first.push(req("a"));
        Lease lease = poll(first);
        records(first).put(lease.request().fingerprint(), bytes("kept"));
        first.ack(lease);
        first.close();
        Scheduler second = open(true, VISIBILITY_TIMEOUT);
        PageRecords r = records(second);
        if (!second.isPersistent()) {
            assertEquals(0, r.count(), "records do not outlive a non-persistent scheduler");
            return;
        }
        assertArrayEquals(bytes("kept"), r.get(req("a").fingerprint()));
        assertEquals(1, r.count());
    }
}
