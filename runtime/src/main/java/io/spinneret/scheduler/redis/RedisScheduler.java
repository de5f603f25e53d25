package io.spinneret.scheduler.redis;

import io.spinneret.api.Fingerprint;
import io.spinneret.api.Request;
import io.spinneret.api.SpinneretException;
import io.spinneret.spi.CrawlFinishedException;
import io.spinneret.spi.Lease;
import io.spinneret.spi.PageBudget;
import io.spinneret.spi.PageRecords;
import io.spinneret.spi.RenderDecisionStore;
import io.spinneret.spi.Scheduler;
import io.spinneret.spi.SessionStore;
import io.spinneret.spi.SharedThrottle;
import io.spinneret.spi.SimHashIndex;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntFunction;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * A {@link Scheduler} in Redis, shared by every process that opens the same crawl id on the same
 * server (or Redis Cluster): a distributed crawl.
 *
 * <h2>Keys</h2>
 * A crawl's frontier is sharded into {@value HostBuckets#COUNT} host buckets ({@link HostBuckets}):
 * a host's bucket is a fixed hash of its name, and its keys are
 * {@code spinneret:{<crawl id>:<bucket>}:*} (the braces are Redis Cluster's hash tag: each bucket
 * is one slot, so the buckets spread over every master, and each script's keys are on one node).
 * A bucket holds its hosts' whole frontier:
 * <ul>
 *   <li>the frontier's eight ({@link #KEY_NAMES}: {@code meta}, {@code ring}, {@code hosts},
 *       {@code chunks}, {@code inflight}, {@code leased}, {@code seen}, {@code bloom}): per-host
 *       queues served in turn, compact request records, the seen set (exact or Bloom) and the
 *       leases; {@code frontier.lua} and {@code docs/frontier.md} describe them. A lease id is
 *       {@code <bucket>:<n>:<server ms taken>} ({@code <n>:<ms>} in the bucket), its score the
 *       server time it was taken or last touched by its node's heartbeat;</li>
 *   <li>{@code throttle:*}: its hosts' politeness ({@link RedisThrottle});</li>
 *   <li>{@code once:<token>}: the kept reply of a pop until its node received it ({@link LuaScripts#once}).</li>
 * </ul>
 * The crawl's own keys stay under {@code spinneret:{<crawl id>}:}:
 * <ul>
 *   <li>{@code meta}: the layout version, the seen filter and the crawl's <em>epoch</em>, a random
 *       id drawn when the crawl is created and stamped in every bucket's {@code meta}. Every
 *       frontier script checks it: a bucket (or the crawl's meta) without it lost its data (a
 *       restart without persistence, {@code FLUSHDB}, a master that lost its slots), and the
 *       crawl fails with that said, instead of finishing on what is left;</li>
 *   <li>{@code active}: the index of the buckets with pending requests (bucket to its wake count,
 *       {@code active.lua}): a node polls the buckets it lists, never all of them;</li>
 *   <li>{@code state}: hash of the crawl's lifecycle: {@code state} ({@code running} or
 *       {@code finished}), {@code started_by}/{@code started_at}, {@code finished_by}/{@code finished_at}
 *       (node names, server times in ms);</li>
 *   <li>{@code nodes}: hash of node name to its last heartbeat (server ms) and leases, for {@code status};</li>
 *   <li>{@code budget} and {@code simhash}: hashes of the page budgets and the near-duplicate groups
 *       ({@link RedisPages}); {@code pages}, {@code sessions}.</li>
 * </ul>
 * Every change is one Lua script ({@code push}, {@code pop}, {@code ack}, {@code requeue},
 * {@code touch}, {@code reset}, {@code layout}, {@code begin}, {@code finish}, {@code beat},
 * resources of this package), so it is atomic across nodes, and
 * durable as far as the server is (its RDB/AOF settings). Commands are retried through outages
 * for {@code redis_retry_timeout} ({@link CommandPipeline}).
 *
 * <h2>Visibility timeout and heartbeat</h2>
 * {@link #poll} first puts back in-flight entries whose stamp is older than the visibility timeout,
 * by the server's clock: their node died. A live node never loses its work to that: while it holds
 * leases, a heartbeat re-stamps them every third of the timeout ({@code touch} script), however
 * long a request takes (throttling, retries' backoff, storage batching). So the timeout only says
 * how soon the work of a dead node comes back: its last heartbeat was before it died, so its
 * leases are free at most one timeout after its death and taken by the next poll of any node. The
 * timeout must exceed the longest pause of a live node (GC, a Redis outage) plus a third of itself. If a node was paused longer and its lease was reclaimed, its late ack removes the
 * request wherever it is; the request may then have been downloaded twice, never lost.
 *
 * <h2>Polling</h2>
 * A node keeps a ring of the buckets it knows to have pending requests: those its pushes filled,
 * and those the crawl's {@code active} index lists (read again every second; it lists every bucket
 * that is not idle, with requests pending or in flight, so a bucket's listing changes only when it
 * goes idle or wakes from idle, not with every drained queue). A poll of {@code n}
 * takes up to {@code n} buckets from the front of the ring and asks each for its share in one
 * round trip (one script per bucket, all pipelined); a bucket with more left goes to the back.
 * The index is only a hint: a node that crashed between a push and listing its bucket leaves it
 * out, so a node that finds nothing sweeps every bucket (one round trip, at most every ten seconds),
 * which also reclaims the leases of dead nodes in buckets nobody polls.
 *
 * <p>A {@link #pollBatch} of a node alone in the crawl (no other node in its node list, read
 * again every second) pops {@value #TAKEN_AHEAD} leases more than it asks for, and the next
 * batches are handed out from those, without a round trip, until none is left: a node's poller
 * then rarely waits for Redis. Leases taken ahead are this node's like the others (its heartbeat
 * keeps them, a dead node's come back after the visibility timeout); this node counts them as
 * pending, not in flight, and gives back those it did not hand out when another node joins or
 * when it closes, and those a push outranks in their host's order (so {@code depth_first} still
 * goes deep first; the others stay, as they come first anyway). Pops go through a pipeline of
 * their own, so they never wait behind a batch of pushes, acks and records.
 *
 * <h2>Lifecycle</h2>
 * A crawl is {@code running} from the first node's open until a node closes with nothing pending
 * and nothing in flight in any bucket ({@code finish} script): then it is {@code finished}, with that
 * node's name and the time. A node opening a running crawl joins it, whatever its queue holds
 * (even empty, while the others wait out their idle timeout: its start requests are duplicates).
 * A node opening a finished crawl gets a {@link CrawlFinishedException} ({@link Mode#JOIN}),
 * reopens it keeping what was seen ({@link Mode#REOPEN}, {@code --resume}), or clears it and starts
 * again ({@link Mode#NEW}, {@code --new-crawl}).
 *
 * <h2>Throughput</h2>
 * Calls from many threads are sent together in one pipeline ({@code CommandPipeline}), one round
 * trip per batch, on one Jedis client (a pooled server or a cluster). When a call returns, the server has
 * run it.
 *
 * <p>Thread-safe. Counts are global, over all nodes.
 */
public final class RedisScheduler implements Scheduler {
    private static final Logger LOG = LoggerFactory.getLogger(RedisScheduler.class);
    private static final long MAX_POLL_SLEEP_NANOS = Duration.ofMillis(50).toNanos();
    private static final Pattern CRAWL_ID = Pattern.compile("[^{}\\s]{1,200}");
    private static final Pattern BUCKET_LIKE = Pattern.compile(".*:[0-9]+");
    private static final AtomicInteger OPENED = new AtomicInteger();
    private static final int LISTED_LEASES = 1000;

    /** What opening does with a crawl that already finished. */
    public enum Mode {
        /** Join a running crawl or start one; a finished one is refused ({@link CrawlFinishedException}). */
        JOIN,
        /** Like {@link #JOIN}, but a finished crawl runs again for URLs it has not seen ({@code --resume}). */
        REOPEN,
        /** Clear whatever the crawl holds and start it again ({@code --new-crawl}). */
        NEW
    }

    /**
     * How to reach a crawl.
     *
     * @param url the Redis URL ({@link RedisEndpoint})
     * @param crawlId the crawl's identity (keys {@code spinneret:{<crawlId>}:*})
     * @param visibilityTimeout how long a dead node's in-flight entries wait before any node reclaims them
     * @param retryTimeout how long a command is retried through an outage before it fails
     * @param commandTimeout how long a reply may take before the connection counts as lost and the
     *     command is retried: long, since a busy server (a big script of another crawl) is not a lost one
     * @param waitReplicas how many replicas must have a batch's writes before its commands return
     *     ({@code redis_wait_replicas}, {@code WAIT}); 0: as soon as the master ran them
     */
    public record Options(
            String url,
            String crawlId,
            Duration visibilityTimeout,
            Duration retryTimeout,
            Duration commandTimeout,
            int waitReplicas) {
        public Options {
            if (!CRAWL_ID.matcher(crawlId).matches()
                    || BUCKET_LIKE.matcher(crawlId).matches()) {
                throw new SpinneretException("crawl id '" + crawlId
                        + "' must be 1 to 200 characters without spaces or braces, not ending in ':' and digits"
                        + " (the suffix of a host bucket's keys)");
            }
        }

        /** With a command timeout of 30 s, not waiting for replicas. */
        public Options(String url, String crawlId, Duration visibilityTimeout, Duration retryTimeout) {
            this(url, crawlId, visibilityTimeout, retryTimeout, Duration.ofSeconds(30), 0);
        }

        /** Not waiting for replicas. */
        public Options(
                String url,
                String crawlId,
                Duration visibilityTimeout,
                Duration retryTimeout,
                Duration commandTimeout) {
            this(url, crawlId, visibilityTimeout, retryTimeout, commandTimeout, 0);
        }

        /** These, waiting for {@code waitReplicas} replicas ({@code redis_wait_replicas}). */
        public Options withWaitReplicas(int replicas) {
            return new Options(url, crawlId, visibilityTimeout, retryTimeout, commandTimeout, replicas);
        }
    }

    private final UnifiedJedis client;
    private final RedisEndpoint endpoint;
    private final String crawlId;
    private final String namespace;
    /** The keys of every frontier script, in the order of {@code frontier.lua}. */
    static final List<String> KEY_NAMES =
            List.of("meta", "ring", "hosts", "chunks", "inflight", "leased", "seen", "bloom");
    /**
     * The version of this layout in the crawl's {@code meta}; another in the namespace is refused
     * (2: one slot per crawl, before host buckets).
     */
    static final String LAYOUT_VERSION = "3";
    /** The frontier keys an older layout kept under the crawl's own prefix: found there, they are refused. */
    private static final List<String> OLD_FRONTIER_KEYS =
            List.of("ring", "hosts", "chunks", "inflight", "leased", "seen", "bloom");

    private static final long MIN_BUCKET_BLOOM_BITS = 1L << 23;
    private static final long REFRESH_NANOS = Duration.ofSeconds(1).toNanos();
    private static final long SWEEP_NANOS = Duration.ofSeconds(10).toNanos();

    private static final byte[] ONE = {'1'};
    private static final byte[] ZERO = {'0'};

    private final HostBuckets buckets;
    private final BucketRing ring = new BucketRing();
    private final String metaKey;
    private final String activeKey;
    private final String stateKey;
    private final String nodesKey;
    private volatile @Nullable String epoch; // the crawl's, once started (or inspected)
    private volatile @Nullable String lost; // set once a script found the crawl's data gone: every call fails then
    private volatile long lastRefresh;
    private volatile long lastSweep;
    private long lastNodesCheck; // the poller's
    private final String node;
    private final long visibilityMillis;
    private final long onceMillis;
    private final CommandPipeline redis;
    /**
     * The poller's pops, in a pipeline (and on a connection) of their own: a pop never waits for
     * a batch of pushes, acks and records to come back before it is sent.
     */
    private final CommandPipeline pops;
    /** Leases a pop took beyond what its poll asked for, handed out by the next polls ({@link #leases}). */
    private final ConcurrentLinkedDeque<Lease> ahead = new ConcurrentLinkedDeque<>();

    /**
     * Per host, the highest priority pushed since the last poll that outranks a lease of that host
     * taken ahead: those leases go back to their queues at the next poll ({@link #giveBackOutranked}).
     */
    private final Map<String, Integer> outranking = new ConcurrentHashMap<>();

    private final ReentrantLock popping = new ReentrantLock(); // one pop at a time fills ahead
    /** How many leases a pop takes beyond those asked for. */
    static final int TAKEN_AHEAD = 32;

    private final Set<String> held = ConcurrentHashMap.newKeySet(); // members of our live leases
    private final KnownFingerprints known = new KnownFingerprints();
    private final AtomicInteger othersSeen = new AtomicInteger();
    private final ServerClock serverClock = new ServerClock();
    private @Nullable RedisThrottle throttle; // guarded by this; made on first use
    private @Nullable RedisSessionStore sessions; // guarded by this; made on first use
    private final @Nullable Thread heartbeat;
    private volatile boolean closed;
    private SeenFilter filter = SeenFilter.exact();
    private final RedisPages pages;
    private final RedisPageRecords pageRecords;

    private RedisScheduler(RedisEndpoint endpoint, Options options, boolean beating) {
        this.endpoint = endpoint;
        this.crawlId = options.crawlId();
        this.namespace = "spinneret:{" + crawlId + "}:";
        this.buckets = new HostBuckets(crawlId);
        this.metaKey = namespace + "meta";
        this.activeKey = namespace + "active";
        this.stateKey = namespace + "state";
        this.nodesKey = namespace + "nodes";
        this.node = nodeName();
        this.visibilityMillis = options.visibilityTimeout().toMillis();
        this.onceMillis =
                options.retryTimeout().toMillis() + options.visibilityTimeout().toMillis() + 10_000;
        RedisEndpoint.Connected connected = endpoint.open(options.commandTimeout(), 4);
        this.client = connected.client();
        this.redis = new CommandPipeline(
                connected, endpoint.redacted(), metaKey, options.retryTimeout(), options.waitReplicas());
        this.pops = new CommandPipeline(
                connected, endpoint.redacted(), metaKey, options.retryTimeout(), options.waitReplicas());
        this.pages = new RedisPages(redis, namespace);
        this.pageRecords = new RedisPageRecords(namespace, new RedisPageRecords.Commands() {
            @Override
            public <T> T call(CommandPipeline.Command<T> command) {
                return count(command);
            }

            @Override
            public <T> void post(CommandPipeline.Command<T> command) {
                if (closed) throw new IllegalStateException("scheduler is closed");
                redis.post(command, "keeping a page record");
            }
        });
        if (beating) {
            long every = Math.max(visibilityMillis / 3, 10);
            this.heartbeat = Thread.ofPlatform()
                    .daemon()
                    .name("spinneret-redis-heartbeat")
                    .unstarted(() -> beat(every));
        } else {
            this.heartbeat = null;
        }
    }

    private static String nodeName() {
        String name = hostName() + ":" + ProcessHandle.current().pid();
        int n = OPENED.incrementAndGet();
        return n == 1 ? name : name + "#" + n; // several schedulers in one JVM (tests, embedded crawls)
    }

    /**
     * The machine's name, read without a name lookup where Linux shows it: {@link InetAddress#getLocalHost}
     * also resolves the name, which waits for DNS (seconds at each start) on a machine that cannot
     * resolve its own name.
     */
    private static String hostName() {
        try {
            String name = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
            if (!name.isEmpty()) return name;
        } catch (IOException | RuntimeException notLinux) {
            // below
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    /** Re-stamps the leases this node holds every {@code everyMillis}, until closed. */
    private void beat(long everyMillis) {
        while (!closed) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(everyMillis));
            if (closed) return;
            try {
                beatOnce();
            } catch (RuntimeException e) {
                if (!closed) LOG.warn("{}*: heartbeat failed ({}); retrying", namespace, e.getMessage());
            }
        }
    }

    /** Re-stamps the leases held and records this node's heartbeat in the node list. */
    private void beatOnce() {
        List<String> members = new ArrayList<>(held);
        Map<Integer, List<byte[]>> touches = new TreeMap<>();
        for (String m : members) {
            int b = bucketOf(m);
            touches.computeIfAbsent(b, k -> new ArrayList<>(List.of(epochBytes())))
                    .add(memberOf(m).getBytes(StandardCharsets.UTF_8));
        }
        if (!touches.isEmpty()) runBuckets(LuaScripts.TOUCH, touches, false);
        List<String> args = new ArrayList<>(Math.min(members.size(), LISTED_LEASES) + 2);
        args.add(node);
        args.add(Integer.toString(members.size()));
        args.addAll(
                members.subList(0, Math.min(members.size(), LISTED_LEASES))); // status shows a node's count and these
        serverClock.update((Long) eval(LuaScripts.BEAT.plain(), List.of(nodesKey), args), System.nanoTime());
        long listed = count(p -> p.hlen(nodesKey));
        othersSeen.accumulateAndGet((int) Math.max(0, listed - 1), Math::max);
    }

    /**
     * Whether another node in the crawl's node list beat within the visibility timeout (by the
     * server's clock, as {@code status} judges a node dead): one round trip. A node that left is not
     * listed; one that died stays listed, but not alive.
     */
    @Override
    public boolean othersLive() {
        Map<String, String> beats = redis.call(p -> p.hgetAll(nodesKey));
        long now = serverClock.now();
        for (Map.Entry<String, String> e : beats.entrySet()) {
            if (e.getKey().equals(node)) continue;
            long beat = Long.parseLong(e.getValue().split(" ", 2)[0]);
            if (now == Long.MAX_VALUE || now - beat <= visibilityMillis) return true;
        }
        return false;
    }

    /** The other nodes this one saw in the crawl's node list at its heartbeats (those that died stay listed). */
    @Override
    public int otherNodes() {
        return othersSeen.get();
    }

    /**
     * Connects to a crawl ({@link Options}) and admits this node to it.
     *
     * @throws CrawlFinishedException if the crawl finished and {@code mode} is {@link Mode#JOIN}
     * @throws SpinneretException if the server cannot be reached or the URL is wrong (the message
     *     never holds the password)
     */
    /**
     * Loads the Redis client's classes and the scheduler's scripts without connecting; see {@link
     * io.spinneret.scheduler.Schedulers#warmUp}.
     */
    public static void warmUp() {
        RedisEndpoint.warmUp();
        LuaScripts.values();
    }

    public static RedisScheduler open(Options options, Mode mode) {
        return open(options, mode, SeenFilter.exact());
    }

    /**
     * Like {@link #open(Options, Mode)}, with the seen filter a new crawl is created with (a crawl
     * that exists keeps its own).
     */
    public static RedisScheduler open(Options options, Mode mode, SeenFilter seen) {
        if (options.url().isBlank())
            throw new SpinneretException("scheduler=redis needs redis_url (or --redis redis://host:port/db)");
        RedisEndpoint endpoint = RedisEndpoint.parse(options.url());
        RedisScheduler s;
        try {
            s = new RedisScheduler(endpoint, options, true);
        } catch (JedisException e) {
            throw new SpinneretException("cannot connect to Redis at " + endpoint + ": " + e.getMessage(), e);
        }
        try {
            s.start(mode, seen);
            s.beatOnce(); // listed from the start
        } catch (JedisException | SpinneretException e) {
            s.close();
            if (e instanceof CrawlFinishedException f) throw f;
            throw new SpinneretException("cannot use Redis at " + endpoint + ": " + e.getMessage(), e);
        }
        Thread beat = Objects.requireNonNull(s.heartbeat);
        beat.start();
        return s;
    }

    /** {@link #open(Options, Mode)} with the default retry budget: {@code resume} reopens a finished crawl. */
    public static RedisScheduler open(String redisUrl, String crawlId, Duration visibilityTimeout, boolean resume) {
        return open(
                new Options(redisUrl, crawlId, visibilityTimeout, Duration.ofSeconds(60)),
                resume ? Mode.REOPEN : Mode.JOIN);
    }

    /** {@link #open(String, String, Duration, boolean)} with the seen filter a new crawl is created with. */
    public static RedisScheduler open(
            String redisUrl, String crawlId, Duration visibilityTimeout, boolean resume, SeenFilter seen) {
        return open(
                new Options(redisUrl, crawlId, visibilityTimeout, Duration.ofSeconds(60)),
                resume ? Mode.REOPEN : Mode.JOIN,
                seen);
    }

    /**
     * Connects to a crawl to read its {@link #status()} only: no heartbeat, the crawl's state is
     * not changed. Close it after use.
     */
    public static RedisScheduler inspect(String redisUrl, String crawlId) {
        return inspect(redisUrl, crawlId, Duration.ofSeconds(15));
    }

    /**
     * {@link #inspect(String, String)}, judging nodes silent for longer than {@code visibilityTimeout}
     * (the crawl's {@code visibility_timeout}) dead.
     */
    public static RedisScheduler inspect(String redisUrl, String crawlId, Duration visibilityTimeout) {
        RedisEndpoint endpoint = RedisEndpoint.parse(redisUrl);
        try {
            return new RedisScheduler(
                    endpoint, new Options(redisUrl, crawlId, visibilityTimeout, Duration.ofSeconds(5)), false);
        } catch (JedisException e) {
            throw new SpinneretException("cannot connect to Redis at " + endpoint + ": " + e.getMessage(), e);
        }
    }

    private void start(Mode mode, SeenFilter seen) {
        refuseOlderLayout();
        layout(seen, mode == Mode.NEW); // refuses another layout before anything is cleared
        Map<String, String> before = redis.call(p -> p.hgetAll(stateKey));
        long dropped = -1; // what a reset dropped; -1: no reset ran
        if (mode == Mode.NEW) {
            dropped = reset();
            redis.call(p -> p.del(stateKey));
            redis.call(p -> p.del(pageRecords.key()));
            LOG.info(
                    "{}*: a new crawl {} ({} seen fingerprints of the previous one dropped)",
                    namespace,
                    crawlId,
                    dropped);
        } else if (before.isEmpty()) {
            // keys of a finished crawl without a state (an interrupted --new-crawl): cleared
            Counts c = sweep();
            if (c.pending() == 0 && c.inFlight() == 0 && c.seen() > 0) {
                dropped = reset();
                LOG.info("{}*: the previous crawl finished ({} seen); starting a new one", namespace, dropped);
            }
        }
        if (dropped >= 0) {
            redis.call(p -> p.unlink(
                    RedisPages.KEY_NAMES.stream().map(k -> namespace + k).toArray(String[]::new)));
            layout(seen, false); // the reset dropped the layout with the rest: created again, with this node's filter
            redis.call(p -> p.del(
                    namespace + "sessions",
                    namespace + "sessions:live",
                    namespace + RedisRenderDecisions.KEY)); // a new crawl starts without sessions or render decisions
        }
        List<?> out = (List<?>)
                eval(LuaScripts.BEGIN.plain(), List.of(stateKey), List.of(node, mode == Mode.JOIN ? "join" : "reopen"));
        String found = (String) out.get(0);
        if (found.equals("finished")) {
            String by = (String) out.get(1);
            long at = Long.parseLong(String.valueOf(out.get(2)));
            throw new CrawlFinishedException(
                    "the crawl '" + crawlId + "' at " + endpoint + " finished at " + Instant.ofEpochMilli(at)
                            + " (by " + by
                            + "); nothing to do. Use --new-crawl to crawl it again from the start, --resume to crawl"
                            + " only what it has not seen, or another --crawl-id");
        }
        if (found.equals("running")) {
            Counts c = sweep();
            LOG.info(
                    "{} joins the running crawl '{}' ({} pending, {} in flight, {} seen)",
                    node,
                    crawlId,
                    c.pending(),
                    c.inFlight(),
                    c.seen());
        } else if (found.equals("reopened")) {
            LOG.info(
                    "{} reopens the finished crawl '{}' ({} seen): only unseen URLs are crawled",
                    node,
                    crawlId,
                    seenCount());
        } else {
            LOG.info(
                    "{} starts the crawl '{}' in {}* and {} host buckets", node, crawlId, namespace, HostBuckets.COUNT);
        }
    }

    /**
     * Refuses the keys of an older layout: a sorted set of ids and a hash of JSON, under this
     * namespace or under the prefix before crawl ids ({@code spinneret:<id>:}).
     */
    private void refuseOlderLayout() {
        for (String prefix : List.of(namespace, "spinneret:" + crawlId + ":")) {
            for (String key : List.of(prefix + "pending", prefix + "requests")) {
                if (redis.call(p -> p.exists(key))) {
                    throw new SpinneretException(
                            key + " holds a crawl in the layout of an older Spinneret, which this version does not"
                                    + " read: finish it with that version, or delete its keys (redis-cli --scan --pattern '"
                                    + prefix
                                    + "*' | xargs redis-cli unlink)");
                }
            }
        }
    }

    /**
     * Creates the crawl's layout and its buckets, stamped with a new epoch, or checks the ones it
     * has (a bucket without the crawl's epoch lost its data); the filter is the crawl's. With
     * {@code clearing} (a new crawl, whose reset drops the buckets next), only the crawl's layout is
     * checked: the buckets are made after the reset.
     */
    private void layout(SeenFilter seen, boolean clearing) {
        List<String> k = new ArrayList<>();
        k.add(metaKey);
        for (String old : OLD_FRONTIER_KEYS) k.add(namespace + old);
        List<?> out;
        try {
            out = (List<?>) eval(
                    LuaScripts.LAYOUT.plain(),
                    k,
                    List.of(
                            LAYOUT_VERSION,
                            seen.kind(),
                            Long.toString(seen.bits()),
                            Integer.toString(seen.hashes()),
                            Long.toHexString(ThreadLocalRandom.current().nextLong() | 1L << 60)));
        } catch (SpinneretException e) {
            if (String.valueOf(e.getMessage()).contains("LAYOUT")) {
                throw new SpinneretException(
                        namespace + "* holds keys of another frontier layout (" + e.getMessage()
                                + "; this version writes layout " + LAYOUT_VERSION
                                + ", sharded by host bucket): this version does not migrate it; finish that crawl"
                                + " with the version that started it, or delete its keys (redis-cli --scan"
                                + " --pattern '" + namespace + "*' | xargs redis-cli unlink, and the same with '"
                                + "spinneret:{" + crawlId + ":*}:*')",
                        e);
            }
            throw e;
        }
        SeenFilter crawls = new SeenFilter(
                (String) out.get(0), Long.parseLong((String) out.get(1)), Integer.parseInt((String) out.get(2)));
        epoch = (String) out.get(3);
        filter = crawls;
        if (clearing) return; // a reset drops the buckets next, and the layout is made again after it
        boolean ready = "1".equals(out.get(4));
        // each bucket's share of a Bloom filter's bits
        String bits = Long.toString(crawls.kind().equals("bloom") ? bucketBloomBits(crawls.bits()) : 0);
        Map<Integer, List<byte[]>> calls = new TreeMap<>();
        for (int b = 0; b < HostBuckets.COUNT; b++) {
            calls.put(b, bytes(epochText(), crawls.kind(), bits, Integer.toString(crawls.hashes()), ready ? "0" : "1"));
        }
        try {
            runBuckets(
                    LuaScripts.BUCKET,
                    calls,
                    false,
                    b -> List.of(buckets.binaryKeys(b).get(0)));
        } catch (SpinneretException e) {
            if (lost == null) throw e;
            lost = null;
            if (!ready) {
                throw new SpinneretException(
                        "the crawl '" + crawlId + "' at " + endpoint
                                + " has host buckets of an earlier crawl, whose own"
                                + " keys (" + namespace + "*) are gone: deleted, or lost by their master. Use"
                                + " --new-crawl to start afresh (it clears them), or delete them too (redis-cli --scan"
                                + " --pattern 'spinneret:{" + crawlId + ":*}:*' | xargs redis-cli unlink)",
                        e);
            } else {
                throw e;
            }
        }
        if (!ready) redis.call(p -> p.hset(metaKey, "ready", "1"));
        if (!crawls.equals(seen))
            LOG.warn(
                    "{}*: the crawl remembers seen URLs with {}, not {} as this node's settings say",
                    namespace,
                    crawls,
                    seen);
    }

    /**
     * The bits of one bucket's Bloom filter, for a crawl's filter of {@code bits}: its share of
     * them, but at least {@value #MIN_BUCKET_BLOOM_BITS} (or all of them if fewer), so that a crawl
     * of few hosts, which fills few buckets, keeps its false-positive rate up to that size. A bucket
     * takes memory only once a host of it is pushed.
     */
    static long bucketBloomBits(long bits) {
        return Math.max((bits + HostBuckets.COUNT - 1) / HostBuckets.COUNT, Math.min(bits, MIN_BUCKET_BLOOM_BITS));
    }

    /** Drops the crawl's frontier in every bucket and its layout; returns the seen fingerprints dropped. */
    private long reset() {
        Map<Integer, List<byte[]>> calls = new TreeMap<>();
        for (int b = 0; b < HostBuckets.COUNT; b++) calls.put(b, List.of());
        long dropped = 0;
        for (Object o :
                runBuckets(LuaScripts.RESET, calls, false, buckets::binaryKeys).values()) dropped += (Long) o;
        redis.call(p -> p.unlink(metaKey, activeKey));
        ring.clear();
        return dropped;
    }

    /** The seen filter of the crawl (the one it was created with). */
    public SeenFilter seenFilter() {
        return filter;
    }

    /** The key prefix of the crawl's own keys, {@code spinneret:{<crawl id>}:}. */
    public String namespace() {
        return namespace;
    }

    /** The key prefix of a host's bucket, {@code spinneret:{<crawl id>:<bucket>}:}. */
    public String bucketPrefix(String host) {
        return buckets.prefixOf(host);
    }

    /** This node's name in the crawl ({@code host:pid}), as {@code status} and the crawl's state show it. */
    public String node() {
        return node;
    }

    @Override
    public boolean push(Request request) {
        return pushAll(List.of(request)) == 1;
    }

    @Override
    public int pushAll(List<Request> requests) {
        if (requests.isEmpty()) return 0;
        int n = 0;
        for (boolean added : pushEach(requests)) if (added) n++;
        return n;
    }

    /**
     * One push script per bucket the requests fall in, all in one round trip: per request, whether
     * it was enqueued.
     */
    @Override
    public boolean[] pushEach(List<Request> requests) {
        boolean[] added = new boolean[requests.size()];
        if (added.length == 0) return added;
        // what this node knows the crawl has seen is not sent: it would come back a duplicate
        List<Request> sent = new ArrayList<>(added.length);
        List<Fingerprint> sentFingerprints = new ArrayList<>(added.length);
        List<Integer> sentAt = new ArrayList<>(added.length);
        for (int i = 0; i < added.length; i++) {
            Request r = requests.get(i);
            Fingerprint fp = r.fingerprint();
            if (!r.dontFilter() && known.contains(fp)) continue;
            sent.add(r);
            sentFingerprints.add(fp);
            sentAt.add(i);
        }
        if (sent.isEmpty()) return added;
        if (!ahead.isEmpty()) noteOutranking(sent);
        // in the order of each bucket's first request: buckets that wake join the ring in that order
        Map<Integer, List<byte[]>> args = new LinkedHashMap<>();
        Map<Integer, List<Integer>> positions = new HashMap<>();
        boolean unfiltered = false;
        for (int i = 0; i < sent.size(); i++) {
            Request r = sent.get(i);
            String host = r.host();
            int b = HostBuckets.of(host);
            List<byte[]> a = args.computeIfAbsent(b, x -> new ArrayList<>(List.of(epochBytes())));
            a.add(bytes(sentFingerprints.get(i)));
            a.add(r.dontFilter() ? ONE : ZERO);
            a.add(host.getBytes(StandardCharsets.UTF_8));
            a.add(Integer.toString(r.priority()).getBytes(StandardCharsets.US_ASCII));
            a.add(CompactRequestCodec.encode(r, host));
            positions.computeIfAbsent(b, x -> new ArrayList<>()).add(i);
            unfiltered |= r.dontFilter();
        }
        // a push sent again after a lost reply is deduplicated, except its dont-filter requests: those go once
        Map<Integer, Object> replies = runBuckets(LuaScripts.PUSH, args, unfiltered);
        Map<Integer, Long> woke = new LinkedHashMap<>();
        for (Map.Entry<Integer, Object> e : replies.entrySet()) {
            List<Integer> at = positions.get(e.getKey());
            if (!(e.getValue() instanceof List<?> out)
                    || !(out.get(0) instanceof byte[] flags)
                    || flags.length != at.size()) {
                throw new SpinneretException("Redis scheduler " + namespace + ": the push script answered "
                        + text(e.getValue()) + " for " + at.size() + " requests");
            }
            for (int j = 0; j < flags.length; j++) {
                added[sentAt.get(at.get(j))] |= flags[j] == '1';
                known.add(sentFingerprints.get(at.get(j))); // seen by the crawl now, either way
            }
            for (byte f : flags) {
                if (f == '1') {
                    ring.add(e.getKey()); // pending there now: this node serves it without asking the index
                    break;
                }
            }
            long wake = (Long) out.get(1);
            if (wake > 0) woke.put(e.getKey(), wake);
        }
        list(woke);
        return added;
    }

    /** Lists buckets in the crawl's index, with their wake counts (a bucket a push woke from idle). */
    private void list(Map<Integer, Long> woke) {
        if (woke.isEmpty()) return;
        List<String> args = new ArrayList<>(woke.size() * 2 + 1);
        args.add("add");
        woke.forEach((b, wake) -> {
            args.add(Integer.toString(b));
            args.add(Long.toString(wake));
        });
        eval(LuaScripts.ACTIVE.plain(), List.of(activeKey), args);
    }

    @Override
    public @Nullable Lease poll(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        long sleep = Duration.ofMillis(1).toNanos();
        while (true) {
            List<Lease> leases = leases(1, 0);
            if (!leases.isEmpty()) return leases.get(0);
            long left = deadline - System.nanoTime();
            if (left <= 0) return null;
            if (Thread.interrupted()) throw new InterruptedException();
            LockSupport.parkNanos(Math.min(sleep, left));
            sleep = Math.min(sleep * 2, MAX_POLL_SLEEP_NANOS);
        }
    }

    /** Up to {@code max} leases from the buckets at the front of this node's ring, in one round trip. */
    @Override
    public List<Lease> pollBatch(int max) {
        if (max <= 0) return List.of();
        if (!outranking.isEmpty()) giveBackOutranked();
        if (alone()) return leases(max, TAKEN_AHEAD);
        giveBackAhead(); // other nodes joined: what this one took ahead is work they would wait for
        return leases(max, 0);
    }

    /**
     * Notes the requests that come before a lease taken ahead in its host's order (a higher
     * priority, as {@code crawl_order = depth_first} gives a page's links): handing the lease out
     * first would break the order the {@link Scheduler} contract promises.
     */
    private void noteOutranking(List<Request> requests) {
        for (Lease l : ahead) {
            Request held = l.request();
            for (Request r : requests) {
                if (r.priority() > held.priority() && r.host().equals(held.host()))
                    outranking.merge(r.host(), r.priority(), Math::max);
            }
        }
    }

    /**
     * Gives back the leases taken ahead that a push outranked, to be served in their host's order
     * behind what outranks them. The others stay: a lease not outranked comes before every request
     * pushed since the pop in its host's order, and before every lease given back (a pop takes a
     * host's requests highest priority first), so handing it out first keeps that order.
     */
    private void giveBackOutranked() {
        Map<String, Integer> above = new HashMap<>();
        for (String host : outranking.keySet()) {
            Integer p = outranking.remove(host);
            if (p != null) above.put(host, p);
        }
        List<Lease> back = new ArrayList<>();
        for (Iterator<Lease> it = ahead.iterator(); it.hasNext(); ) {
            Lease l = it.next();
            Integer p = above.get(l.request().host());
            if (p != null && p > l.request().priority()) {
                back.add(l);
                it.remove();
            }
        }
        if (!back.isEmpty()) requeueAll(back, back.stream().map(Lease::request).toList());
    }

    /** No other node in the crawl's node list, read again every second at most. */
    private boolean alone() {
        long now = System.nanoTime();
        if (othersSeen.get() == 0 && now - lastNodesCheck >= REFRESH_NANOS) {
            lastNodesCheck = now;
            long listed = count(p -> p.hlen(nodesKey));
            othersSeen.accumulateAndGet((int) Math.max(0, listed - 1), Math::max);
        }
        return othersSeen.get() == 0;
    }

    /**
     * Up to {@code max} leases: those taken ahead by an earlier pop first, without a round trip;
     * when none is left, a pop of {@code max} and {@code extra} more, which wait here for the next
     * polls (held, so the heartbeat keeps them; given back by {@link #close}).
     */
    private List<Lease> leases(int max, int extra) {
        failIfLost();
        popping.lock();
        try {
            if (ahead.isEmpty()) {
                ahead.addAll(take(max + extra));
            }
            List<Lease> out = new ArrayList<>(max);
            Lease l;
            while (out.size() < max && (l = ahead.pollFirst()) != null) out.add(l);
            return out;
        } finally {
            popping.unlock();
        }
    }

    /** The leases taken ahead and not yet handed out: counted as pending, not in flight. */
    private int aheadCount() {
        return ahead.size();
    }

    /** Gives the leases taken ahead back to their queues (closing: nobody will poll them). */
    private void giveBackAhead() {
        List<Lease> back = new ArrayList<>(ahead.size());
        for (Lease l; (l = ahead.pollFirst()) != null; ) back.add(l);
        if (!back.isEmpty()) requeueAll(back, back.stream().map(Lease::request).toList());
    }

    /**
     * {@link #requeue} of each lease with the request at the same place, in that order, in one round
     * trip (one script a lease, pipelined).
     */
    private void requeueAll(List<Lease> leases, List<Request> requests) {
        if (closed) throw new IllegalStateException("scheduler is closed");
        failIfLost();
        List<CommandPipeline.ScriptCall> calls = new ArrayList<>(leases.size());
        for (int i = 0; i < leases.size(); i++) {
            Lease l = leases.get(i);
            Request r = requests.get(i);
            String host = r.host();
            calls.add(new CommandPipeline.ScriptCall(
                    LuaScripts.REQUEUE.plain(),
                    buckets.binaryKeys(bucketOf(l.id())),
                    List.of(
                            epochBytes(),
                            memberOf(l.id()).getBytes(StandardCharsets.UTF_8),
                            host.getBytes(StandardCharsets.UTF_8),
                            Integer.toString(r.priority()).getBytes(StandardCharsets.US_ASCII),
                            CompactRequestCodec.encode(r, host))));
        }
        List<Object> replies;
        try {
            replies = redis.evalAll(calls);
        } catch (JedisException e) {
            throw failure(e);
        }
        Map<Integer, Long> woke = new LinkedHashMap<>();
        for (int i = 0; i < leases.size(); i++) {
            int b = bucketOf(leases.get(i).id());
            long w = (Long) replies.get(i);
            held.remove(leases.get(i).id());
            if (w >= 0) ring.add(b);
            if (w > 0) woke.merge(b, w, Math::max);
        }
        list(woke);
    }

    private List<Lease> take(int max) {
        failIfLost();
        long now = System.nanoTime();
        if (ring.isEmpty() || now - lastRefresh >= REFRESH_NANOS) refresh(now);
        List<Integer> chosen = ring.take(max);
        if (chosen.isEmpty()) return List.of();
        Map<Integer, List<byte[]>> args = new TreeMap<>();
        byte[] visibility = Long.toString(visibilityMillis).getBytes(StandardCharsets.US_ASCII);
        byte[] sentAt = Long.toString(serverClock.now()).getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < chosen.size(); i++) {
            int share = max / chosen.size() + (i < max % chosen.size() ? 1 : 0);
            args.put(
                    chosen.get(i),
                    List.of(
                            epochBytes(),
                            visibility,
                            Integer.toString(share).getBytes(StandardCharsets.US_ASCII),
                            sentAt)); // expiry judged when sent: a paused server gives no live lease back
        }
        Map<Integer, Object> replies;
        try {
            replies = runBuckets(pops, LuaScripts.POP, args, true, buckets::binaryKeys);
        } catch (RuntimeException e) {
            for (int b : chosen) ring.add(b); // still pending, as far as this node knows
            throw e;
        }
        List<List<Lease>> perBucket = new ArrayList<>(chosen.size());
        List<String> drops = new ArrayList<>();
        for (int b : chosen) {
            List<?> out = (List<?>) replies.get(b);
            long reclaimed = (Long) out.get(0);
            if (reclaimed > 0)
                LOG.warn(
                        "{}*: reclaimed {} requests in flight for over {} ms",
                        buckets.prefix(b),
                        reclaimed,
                        visibilityMillis);
            if ((Long) out.get(1) > 0) ring.add(b);
            else if ((Long) out.get(3) == 0) // idle: unlisted, unless woken since
            Collections.addAll(drops, Integer.toString(b), String.valueOf(out.get(2)));
            List<Lease> leases = new ArrayList<>((out.size() - 5) / 4);
            for (int i = 5; i + 3 < out.size(); i += 4) {
                String id = b + ":" + text(out.get(i));
                String host = text(out.get(i + 1));
                int priority = Integer.parseInt(text(out.get(i + 2)));
                held.add(id);
                leases.add(new Lease(id, CompactRequestCodec.decode((byte[]) out.get(i + 3), host, priority)));
            }
            perBucket.add(leases);
        }
        if (!drops.isEmpty()) {
            drops.addFirst("drop");
            eval(LuaScripts.ACTIVE.plain(), List.of(activeKey), drops);
        }
        // the buckets take turns, as the hosts within each
        List<Lease> leases = new ArrayList<>(max);
        for (int round = 0; leases.size() < max; round++) {
            boolean any = false;
            for (List<Lease> l : perBucket) {
                if (round < l.size()) {
                    leases.add(l.get(round));
                    any = true;
                }
            }
            if (!any) break;
        }
        return leases;
    }

    /**
     * Adds the buckets the crawl's index lists to this node's ring; with nothing there, sweeps every
     * bucket (at most every ten seconds), which finds those the index missed and reclaims dead nodes'
     * leases in buckets nobody polls.
     */
    private void refresh(long now) {
        lastRefresh = now;
        Map<String, String> active = redis.call(p -> p.hgetAll(activeKey));
        for (String b : active.keySet()) ring.add(Integer.parseInt(b));
        if (ring.isEmpty() && now - lastSweep >= SWEEP_NANOS) sweep();
    }

    /** A crawl's counts over all buckets. */
    private record Counts(long pending, long inFlight, long seen) {}

    /**
     * Counts every bucket in one round trip (reclaiming expired leases on the way, and checking the
     * epoch), and puts the buckets with pending requests in the ring and the crawl's index.
     */
    private Counts sweep() {
        if (epoch == null) { // inspecting a crawl that does not exist
            String e = redis.call(p -> p.hget(metaKey, "epoch"));
            if (e == null) return new Counts(0, 0, 0);
            epoch = e;
        }
        lastSweep = System.nanoTime();
        List<Integer> all = new ArrayList<>(HostBuckets.COUNT);
        for (int b = 0; b < HostBuckets.COUNT; b++) all.add(b);
        return countBuckets(all);
    }

    /**
     * Counts the buckets the crawl's index lists: every bucket not idle, unless a node crashed
     * between a push and listing it (which a {@link #sweep} finds), after checking that the crawl's
     * meta still holds its epoch. For the counts read often (progress, metrics, the engine's idle
     * check), where a sweep of every bucket would cost a script per bucket each time.
     */
    private Counts countListed() {
        failIfLost();
        String e = count(p -> p.hget(metaKey, "epoch"));
        if (!epochText().equals(e)) {
            throw failure(new JedisDataException("EPOCH " + metaKey + (e == null ? " is gone" : " holds epoch " + e)
                    + ", the crawl has epoch " + epochText()));
        }
        List<Integer> listed = new ArrayList<>();
        for (String b : count(p -> p.hkeys(activeKey))) listed.add(Integer.parseInt(b));
        return countBuckets(listed);
    }

    private Counts countBuckets(List<Integer> which) {
        if (which.isEmpty()) return new Counts(0, 0, 0);
        Map<Integer, List<byte[]>> args = new TreeMap<>();
        byte[] visibility = Long.toString(visibilityMillis).getBytes(StandardCharsets.US_ASCII);
        for (int b : which) args.put(b, List.of(epochBytes(), visibility, ZERO));
        long pending = 0, inFlight = 0, seen = 0;
        Map<Integer, Long> woke = new TreeMap<>();
        for (Map.Entry<Integer, Object> e :
                runBuckets(LuaScripts.POP, args, false).entrySet()) {
            List<?> out = (List<?>) e.getValue();
            long p = (Long) out.get(1);
            pending += p;
            inFlight += (Long) out.get(3);
            seen += (Long) out.get(4);
            if (p > 0) ring.add(e.getKey());
            if (p > 0 || (Long) out.get(3) > 0) woke.put(e.getKey(), (Long) out.get(2));
        }
        if (heartbeat != null) list(woke);
        return new Counts(pending, inFlight, seen);
    }

    @Override
    public void ack(Lease lease) {
        ackAll(List.of(lease));
    }

    /** Removes the fingerprint from its host's bucket's seen set (exact filter only). */
    @Override
    public boolean unsee(Request request) {
        int bucket = HostBuckets.of(request.host());
        Fingerprint fp = request.fingerprint();
        known.forget(fp);
        Map<Integer, List<byte[]>> args = Map.of(bucket, List.of(epochBytes(), bytes(fp)));
        return !(runBuckets(LuaScripts.UNSEE, args, false).get(bucket) instanceof Long n && n < 0);
    }

    /**
     * Sent with the next batch of this node's commands (its next push or ack of stored items, its
     * heartbeat within a second, or its close) instead of a round trip of its own.
     */
    @Override
    public void ackLater(Lease lease) {
        int bucket = bucketOf(lease.id());
        List<byte[]> args = List.of(epochBytes(), memberOf(lease.id()).getBytes(StandardCharsets.UTF_8));
        redis.post(
                new CommandPipeline.ScriptCall(LuaScripts.ACK.plain(), buckets.binaryKeys(bucket), args),
                "acknowledging " + lease.request().url());
        held.remove(lease.id());
    }

    /** One ack script per bucket the leases are in, all in one round trip. */
    @Override
    public void ackAll(List<Lease> leases) {
        if (leases.isEmpty()) return;
        Map<Integer, List<byte[]>> args = new TreeMap<>();
        for (Lease l : leases) {
            args.computeIfAbsent(bucketOf(l.id()), b -> new ArrayList<>(List.of(epochBytes())))
                    .add(memberOf(l.id()).getBytes(StandardCharsets.UTF_8));
        }
        runBuckets(LuaScripts.ACK, args, false);
        for (Lease l : leases) held.remove(l.id());
    }

    /**
     * Puts the replacement in the queue of the lease's bucket (its host's, unless the replacement is
     * for another host, which is then queued there: hosts of one bucket take turns either way).
     */
    @Override
    public void requeue(Lease lease, Request request) {
        requeueAll(List.of(lease), List.of(request));
    }

    /** Over the buckets the crawl's index lists ({@link #countListed}). */
    @Override
    public long pendingCount() {
        return countListed().pending() + aheadCount();
    }

    /**
     * Over the buckets the crawl's index lists ({@link #countListed}); when none is in flight there,
     * over every bucket ({@link #sweep}): the engine asks this last, before it ends the crawl, and a
     * bucket that lost its data on a master that came back empty (one no push or pop touched since,
     * so unlisted) must fail the crawl then, not let it finish.
     */
    @Override
    public long inFlightCount() {
        long listed = countListed().inFlight();
        return Math.max(0, (listed > 0 ? listed : sweep().inFlight()) - aheadCount());
    }

    @Override
    public long seenCount() {
        return sweep().seen();
    }

    /** The crawl as {@code status} shows it: its state, queue, and nodes with their leases. */
    public RedisCrawlStatus status() {
        Counts c = sweep();
        return RedisCrawlStatus.read(
                this, redis, namespace, buckets, c.pending(), c.seen(), nodesKey, visibilityMillis);
    }

    /** Where the crawl's Redis is, without the password. */
    public String endpoint() {
        return endpoint.redacted();
    }

    /** The crawl's id. */
    public String crawlId() {
        return crawlId;
    }

    @Override
    public boolean isShared() {
        return true;
    }

    /** The page budgets of this crawl, spent by all its nodes ({@link RedisPages}). */
    @Override
    public PageBudget pageBudget() {
        return pages;
    }

    /** The near-duplicate groups of this crawl, seen by all its nodes ({@link RedisPages}). */
    @Override
    public SimHashIndex simHashIndex() {
        return pages;
    }

    /** Politeness across the nodes of this crawl, under each host's bucket ({@link RedisThrottle}). */
    @Override
    public synchronized SharedThrottle sharedThrottle() {
        if (closed) throw new IllegalStateException("scheduler is closed");
        if (throttle == null) throttle = new RedisThrottle(redis, buckets::prefixOf, RedisThrottle.LEASE_MILLIS);
        return throttle;
    }

    /** The sessions of this crawl, shared by its nodes ({@link RedisSessionStore}). */
    @Override
    public synchronized SessionStore sessionStore() {
        if (closed) throw new IllegalStateException("scheduler is closed");
        if (sessions == null) sessions = new RedisSessionStore(redis, name -> namespace + name);
        return sessions;
    }

    /** The {@code renderer = auto} decisions of this crawl, shared by its nodes ({@link RedisRenderDecisions}). */
    @Override
    public RenderDecisionStore renderDecisionStore() {
        return new RedisRenderDecisions(redis, namespace + RedisRenderDecisions.KEY);
    }

    @Override
    public PageRecords pageRecords() {
        return pageRecords;
    }

    @Override
    public boolean isPersistent() {
        return true;
    }

    /**
     * Stops the heartbeat, sends what is queued, marks the crawl finished if nothing is pending or
     * in flight in any bucket (and every bucket still holds the crawl's epoch), leaves the node
     * list, then closes the connections; the crawl's state stays in Redis, and leases still held
     * come back to other nodes after the visibility timeout. Idempotent.
     */
    @Override
    public void close() {
        if (closed) return;
        Thread beat = heartbeat;
        if (beat != null && beat.isAlive()) {
            try {
                giveBackAhead();
                Counts c = sweep();
                if (c.pending() == 0
                        && c.inFlight() == 0
                        && (Long) eval(
                                        LuaScripts.FINISH.plain(),
                                        List.of(metaKey, stateKey),
                                        List.of(node, epochText()))
                                == 1) {
                    LOG.info("{}*: the crawl '{}' is finished", namespace, crawlId);
                }
                redis.call(p -> p.hdel(nodesKey, node));
            } catch (RuntimeException e) {
                if (lost != null) LOG.error("{}", lost);
                else LOG.warn("{}*: could not record this node's leaving ({})", namespace, e.getMessage());
            }
        }
        closed = true;
        synchronized (this) {
            if (throttle != null) throttle.close();
        }
        if (beat != null) {
            LockSupport.unpark(beat);
            try {
                beat.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        pops.close();
        redis.close();
        client.close();
    }

    /** The crawl's data was found gone: every later call fails with that, never as a finished crawl. */
    private void failIfLost() {
        String l = lost;
        if (l != null) throw new SpinneretException(l);
    }

    /** The crawl's epoch: set by {@link #start}, read from the crawl's meta by an {@link #inspect}ing one. */
    private String epochText() {
        String e = epoch;
        if (e == null) {
            e = count(p -> p.hget(metaKey, "epoch"));
            if (e == null) throw new SpinneretException("no crawl '" + crawlId + "' at " + endpoint);
            epoch = e;
        }
        return e;
    }

    private byte[] epochBytes() {
        return epochText().getBytes(StandardCharsets.US_ASCII);
    }

    private static List<byte[]> bytes(String... args) {
        return Arrays.stream(args).map(a -> a.getBytes(StandardCharsets.UTF_8)).toList();
    }

    /** The bucket of a lease id ({@code <bucket>:<n>:<ms>}). */
    private static int bucketOf(String leaseId) {
        return Integer.parseInt(leaseId.substring(0, leaseId.indexOf(':')));
    }

    /** A lease's member in its bucket's in-flight set ({@code <n>:<ms>}). */
    private static String memberOf(String leaseId) {
        return leaseId.substring(leaseId.indexOf(':') + 1);
    }

    private Map<Integer, Object> runBuckets(LuaScripts script, Map<Integer, List<byte[]>> args, boolean once) {
        return runBuckets(redis, script, args, once, buckets::binaryKeys);
    }

    private Map<Integer, Object> runBuckets(
            LuaScripts script, Map<Integer, List<byte[]>> args, boolean once, IntFunction<List<byte[]>> keysOf) {
        return runBuckets(redis, script, args, once, keysOf);
    }

    /**
     * Runs a script in each of some buckets, all in one round trip (one per master in a cluster):
     * the bucket's keys, and its arguments. With {@code once}, each call runs at most once however
     * often it is sent ({@link LuaScripts#once}); its token is dropped once the reply is in.
     *
     * @return the replies by bucket, in the order of {@code args}
     */
    private Map<Integer, Object> runBuckets(
            CommandPipeline lane,
            LuaScripts script,
            Map<Integer, List<byte[]>> args,
            boolean once,
            IntFunction<List<byte[]>> keysOf) {
        if (closed) throw new IllegalStateException("scheduler is closed");
        failIfLost();
        List<CommandPipeline.ScriptCall> calls = new ArrayList<>(args.size());
        List<String> tokens = once ? new ArrayList<>(args.size()) : List.of();
        for (Map.Entry<Integer, List<byte[]>> e : args.entrySet()) {
            List<byte[]> k = keysOf.apply(e.getKey());
            if (once) {
                String token = buckets.prefix(e.getKey()) + "once:" + onceMillis + ":" + UUID.randomUUID();
                tokens.add(token);
                k = new ArrayList<>(k);
                k.add(token.getBytes(StandardCharsets.UTF_8));
            }
            calls.add(new CommandPipeline.ScriptCall(once ? script.once() : script.plain(), k, e.getValue()));
        }
        List<Object> replies;
        try {
            replies = lane.evalAll(calls);
        } catch (JedisException e) {
            throw failure(e);
        }
        Map<Integer, Object> out = new LinkedHashMap<>();
        int i = 0;
        for (Integer b : args.keySet()) out.put(b, replies.get(i++));
        for (String token : tokens) redis.post(p -> p.unlink(token)); // received: need not be kept (one slot each)
        return out;
    }

    /** A failure of a call; a missing epoch is the crawl's data lost, said once and for every later call. */
    private SpinneretException failure(JedisException e) {
        String m = String.valueOf(e.getMessage());
        if (m.startsWith("EPOCH")) {
            String l = "the crawl '" + crawlId + "' lost data in Redis at " + endpoint + " (" + m
                    + "): the server restarted without persistence, was flushed, or a cluster master lost its"
                    + " slots, so requests queued or in flight there are gone and the crawl cannot complete"
                    + ". Start it again with --new-crawl";
            lost = l;
            return new SpinneretException(l, e);
        }
        return new SpinneretException("Redis scheduler " + namespace + " at " + endpoint + ": " + m, e);
    }

    /** The 128-bit fingerprint, big-endian: the exact set keeps the first 64 bits, the Bloom filter hashes the last 64. */
    private static byte[] bytes(Fingerprint fp) {
        return ByteBuffer.allocate(16).putLong(fp.hi()).putLong(fp.lo()).array();
    }

    private static String text(Object reply) {
        return reply instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : String.valueOf(reply);
    }

    private Object eval(LuaScripts.Script script, List<String> k, List<String> args) {
        if (closed) throw new IllegalStateException("scheduler is closed");
        failIfLost();
        try {
            return redis.eval(script, k, args);
        } catch (JedisException e) {
            throw failure(e);
        }
    }

    private <T> T count(CommandPipeline.Command<T> command) {
        if (closed) throw new IllegalStateException("scheduler is closed");
        try {
            return redis.call(command);
        } catch (JedisException e) {
            throw failure(e);
        }
    }
}
