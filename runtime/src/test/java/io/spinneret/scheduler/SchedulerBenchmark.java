package io.spinneret.scheduler;

import io.spinneret.annotations.Setting;
import io.spinneret.api.Request;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Lease;
import io.spinneret.spi.Scheduler;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import redis.clients.jedis.Jedis;

/**
 * The scheduler scale benchmark (a command, not a test): push, pop and ack rates of each
 * scheduler, heap bytes per queued request in the memory scheduler, and a large frontier in SQLite
 * and Redis (time to fill and drain, disk or memory used).
 *
 * <pre>
 * ./mvnw -q -B -pl runtime -am test-compile dependency:build-classpath \
 *     -Dmdep.outputFile=target/test-classpath.txt -Dmdep.includeScope=test
 * java -Xmx4g -cp runtime/target/test-classes:runtime/target/classes:$(cat runtime/target/test-classpath.txt) \
 *     io.spinneret.scheduler.SchedulerBenchmark [--ops N] [--frontier N] [--workers N]
 *     [--hosts N] [--redis redis://127.0.0.1:6379/0] [--dir DIR] [memory] [sqlite] [redis]
 * </pre>
 *
 * Defaults: 20,000 ops, a 1,000,000-request frontier, 16 workers, one host (with {@code --hosts N}
 * the requests are spread over N hosts, which the schedulers serve in turn), all three schedulers
 * (Redis from {@code --redis}, else {@code SPINNERET_TEST_REDIS}, else the local default), SQLite jobs under
 * {@code $TMPDIR/spinneret-scheduler-bench}. Each measurement uses its own job or namespace and
 * removes it. Run one scheduler per JVM for figures that do not depend on what ran before.
 */
public final class SchedulerBenchmark {
    private int ops = 20_000;
    private int frontier = 1_000_000;
    private int workers = 16;
    private String redisUrl = System.getenv().getOrDefault("SPINNERET_TEST_REDIS", "redis://127.0.0.1:6379/0");
    private Path dir = Path.of(System.getProperty("java.io.tmpdir"), "spinneret-scheduler-bench");
    private final List<String> kinds = new ArrayList<>();
    private int run;

