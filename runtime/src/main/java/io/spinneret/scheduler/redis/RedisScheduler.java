package io.spinneret.scheduler.redis;

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
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * A {@link Scheduler} in Redis, shared by every process that opens the same crawl id on the same
 * server (or Redis Cluster): a distributed crawl.
 *
 * <h2>Keys</h2>
 * All under {@code spinneret:{<crawl id>}:} (the braces are Redis Cluster's hash tag: every key of
 * a crawl is in one slot, so each script's keys are on one node):
 * <ul>
 *   <li>the frontier's eight ({@link #KEY_NAMES}: {@code meta}, {@code ring}, {@code hosts},
 *       {@code chunks}, {@code inflight}, {@code leased}, {@code seen}, {@code bloom}): per-host
 *       queues served in turn, compact request records, the seen set (exact or Bloom) and the
 *       leases; {@code frontier.lua} and {@code docs/frontier.md} describe them. A lease id is
 *       {@code <n>:<server ms taken>}, its score the server time it was taken or last touched by
 *       its node's heartbeat;</li>
 *   <li>{@code state}: hash of the crawl's lifecycle: {@code state} ({@code running} or
 *       {@code finished}), {@code started_by}/{@code started_at}, {@code finished_by}/{@code finished_at}
 *       (node names, server times in ms);</li>
 *   <li>{@code nodes}: hash of node name to its last heartbeat (server ms) and leases, for {@code status};</li>
 *   <li>{@code budget} and {@code simhash}: hashes of the page budgets and the near-duplicate groups
 *       ({@link RedisPages});</li>
 *   <li>{@code once:<token>}: the kept reply of a pop until its node received it ({@link LuaScripts#once}).</li>
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
 * <h2>Lifecycle</h2>
 * A crawl is {@code running} from the first node's open until a node closes with nothing pending
 * and nothing in flight anywhere ({@code finish} script): then it is {@code finished}, with that
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
            if (!CRAWL_ID.matcher(crawlId).matches()) {
                throw new SpinneretException(
                        "crawl id '" + crawlId + "' must be 1 to 200 characters without spaces or braces");
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
    /** The version of this layout in {@code meta}; another in the namespace is refused. */
    static final String LAYOUT_VERSION = "2";

    private static final byte[] ONE = {'1'};
    private static final byte[] ZERO = {'0'};

    private final List<String> keys;
    private final List<byte[]> binaryKeys;
    private final List<String> lifecycleKeys;
    private final String nodesKey;
    private final String node;
    private final long visibilityMillis;
    private final long onceMillis;
    private final CommandPipeline redis;
    private final Set<String> held = ConcurrentHashMap.newKeySet(); // members of our live leases
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
        this.keys = KEY_NAMES.stream().map(k -> namespace + k).toList();
        this.binaryKeys =
                keys.stream().map(k -> k.getBytes(StandardCharsets.UTF_8)).toList();
        List<String> withState = new ArrayList<>(keys);
        withState.add(namespace + "state");
        this.lifecycleKeys = List.copyOf(withState);
        this.nodesKey = namespace + "nodes";
        this.node = nodeName();
        this.visibilityMillis = options.visibilityTimeout().toMillis();
        this.onceMillis =
                options.retryTimeout().toMillis() + options.visibilityTimeout().toMillis() + 10_000;
        RedisEndpoint.Connected connected = endpoint.open(options.commandTimeout(), 4);
        this.client = connected.client();
        this.redis = new CommandPipeline(
                connected, endpoint.redacted(), keys.get(0), options.retryTimeout(), options.waitReplicas());
        this.pages = new RedisPages(redis, namespace);
        this.pageRecords = new RedisPageRecords(namespace, new RedisPageRecords.Commands() {
            @Override
            public <T> T call(CommandPipeline.Command<T> command) {
                return count(command);
            }

            @Override
            public <T> void post(CommandPipeline.Command<T> command) {
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
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "localhost";
        }
        String name = host + ":" + ProcessHandle.current().pid();
        int n = OPENED.incrementAndGet();
        return n == 1 ? name : name + "#" + n; // several schedulers in one JVM (tests, embedded crawls)
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
        for (int i = 0; i < members.size(); i += 1000) {
            run(LuaScripts.TOUCH, members.subList(i, Math.min(members.size(), i + 1000)));
        }
        List<String> args = new ArrayList<>(Math.min(members.size(), LISTED_LEASES) + 2);
        args.add(node);
        args.add(Integer.toString(members.size()));
        args.addAll(
                members.subList(0, Math.min(members.size(), LISTED_LEASES))); // status shows a node's count and these
        serverClock.update((Long) eval(LuaScripts.BEAT.plain(), List.of(nodesKey), args), System.nanoTime());
        long listed = count(p -> p.hlen(nodesKey));
        othersSeen.accumulateAndGet((int) Math.max(0, listed - 1), Math::max);
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
        layout(seen); // refuses another layout before anything is cleared
        Map<String, String> before = redis.call(p -> p.hgetAll(namespace + "state"));
        long dropped = -1; // what a reset dropped; -1: no reset ran
        if (mode == Mode.NEW) {
            dropped = (Long) run(LuaScripts.RESET, List.of("force"));
            redis.call(p -> p.del(namespace + "state"));
            redis.call(p -> p.del(pageRecords.key()));
            LOG.info(
                    "{}*: a new crawl {} ({} seen fingerprints of the previous one dropped)",
                    namespace,
                    crawlId,
                    Math.max(dropped, 0));
        } else if (before.isEmpty()) {
            // keys of a finished crawl from a version without a state: cleared, as then
            dropped = (Long) run(LuaScripts.RESET, List.of());
            if (dropped > 0)
                LOG.info("{}*: the previous crawl finished ({} seen); starting a new one", namespace, dropped);
        }
        if (dropped >= 0) {
            redis.call(p -> p.unlink(
                    RedisPages.KEY_NAMES.stream().map(k -> namespace + k).toArray(String[]::new)));
            layout(seen); // the reset dropped the layout with the rest: created again, with this node's filter
            redis.call(p -> p.del(
                    namespace + "sessions",
                    namespace + "sessions:live",
                    namespace + RedisRenderDecisions.KEY)); // a new crawl starts without sessions or render decisions
        }
        List<?> out = (List<?>)
                eval(LuaScripts.BEGIN.plain(), lifecycleKeys, List.of(node, mode == Mode.JOIN ? "join" : "reopen"));
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
            LOG.info(
                    "{} joins the running crawl '{}' ({} pending, {} in flight, {} seen)",
                    node,
                    crawlId,
                    pendingCount(),
                    inFlightCount(),
                    seenCount());
        } else if (found.equals("reopened")) {
            LOG.info(
                    "{} reopens the finished crawl '{}' ({} seen): only unseen URLs are crawled",
                    node,
                    crawlId,
                    seenCount());
        } else {
            LOG.info("{} starts the crawl '{}' in {}*", node, crawlId, namespace);
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

    /** Creates the crawl's layout, or checks the one it has; the filter is the crawl's. */
    private void layout(SeenFilter seen) {
        List<?> out;
        try {
            out = (List<?>) eval(
                    LuaScripts.LAYOUT.plain(),
                    keys,
                    List.of(LAYOUT_VERSION, seen.kind(), Long.toString(seen.bits()), Integer.toString(seen.hashes())));
        } catch (SpinneretException e) {
            if (String.valueOf(e.getMessage()).contains("LAYOUT")) {
                throw new SpinneretException(
                        namespace + "* holds keys of another frontier layout (" + e.getMessage()
                                + "; this version writes layout " + LAYOUT_VERSION
                                + "): finish that crawl with the version that started it, "
                                + "or delete its keys (redis-cli --scan --pattern '" + namespace
                                + "*' | xargs redis-cli unlink)",
                        e);
            }
            throw e;
        }
        SeenFilter crawls = new SeenFilter(
                (String) out.get(0), Long.parseLong((String) out.get(1)), Integer.parseInt((String) out.get(2)));
        if (!crawls.equals(seen))
            LOG.warn(
                    "{}*: the crawl remembers seen URLs with {}, not {} as this node's settings say",
                    namespace,
                    crawls,
                    seen);
        filter = crawls;
    }

    /** The seen filter of the crawl (the one it was created with). */
    public SeenFilter seenFilter() {
        return filter;
    }

    /** The key prefix, {@code spinneret:{<crawl id>}:}. */
    public String namespace() {
        return namespace;
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
        for (byte flag : pushFlags(requests)) if (flag == '1') n++;
        return n;
    }

    @Override
    public boolean[] pushEach(List<Request> requests) {
        boolean[] added = new boolean[requests.size()];
        if (added.length == 0) return added;
        byte[] flags = pushFlags(requests);
        for (int i = 0; i < added.length; i++) added[i] = flags[i] == '1';
        return added;
    }

    /** One push script for all of {@code requests}: per request, {@code '1'} if it was enqueued, else {@code '0'}. */
    private byte[] pushFlags(List<Request> requests) {
        List<byte[]> args = new ArrayList<>(requests.size() * 5);
        boolean unfiltered = false;
        for (Request r : requests) {
            String host = r.host();
            args.add(fingerprintBytes(r));
            args.add(r.dontFilter() ? ONE : ZERO);
            args.add(host.getBytes(StandardCharsets.UTF_8));
            args.add(Integer.toString(r.priority()).getBytes(StandardCharsets.US_ASCII));
            args.add(CompactRequestCodec.encode(r, host));
            unfiltered |= r.dontFilter();
        }
        // a push sent again after a lost reply is deduplicated, except its dont-filter requests: those go once
        Object flags = unfiltered ? onceBinary(LuaScripts.PUSH, args) : runBinary(LuaScripts.PUSH, args);
        if (!(flags instanceof byte[] b) || b.length != requests.size()) {
            throw new SpinneretException("Redis scheduler " + namespace + ": the push script answered " + text(flags)
                    + " for " + requests.size() + " requests");
        }
        return b;
    }

    @Override
    public @Nullable Lease poll(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        long sleep = Duration.ofMillis(1).toNanos();
        byte[] visibility = Long.toString(visibilityMillis).getBytes(StandardCharsets.US_ASCII);
        while (true) {
            List<byte[]> args =
                    List.of(visibility, Long.toString(serverClock.now()).getBytes(StandardCharsets.US_ASCII));
            List<?> out = (List<?>) onceBinary(LuaScripts.POP, args);
            long reclaimed = (Long) out.get(0);
            if (reclaimed > 0)
                LOG.warn("{}*: reclaimed {} requests in flight for over {} ms", namespace, reclaimed, visibilityMillis);
            if (out.size() >= 5) {
                String id = text(out.get(1));
                String host = text(out.get(2));
                int priority = Integer.parseInt(text(out.get(3)));
                held.add(id);
                return new Lease(id, CompactRequestCodec.decode((byte[]) out.get(4), host, priority));
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) return null;
            if (Thread.interrupted()) throw new InterruptedException();
            LockSupport.parkNanos(Math.min(sleep, left));
            sleep = Math.min(sleep * 2, MAX_POLL_SLEEP_NANOS);
        }
    }

    @Override
    public void ack(Lease lease) {
        run(LuaScripts.ACK, List.of(lease.id()));
        held.remove(lease.id());
    }

    @Override
    public void requeue(Lease lease, Request request) {
        String host = request.host();
        runBinary(
                LuaScripts.REQUEUE,
                List.of(
                        lease.id().getBytes(StandardCharsets.UTF_8),
                        host.getBytes(StandardCharsets.UTF_8),
                        Integer.toString(request.priority()).getBytes(StandardCharsets.US_ASCII),
                        CompactRequestCodec.encode(request, host)));
        held.remove(lease.id());
    }

    @Override
    public long pendingCount() {
        return metaCount("pending");
    }

    @Override
    public long inFlightCount() {
        return count(p -> p.zcard(keys.get(4)));
    }

    @Override
    public long seenCount() {
        return metaCount("seen");
    }

    private long metaCount(String field) {
        String n = count(p -> p.hget(keys.get(0), field));
        return n == null ? 0 : Long.parseLong(n);
    }

    /** The crawl as {@code status} shows it: its state, queue, and nodes with their leases. */
    public RedisCrawlStatus status() {
        return RedisCrawlStatus.read(this, redis, namespace, keys, nodesKey, visibilityMillis);
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

    /** Politeness across the nodes of this crawl, under its keys ({@link RedisThrottle}). */
    @Override
    public synchronized SharedThrottle sharedThrottle() {
        if (closed) throw new IllegalStateException("scheduler is closed");
        if (throttle == null) throttle = new RedisThrottle(redis, name -> namespace + name, RedisThrottle.LEASE_MILLIS);
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
     * in flight anywhere, leaves the node list, then closes the connections; the crawl's state stays
     * in Redis, and leases still held come back to other nodes after the visibility timeout.
     * Idempotent.
     */
    @Override
    public void close() {
        if (closed) return;
        Thread beat = heartbeat;
        if (beat != null && beat.isAlive()) {
            try {
                if ((Long) eval(LuaScripts.FINISH.plain(), lifecycleKeys, List.of(node)) == 1) {
                    LOG.info("{}*: the crawl '{}' is finished", namespace, crawlId);
                }
                redis.call(p -> p.hdel(nodesKey, node));
            } catch (RuntimeException e) {
                LOG.warn("{}*: could not record this node's leaving ({})", namespace, e.getMessage());
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
        redis.close();
        client.close();
    }

    private Object run(LuaScripts script, List<String> args) {
        return eval(script.plain(), keys, args);
    }

    private Object runBinary(LuaScripts script, List<byte[]> args) {
        return evalBinary(script.plain(), binaryKeys, args);
    }

    /** Runs a script at most once however often it is sent ({@link LuaScripts#once}), then drops its token. */
    private Object onceBinary(LuaScripts script, List<byte[]> args) {
        String token = namespace + "once:" + onceMillis + ":" + UUID.randomUUID();
        List<byte[]> k = new ArrayList<>(binaryKeys.size() + 1);
        k.addAll(binaryKeys);
        k.add(token.getBytes(StandardCharsets.UTF_8));
        Object reply = evalBinary(script.once(), k, args);
        if (!(reply instanceof List<?> l) || l.size() > 1)
            redis.post(p -> p.unlink(token)); // received: need not be kept
        return reply;
    }

    private Object evalBinary(LuaScripts.Script script, List<byte[]> k, List<byte[]> args) {
        if (closed) throw new IllegalStateException("scheduler is closed");
        try {
            return redis.evalBinary(script, k, args);
        } catch (JedisException e) {
            throw new SpinneretException("Redis scheduler " + namespace + " at " + endpoint + ": " + e.getMessage(), e);
        }
    }

    /** The 128-bit fingerprint, big-endian: the exact set keeps the first 64 bits, the Bloom filter hashes the last 64. */
    private static byte[] fingerprintBytes(Request r) {
        var fp = r.fingerprint();
        return ByteBuffer.allocate(16).putLong(fp.hi()).putLong(fp.lo()).array();
    }

    private static String text(Object reply) {
        return reply instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : String.valueOf(reply);
    }

    private Object eval(LuaScripts.Script script, List<String> k, List<String> args) {
        if (closed) throw new IllegalStateException("scheduler is closed");
        try {
            return redis.eval(script, k, args);
        } catch (JedisException e) {
            throw new SpinneretException("Redis scheduler " + namespace + " at " + endpoint + ": " + e.getMessage(), e);
        }
    }

    private <T> T count(CommandPipeline.Command<T> command) {
        if (closed) throw new IllegalStateException("scheduler is closed");
        try {
            return redis.call(command);
        } catch (JedisException e) {
            throw new SpinneretException("Redis scheduler " + namespace + " at " + endpoint + ": " + e.getMessage(), e);
        }
    }
}
