package io.spinneret.scheduler;

import io.spinneret.annotations.Setting;
import io.spinneret.api.Request;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Lease;
import io.spinneret.spi.Scheduler;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * The frontier size benchmark (a command, not a test): fills one scheduler with N URLs over H
 * hosts, drains it, and prints the bytes each queued request and each seen URL cost.
 *
 * <pre>
 * ./mvnw -q -B -pl runtime -am test-compile dependency:build-classpath \
 *     -Dmdep.outputFile=target/test-classpath.txt -Dmdep.includeScope=test
 * java -Xmx8g -cp runtime/target/test-classes:runtime/target/classes:$(cat runtime/target/test-classpath.txt) \
 *     io.spinneret.scheduler.FrontierBenchmark --scheduler redis --urls 10000000 [--hosts 1000]
 *     [--redis redis://127.0.0.1:6379/0] [--dir DIR] [--workers 32] [--seen-filter exact|bloom]
 *     [--masters host:port,host:port,...]
 * </pre>
 *
 * With {@code --redis redis-cluster://...} give the cluster's masters with {@code --masters}: the
 * memory and CPU figures are then summed over them, and each master's share is printed (the crawl's
 * host buckets spread over them). Use a cluster of its own: it is flushed before and after.
 *
 * The URLs are product pages of about 60 characters ({@code https://shop-00042.example.com/catalogue/item-00001234/index.html}),
 * callback {@code detail}, priorities 0-2, depth 1-3, spread round-robin over the hosts, drained by
 * workers taking batches of 64 leases and acking each batch together. Figures:
 * <ul>
 *   <li>memory: heap in use (after GC) once filled, once drained, and before;</li>
 *   <li>sqlite: the job directory's files (database and WAL);</li>
 *   <li>redis: {@code INFO memory} {@code used_memory}, and {@code MEMORY USAGE} of each key.
 *       Use a server of its own: other clients' keys move {@code used_memory} too.</li>
 * </ul>
 * Bytes per seen URL = (drained - before) / N: what is left once the queue is empty is the seen
 * set (and counters). Bytes per queued request = (filled - drained) / N: the queue itself.
 */
public final class FrontierBenchmark {
    private String kind = "redis";
    private long urls = 1_000_000;
    private int hosts = 1000;
    private int workers = 32;
    private String seenFilter = "exact";
    private String redisUrl = System.getenv().getOrDefault("SPINNERET_TEST_REDIS", "redis://127.0.0.1:6379/0");
    private Path dir = Path.of(System.getProperty("java.io.tmpdir"), "spinneret-frontier-bench");
    private List<String> masters = List.of(); // host:port of each master of a cluster of its own

    public static void main(String[] args) throws Exception {
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn"); // before any logger exists
        FrontierBenchmark b = new FrontierBenchmark();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--scheduler" -> b.kind = args[++i];
                case "--urls" -> b.urls = Long.parseLong(args[++i].replace("_", ""));
                case "--hosts" -> b.hosts = Integer.parseInt(args[++i]);
                case "--workers" -> b.workers = Integer.parseInt(args[++i]);
                case "--seen-filter" -> b.seenFilter = args[++i];
                case "--redis" -> b.redisUrl = args[++i];
                case "--dir" -> b.dir = Path.of(args[++i]);
                case "--masters" -> b.masters = List.of(args[++i].split(","));
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        b.run();
    }

    static Request request(long i, int hosts) {
        String url = String.format(
                Locale.ROOT, "https://shop-%05d.example.com/catalogue/item-%08d/index.html", i % hosts, i);
        return Request.builder(url)
                .callback("detail")
                .priority((int) (i % 3))
                .depth(1 + (int) (i % 3))
                .build();
    }

    private void run() throws Exception {
        String spider = "frontier-bench-" + ProcessHandle.current().pid();
        Settings settings = Settings.defaults()
                .with(Setting.SCHEDULER, kind, "bench")
                .with(Setting.JOB_DIR, dir.toString(), "bench")
                .with(Setting.REDIS_URL, redisUrl, "bench")
                .with(Setting.REDIS_SEEN_FILTER, seenFilter, "bench")
                .with(Setting.REDIS_BLOOM_CAPACITY, Long.toString(urls), "bench");
        System.out.printf(
                "%s, %,d URLs over %,d hosts (URL of %d chars), %d workers; %d cores, Java %s%s%n",
                kind,
                urls,
                hosts,
                request(0, hosts).url().length(),
                workers,
                Runtime.getRuntime().availableProcessors(),
                Runtime.version(),
                kind.equals("redis") ? ", seen filter " + seenFilter : "");
        cleanUp(spider);
        long before = size(spider);
        double cpu0 = redisCpuSeconds();
        long[] memoryBefore = masterMemory();
        double[] cpuBefore = masterCpu();
        try (Scheduler s = Schedulers.open(settings, spider, false)) {
            long t0 = System.nanoTime();
            List<Request> batch = new ArrayList<>(1000);
            for (long i = 0; i < urls; i++) {
                batch.add(request(i, hosts));
                if (batch.size() == 1000) {
                    s.pushAll(batch);
                    batch.clear();
                }
                if ((i + 1) % 1_000_000 == 0)
                    System.out.printf("  %,d pushed, %.0f s%n", i + 1, (System.nanoTime() - t0) / 1e9);
            }
            s.pushAll(batch);
            long t1 = System.nanoTime();
            double cpu1 = redisCpuSeconds();
            long filled = size(spider);
            System.out.printf(
                    "filled:  %,d pending, %,d seen in %.1f s (%,.0f/s)%n",
                    s.pendingCount(), s.seenCount(), (t1 - t0) / 1e9, rate(urls, t1 - t0));
            System.out.printf(
                    "%s once filled: %,d bytes (%.1f a URL, queue and seen set)%n",
                    measure(), filled, (double) (filled - before) / urls);
            if (kind.equals("redis") && masters.isEmpty()) keyUsage(spider);
            perMaster("filled", memoryBefore, cpuBefore);
            AtomicLong drained = new AtomicLong();
            try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int w = 0; w < workers; w++) {
                    pool.submit(
                            () -> { // as the engine does: a batch of leases, then their acks together
                                for (int idle = 0; idle < 5; ) { // bounded: five empty polls in a row end it
                                    List<Lease> leases = s.pollBatch(64);
                                    if (leases.isEmpty()) {
                                        idle++;
                                        Thread.sleep(100);
                                        continue;
                                    }
                                    idle = 0;
                                    s.ackAll(leases);
                                    long n = drained.addAndGet(leases.size());
                                    if (n / 1_000_000 != (n - leases.size()) / 1_000_000)
                                        System.out.printf("  %,d drained, %.0f s%n", n, (System.nanoTime() - t1) / 1e9);
                                }
                                return null;
                            });
                }
            }
            long t2 = System.nanoTime();
            perMaster("drained", memoryBefore, cpuBefore);
            double cpu2 = redisCpuSeconds();
            long empty = size(spider);
            if (kind.equals("redis")) {
                System.out.printf(
                        "Redis CPU: %.1f us per push, %.1f us per poll + ack%n",
                        (cpu1 - cpu0) * 1e6 / urls, (cpu2 - cpu1) * 1e6 / urls);
            }
            System.out.printf(
                    "drained: %,d (poll + ack) in %.1f s (%,.0f/s); %,d pending, %,d in flight after%n",
                    drained.get(), (t2 - t1) / 1e9, rate(drained.get(), t2 - t1), s.pendingCount(), s.inFlightCount());
            System.out.printf("%s: before %,d, filled %,d, drained %,d bytes%n", measure(), before, filled, empty);
            if (kind.equals("sqlite")) { // SQLite keeps the pages it freed: the files do not shrink when drained
                System.out.printf(
                        "RESULT sqlite urls=%d hosts=%d: %.1f bytes per URL, queued request and seen fingerprint together%n",
                        urls, hosts, (double) (filled - before) / urls);
                return;
            }
            System.out.printf(
                    "RESULT %s urls=%d hosts=%d: %.1f bytes per queued request, %.1f bytes per seen URL (%.1f both)%n",
                    kind + (kind.equals("redis") ? "/" + seenFilter : ""),
                    urls,
                    hosts,
                    (double) (filled - empty) / urls,
                    (double) (empty - before) / urls,
                    (double) (filled - before) / urls);
            if (kind.equals("memory")) System.out.println("(scheduler kept reachable: " + s.pendingCount() + ")");
        } finally {
            cleanUp(spider);
        }
    }

    private String measure() {
        return switch (kind) {
            case "memory" -> "heap used after GC";
            case "sqlite" -> "job files";
            default -> "Redis used_memory";
        };
    }

    private long size(String spider) throws Exception {
        return switch (kind) {
            case "memory" -> SchedulerBenchmark.usedHeap();
            case "sqlite" -> directorySize(dir.resolve(spider));
            default -> redisUsedMemory();
        };
    }

    private void keyUsage(String spider) {
        try (Jedis j = new Jedis(URI.create(redisUrl))) {
            for (String k : List.of("meta", "ring", "hosts", "chunks", "inflight", "leased", "seen", "bloom")) {
                String key = "spinneret:" + spider + ":" + k;
                Long bytes = j.memoryUsage(key, 0);
                if (bytes != null)
                    System.out.printf(
                            "  MEMORY USAGE %-8s %,15d bytes (%s), %.1f a URL%n",
                            k, bytes, j.objectEncoding(key), (double) bytes / urls);
            }
        }
    }

    /** The Redis server's CPU time (user + system), 0 for the other schedulers; prints and resets the script call stats. */
    private double redisCpuSeconds() {
        if (!kind.equals("redis")) return 0;
        if (!masters.isEmpty()) {
            double sum = 0;
            for (double c : masterCpu()) sum += c;
            return sum;
        }
        double cpu = 0;
        try (Jedis j = new Jedis(URI.create(redisUrl))) {
            for (String line : j.info("commandstats").split("\r?\n")) {
                if (line.startsWith("cmdstat_evalsha:")) System.out.println("  " + line);
            }
            j.configResetStat();
            for (String line : j.info("cpu").split("\r?\n")) {
                if (line.startsWith("used_cpu_sys:") || line.startsWith("used_cpu_user:"))
                    cpu += Double.parseDouble(
                            line.substring(line.indexOf(':') + 1).trim());
            }
        }
        return cpu;
    }

    private long redisUsedMemory() throws InterruptedException {
        Thread.sleep(500); // UNLINK frees in the background
        if (masters.isEmpty()) return SchedulerBenchmark.redisUsedMemory(redisUrl);
        long sum = 0;
        StringBuilder each = new StringBuilder("  used_memory per master:");
        for (String m : masters) {
            long used = SchedulerBenchmark.redisUsedMemory("redis://" + m + "/0");
            sum += used;
            each.append(String.format(Locale.ROOT, " %s %,d", m, used));
        }
        System.out.println(each);
        return sum;
    }

    /** Each master's keys, used memory and CPU (user + system) since the last call, for a cluster. */
    private void perMaster(String when, long[] memoryBefore, double[] cpuBefore) {
        if (masters.isEmpty()) return;
        long[] mem = new long[masters.size()];
        double[] cpu = new double[masters.size()];
        long[] keys = new long[masters.size()];
        long memSum = 0;
        double cpuSum = 0;
        for (int i = 0; i < masters.size(); i++) {
            try (Jedis j = new Jedis(URI.create("redis://" + masters.get(i) + "/0"))) {
                keys[i] = j.dbSize();
                mem[i] = SchedulerBenchmark.redisUsedMemory("redis://" + masters.get(i) + "/0") - memoryBefore[i];
                cpu[i] = cpuOf(j) - cpuBefore[i];
            }
            memSum += mem[i];
            cpuSum += cpu[i];
        }
        for (int i = 0; i < masters.size(); i++) {
            System.out.printf(
                    Locale.ROOT,
                    "  %s %s: %,d keys, %,d bytes (%.1f %% of the crawl's), CPU %.2f s (%.1f %%)%n",
                    when,
                    masters.get(i),
                    keys[i],
                    mem[i],
                    100.0 * mem[i] / Math.max(1, memSum),
                    cpu[i],
                    100.0 * cpu[i] / Math.max(1e-9, cpuSum));
        }
    }

    private static double cpuOf(Jedis j) {
        double cpu = 0;
        for (String line : j.info("cpu").split("\r?\n")) {
            if (line.startsWith("used_cpu_sys:") || line.startsWith("used_cpu_user:"))
                cpu += Double.parseDouble(line.substring(line.indexOf(':') + 1).trim());
        }
        return cpu;
    }

    private long[] masterMemory() {
        long[] m = new long[masters.size()];
        for (int i = 0; i < m.length; i++)
            m[i] = SchedulerBenchmark.redisUsedMemory("redis://" + masters.get(i) + "/0");
        return m;
    }

    private double[] masterCpu() {
        double[] c = new double[masters.size()];
        for (int i = 0; i < c.length; i++) {
            try (Jedis j = new Jedis(URI.create("redis://" + masters.get(i) + "/0"))) {
                c[i] = cpuOf(j);
            }
        }
        return c;
    }

    private static long directorySize(Path p) throws IOException {
        return Files.exists(p) ? SchedulerBenchmark.directorySize(p) : 0;
    }

    private void cleanUp(String spider) throws IOException {
        if (kind.equals("redis") && !masters.isEmpty()) {
            for (String m : masters) {
                try (Jedis j = new Jedis(URI.create("redis://" + m + "/0"))) {
                    j.flushAll();
                }
            }
        } else if (kind.equals("redis")) {
            try (Jedis j = new Jedis(URI.create(redisUrl))) {
                for (String k : List.of("meta", "ring", "hosts", "chunks", "inflight", "leased", "seen", "bloom"))
                    j.unlink("spinneret:" + spider + ":" + k);
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

    private static double rate(long n, long nanos) {
        return n / (nanos / 1e9);
    }
}