    public static void main(String[] args) throws Exception {
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn"); // before any logger exists
        SchedulerBenchmark b = new SchedulerBenchmark();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--ops" -> b.ops = Integer.parseInt(args[++i]);
                case "--frontier" -> b.frontier = Integer.parseInt(args[++i]);
                case "--workers" -> b.workers = Integer.parseInt(args[++i]);
                case "--hosts" -> hosts = Integer.parseInt(args[++i]);
                case "--redis" -> b.redisUrl = args[++i];
                case "--dir" -> b.dir = Path.of(args[++i]);
                default -> b.kinds.add(args[i]);
            }
        }
        if (b.kinds.isEmpty()) b.kinds.addAll(List.of("memory", "sqlite", "redis"));
        System.out.printf(
                "%d cores, Java %s; %,d ops, %,d-request frontier, %d workers, %d hosts%n",
                Runtime.getRuntime().availableProcessors(), Runtime.version(), b.ops, b.frontier, b.workers, hosts);
        for (String kind : b.kinds) b.bench(kind);
    }

    /** Hosts the requests are spread over ({@code --hosts}): 1 is one site, more exercise the turns between hosts. */
    private static int hosts = 1;

    /** A request with a ~60-character URL, like a product page, on one of {@link #hosts} hosts. */
    static Request request(long i) {
        String host = hosts == 1 ? "books" : "h" + (i % hosts);
        return Request.builder(
                        String.format(Locale.ROOT, "https://%s.example.com/catalogue/item-%08d/index.html", host, i))
                .callback("detail")
                .priority((int) (i % 3))
                .build();
    }

    private Settings settings(String kind) {
        return Settings.defaults()
                .with(Setting.SCHEDULER, kind, "bench")
                .with(Setting.JOB_DIR, dir.toString(), "bench")
                .with(Setting.REDIS_URL, redisUrl, "bench");
    }

    private Scheduler open(String kind, String spider) {
        return Schedulers.open(settings(kind), spider, false);
    }

    private void bench(String kind) throws Exception {
        System.out.println("\n== " + kind);
        for (int round = 0; round < 2; round++) { // the first round warms up the JIT, the second is measured
            String spider = "bench-" + ProcessHandle.current().pid() + "-" + (run++);
            try (Scheduler s = open(kind, spider)) {
                sequential(s, round == 1);
            } finally {
                cleanUp(kind, spider);
            }
        }
        String spider;
        spider = "bench-" + ProcessHandle.current().pid() + "-" + (run++);
        try (Scheduler s = open(kind, spider)) {
            concurrent(s);
        } finally {
            cleanUp(kind, spider);
        }
        if (kind.equals("memory")) {
            heapPerRequest(kind);
        } else {
            spider = "bench-" + ProcessHandle.current().pid() + "-" + (run++);
            try {
                bigFrontier(kind, spider);
            } finally {
                cleanUp(kind, spider);
            }
        }
    }

    /** One thread: push N one by one, then poll and ack N one by one. */
    private void sequential(Scheduler s, boolean report) throws InterruptedException {
        long t0 = System.nanoTime();
        for (int i = 0; i < ops; i++) s.push(request(i));
        long t1 = System.nanoTime();
        List<Lease> leases = new ArrayList<>(ops);
        for (int i = 0; i < ops; i++) leases.add(s.poll(Duration.ofSeconds(5)));
        long t2 = System.nanoTime();
        for (Lease l : leases) s.ack(l);
        long t3 = System.nanoTime();
        check(s);
        if (report)
            System.out.printf(
                    "one thread:  push %,9.0f/s   pop %,9.0f/s   ack %,9.0f/s   => push+pop+ack %,9.0f/s%n",
                    rate(ops, t1 - t0), rate(ops, t2 - t1), rate(ops, t3 - t2), rate(ops, t3 - t0));
    }

    /**
     * A crawl's pattern: {@code workers} virtual threads each poll a request, push 10 links (half
     * of them duplicates) with pushAll, and ack; seeded with {@code workers} requests.
     */
    private void concurrent(Scheduler s) throws Exception {
        for (int i = 0; i < workers; i++) s.push(request(i));
        AtomicLong next = new AtomicLong(workers);
        AtomicLong done = new AtomicLong();
        long t0 = System.nanoTime();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int w = 0; w < workers; w++) {
                pool.submit(() -> {
                    while (done.get() < ops) {
                        Lease lease = s.poll(Duration.ofMillis(200));
                        if (lease == null) {
                            if (s.pendingCount() + s.inFlightCount() == 0) return null;
                            continue;
                        }
                        List<Request> links = new ArrayList<>(10);
                        long base = next.getAndAdd(5);
                        for (int k = 0; k < 5; k++) {
                            links.add(request(base + k));
                            links.add(request(base + k)); // a duplicate link on the same page
                        }
                        if (base < ops) s.pushAll(links);
                        s.ack(lease);
                        done.incrementAndGet();
                    }
                    return null;
                });
            }
        }
        long t1 = System.nanoTime();
        System.out.printf(
                "%2d workers:  poll + pushAll(10 links, 5 new) + ack: %,9.0f pages/s (%,9.0f push+pop+ack/s)%n",
                workers, rate(done.get(), t1 - t0), rate(done.get(), t1 - t0));
    }

    private void bigFrontier(String kind, String spider) throws Exception {
        long before = kind.equals("redis") ? redisUsedMemory() : 0;
        long t0 = System.nanoTime();
        try (Scheduler s = open(kind, spider)) {
            List<Request> batch = new ArrayList<>(1000);
            for (int i = 0; i < frontier; i++) {
                batch.add(request(i));
                if (batch.size() == 1000) {
                    s.pushAll(batch);
                    batch.clear();
                }
            }
            s.pushAll(batch);
            long t1 = System.nanoTime();
            long size = kind.equals("redis") ? redisUsedMemory() - before : directorySize(dir.resolve(spider));
            System.out.printf(
                    "frontier:    filled %,d in %.1f s (%,.0f/s); %s %,.1f MiB (%,.0f bytes/request)%n",
                    s.pendingCount(),
                    (t1 - t0) / 1e9,
                    rate(frontier, t1 - t0),
                    kind.equals("redis") ? "Redis used_memory +" : "files",
                    size / 1048576.0,
                    (double) size / frontier);
            AtomicLong drained = new AtomicLong();
            long t2 = System.nanoTime();
            try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int w = 0; w < workers; w++) {
                    pool.submit(() -> {
                        Lease lease;
                        while ((lease = s.poll(Duration.ofMillis(100))) != null) {
                            s.ack(lease);
                            drained.incrementAndGet();
                        }
                        return null;
                    });
                }
            }
            long t3 = System.nanoTime();
            check(s);
            System.out.printf(
                    "frontier:    drained %,d with %d workers (poll + ack) in %.1f s (%,.0f/s)%n",
                    drained.get(), workers, (t3 - t2) / 1e9, rate(drained.get(), t3 - t2));
        }
    }

    private void heapPerRequest(String kind) throws Exception {
        int n = Math.min(frontier, 1_000_000);
        long before = usedHeap();
        Scheduler s = open(kind, "bench-heap");
        List<Request> batch = new ArrayList<>(1000);
        for (int i = 0; i < n; i++) {
            batch.add(request(i));
            if (batch.size() == 1000) {
                s.pushAll(batch);
                batch.clear();
            }
        }
        s.pushAll(batch);
        long after = usedHeap();
        System.out.printf(
                "heap:        %,d queued requests (URL of %d chars) use %,.1f MiB: %,.0f bytes/request%n",
                s.pendingCount(),
                request(0).url().length(),
                (after - before) / 1048576.0,
                (double) (after - before) / n);
        s.close();
    }

    /** Heap in use after a few full GCs. */
    static long usedHeap() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(100);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private long redisUsedMemory() {
        return redisUsedMemory(redisUrl);
    }

    /** {@code used_memory} of {@code INFO memory}, 0 if missing. */
    static long redisUsedMemory(String redisUrl) {
        try (Jedis j = new Jedis(URI.create(redisUrl))) {
            for (String line : j.info("memory").split("\r?\n")) {
                if (line.startsWith("used_memory:"))
                    return Long.parseLong(
                            line.substring("used_memory:".length()).trim());
            }
        }
        return 0;
    }

    static long directorySize(Path p) throws IOException {
        try (Stream<Path> files = Files.walk(p)) {
            return files.filter(Files::isRegularFile)
                    .mapToLong(f -> f.toFile().length())
                    .sum();
        }
    }

    private void cleanUp(String kind, String spider) throws IOException {
        if (kind.equals("redis")) {
            try (Jedis j = new Jedis(URI.create(redisUrl))) {
                for (String k : j.keys("spinneret:{" + spider + "}:*")) j.unlink(k);
                for (String k : j.keys("spinneret:{" + spider + ":*}:*")) j.unlink(k); // its host buckets
            }
        } else if (kind.equals("sqlite")) {
            Path job = dir.resolve(spider);
            if (Files.exists(job)) {
                try (Stream<Path> files = Files.walk(job)) {
                    files.sorted(Comparator.reverseOrder())
                            .forEach(f -> f.toFile().delete());
                }
            }
        }
    }

    private static void check(Scheduler s) {
        if (s.pendingCount() != 0 || s.inFlightCount() != 0) {
            throw new IllegalStateException(
                    "left behind: " + s.pendingCount() + " pending, " + s.inFlightCount() + " in flight");
        }
    }

    private static double rate(long n, long nanos) {
        return n / (nanos / 1e9);
    }
}
