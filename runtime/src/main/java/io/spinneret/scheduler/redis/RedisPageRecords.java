package io.spinneret.scheduler.redis;

import io.spinneret.api.Fingerprint;
import io.spinneret.spi.PageRecords;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * The page records of a {@link RedisScheduler}: one hash, {@code <namespace>pages}, from the 16-byte
 * fingerprint to the record (a small hash field costs its bytes plus about 50 of Redis' own), sent
 * through the scheduler's command pipeline without waiting: the records written since the last
 * batch go with the next one as one {@code HSET} (and one patching script), normally with the
 * acknowledgement of the pages' own requests, so keeping them costs no round trip and one command
 * a batch, not one a page. In the crawl's hash-tagged namespace, so it lives in the crawl's Redis
 * Cluster slot.
 */
final class RedisPageRecords implements PageRecords {
    private static final int SCAN_COUNT = 1_000;
    /** {@link #patch} on the server, for each (field, offset, bytes) of ARGV: HGET, splice, HSET; idempotent. */
    private static final byte[] PATCH = """
            for i = 1, #ARGV, 3 do
              local v = redis.call('HGET', KEYS[1], ARGV[i])
              local off = tonumber(ARGV[i + 1])
              local b = ARGV[i + 2]
              if v and #v >= off + #b then
                redis.call('HSET', KEYS[1], ARGV[i], string.sub(v, 1, off) .. b .. string.sub(v, off + #b + 1))
              end
            end
            return 0
            """.getBytes(StandardCharsets.US_ASCII);

    private final byte[] key;
    private final Commands redis;
    private final Pending puts;
    private final Pending patches;

    /** The scheduler's command pipeline, with its error messages. */
    interface Commands {
        /** Runs one command and returns its reply. */
        <T> T call(CommandPipeline.Command<T> command);

        /** Queues a command without waiting: it goes with the next batch, before any later call's. */
        <T> void post(CommandPipeline.Command<T> command);
    }

    RedisPageRecords(String namespace, Commands redis) {
        this.key = (namespace + "pages").getBytes(StandardCharsets.UTF_8);
        this.redis = redis;
        this.puts = new Pending(this::hset);
        this.patches = new Pending(this::patchAll);
    }

    /**
     * Queued without waiting for the reply: it is sent with the next batch, so before the ack of
     * the page's lease returns, and a worker does not wait a round trip per page for it. A record
     * lost to a failure only makes the next recrawl fetch the page unconditionally.
     */
    @Override
    public void put(Fingerprint page, byte[] record) {
        puts.add(bytes(page), record);
    }

    @Override
    public void patch(Fingerprint page, int offset, byte[] bytes) {
        patches.add(bytes(page), Integer.toString(offset).getBytes(StandardCharsets.US_ASCII), bytes);
    }

    private CommandPipeline.Command<Long> hset(List<byte[]> fieldsAndValues) {
        Map<byte[], byte[]> m = pairs(fieldsAndValues);
        return p -> p.hset(key, m);
    }

    private CommandPipeline.Command<Long> hlen() {
        return p -> p.hlen(key);
    }

    private CommandPipeline.Command<Object> patchAll(List<byte[]> args) {
        return p -> p.eval(PATCH, List.of(key), args);
    }

    private static Map<byte[], byte[]> pairs(List<byte[]> args) {
        Map<byte[], byte[]> m = new LinkedHashMap<>(args.size()); // byte[] keys: by identity, each kept
        for (int i = 0; i < args.size(); i += 2) m.put(args.get(i), args.get(i + 1));
        return m;
    }

    /**
     * Writes queued until the next batch of the pipeline, then sent as one command: the first write
     * after a batch posts a command that, when its batch is made, takes every write queued by then.
     * A command sent again (a retry after a failure) sends the same writes.
     */
    private final class Pending {
        private List<byte[]> queued = new ArrayList<>(); // guarded by this
        private final AtomicBoolean posted = new AtomicBoolean();
        private final Function<List<byte[]>, CommandPipeline.Command<?>> command;

        Pending(Function<List<byte[]>, CommandPipeline.Command<?>> command) {
            this.command = command;
        }

        void add(byte[]... write) {
            synchronized (this) {
                queued.addAll(Arrays.asList(write));
            }
            if (!posted.getAndSet(true)) redis.post(new Drain());
        }

        private synchronized List<byte[]> take() {
            List<byte[]> taken = queued;
            queued = new ArrayList<>();
            return taken;
        }

        private final class Drain implements CommandPipeline.Command<Object> {
            private @Nullable List<byte[]> taken;

            @Override
            @SuppressWarnings("unchecked")
            public Response<Object> append(AbstractPipeline pipeline) {
                if (taken == null) {
                    posted.set(false); // a write queued from now on posts another drain
                    taken = take();
                }
                // empty when the drain a racing write posted took its write: a harmless read stands in
                CommandPipeline.Command<?> c = taken.isEmpty() ? hlen() : command.apply(taken);
                return (Response<Object>) c.append(pipeline);
            }
        }
    }

    @Override
    public byte @Nullable [] get(Fingerprint page) {
        return redis.call(p -> p.hget(key, bytes(page)));
    }

    @Override
    public void remove(Fingerprint page) {
        redis.call(p -> p.hdel(key, bytes(page)));
    }

    @Override
    public void forEach(BiConsumer<Fingerprint, byte[]> action) {
        ScanParams params = new ScanParams().count(SCAN_COUNT);
        byte[] cursor = ScanParams.SCAN_POINTER_START_BINARY;
        do {
            byte[] from = cursor;
            ScanResult<Map.Entry<byte[], byte[]>> result = redis.call(p -> p.hscan(key, from, params));
            for (Map.Entry<byte[], byte[]> e : result.getResult()) {
                ByteBuffer b = ByteBuffer.wrap(e.getKey());
                action.accept(new Fingerprint(b.getLong(), b.getLong()), e.getValue());
            }
            cursor = result.getCursorAsBytes();
        } while (!finished(cursor));
    }

    private static boolean finished(byte[] cursor) {
        return cursor.length == 1 && cursor[0] == '0';
    }

    @Override
    public long count() {
        return redis.call(p -> p.hlen(key));
    }

    /** The key, for a new crawl to delete. */
    byte[] key() {
        return key;
    }

    private static byte[] bytes(Fingerprint fp) {
        return ByteBuffer.allocate(16).putLong(fp.hi()).putLong(fp.lo()).array();
    }
}
