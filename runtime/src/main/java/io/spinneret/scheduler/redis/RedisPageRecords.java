package io.spinneret.scheduler.redis;

import io.spinneret.api.Fingerprint;
import io.spinneret.spi.PageRecords;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import org.jspecify.annotations.Nullable;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * The page records of a {@link RedisScheduler}: one hash, {@code <namespace>pages}, from the 16-byte
 * fingerprint to the record (a small hash field costs its bytes plus about 50 of Redis' own), sent
 * through the scheduler's command pipeline without waiting: a record goes with the next batch,
 * normally the acknowledgement of the page's own request, so keeping it costs no round trip. In
 * the crawl's hash-tagged namespace, so it lives in the crawl's Redis Cluster slot.
 */
final class RedisPageRecords implements PageRecords {
    private static final int SCAN_COUNT = 1_000;
    /** {@link #patch} on the server: HGET, splice, HSET; sent with EVAL, idempotent. */
    private static final byte[] PATCH = """
            local v = redis.call('HGET', KEYS[1], ARGV[1])
            local off = tonumber(ARGV[2])
            if v and #v >= off + #ARGV[3] then
              redis.call('HSET', KEYS[1], ARGV[1], string.sub(v, 1, off) .. ARGV[3] .. string.sub(v, off + #ARGV[3] + 1))
            end
            return 0
            """.getBytes(StandardCharsets.US_ASCII);

    private final byte[] key;
    private final Commands redis;

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
    }

    /**
     * Queued without waiting for the reply: it is sent with the next batch, so before the ack of
     * the page's lease returns, and a worker does not wait a round trip per page for it. A record
     * lost to a failure only makes the next recrawl fetch the page unconditionally.
     */
    @Override
    public void put(Fingerprint page, byte[] record) {
        byte[] field = bytes(page);
        redis.post(p -> p.hset(key, field, record));
    }

    @Override
    public void patch(Fingerprint page, int offset, byte[] bytes) {
        List<byte[]> args = List.of(bytes(page), Integer.toString(offset).getBytes(StandardCharsets.US_ASCII), bytes);
        redis.post(p -> p.eval(PATCH, List.of(key), args));
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
