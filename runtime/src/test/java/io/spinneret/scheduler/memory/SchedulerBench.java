package io.spinneret.scheduler.memory;

import io.spinneret.api.Request;
import java.lang.management.ManagementFactory;
import java.time.Duration;

/**
 * A command, not a test: push+pop throughput on one thread and heap per queued request.
 * {@code java -cp ... io.spinneret.scheduler.memory.SchedulerBench [n]}
 */
public final class SchedulerBench {
    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        String prefix = "https://books.toscrape.com/catalogue/a-light-in-the-attic_";
        for (int round = 0; round < 3; round++) {
            MemoryScheduler s = new MemoryScheduler();
            Request[] reqs = new Request[n];
            for (int i = 0; i < n; i++)
                reqs[i] = Request.builder(prefix + i + "/index.html")
                        .callback("detail")
                        .priority(i & 1)
                        .build();
            System.gc();
            long heap0 = used();
            var mx = ManagementFactory.getThreadMXBean();
            long c0 = mx.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) s.push(reqs[i]);
            long t1 = System.nanoTime();
            long c1 = mx.getCurrentThreadCpuTime();
            reqs = null;
            System.gc();
            long heap1 = used();
            long c2a = mx.getCurrentThreadCpuTime();
            for (int i = 0; i < n; i++) s.ack(s.poll(Duration.ZERO));
            long t2 = System.nanoTime();
            long c2 = mx.getCurrentThreadCpuTime();
            System.out.printf(
                    "  cpu time: push %.0f ms, poll+ack %.0f ms -> push+pop %.0f per cpu-second%n",
                    (c1 - c0) / 1e6, (c2 - c2a) / 1e6, n / (((c1 - c0) + (c2 - c2a)) / 1e9));
            System.out.printf(
                    "round %d: %d push in %.0f ms (%.0f/s), %d poll+ack in %.0f ms, push+pop %.0f/s; heap %.0f bytes per queued request (excluding the Request itself: %.0f)%n",
                    round,
                    n,
                    (t1 - t0) / 1e6,
                    n / ((t1 - t0) / 1e9),
                    n,
                    (t2 - t1) / 1e6,
                    n / ((t2 - t0) / 1e9),
                    (double) (heap1 - heap0 + requestBytes(n, prefix)) / n,
                    (double) (heap1 - heap0) / n);
        }
    }

    /** The requests were already on the heap before the pushes; add them back to get the total. */
    private static long requestBytes(int n, String prefix) {
        System.gc();
        long a = used();
        Request[] keep = new Request[n];
        for (int i = 0; i < n; i++)
            keep[i] = Request.builder(prefix + i + "/index.html")
                    .callback("detail")
                    .priority(i & 1)
                    .build();
        System.gc();
        long b = used();
        if (keep.length != n) throw new AssertionError();
        return b - a - 16L - 4L * n;
    }

    private static long used() {
        Runtime r = Runtime.getRuntime();
        return r.totalMemory() - r.freeMemory();
    }
}
