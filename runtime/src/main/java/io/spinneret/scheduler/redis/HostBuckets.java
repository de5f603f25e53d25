package io.spinneret.scheduler.redis;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.zip.CRC32;

/**
 * The host buckets a Redis crawl's frontier is sharded into: {@value #COUNT} of them, a host's
 * being the CRC-32 of its lower-case name modulo {@value #COUNT}, so every node and every version
 * puts a host in the same bucket. A bucket's keys are {@code spinneret:{<crawl id>:<bucket>}:*}:
 * their own Redis Cluster hash slot, so the buckets of one crawl spread over every master, and
 * each bucket owns its hosts' queues, seen fingerprints, leases and politeness. Immutable.
 */
final class HostBuckets {
    /** How many buckets every crawl has: enough to spread over a few hundred masters, few enough to sweep in one round trip. */
    static final int COUNT = 256;

    private final String crawlId;
    private final List<String> prefixes;
    private final List<List<String>> keys;
    private final List<List<byte[]>> binaryKeys;

    HostBuckets(String crawlId) {
        this.crawlId = crawlId;
        String[] p = new String[COUNT];
        @SuppressWarnings("unchecked")
        List<String>[] k = new List[COUNT];
        @SuppressWarnings("unchecked")
        List<byte[]>[] b = new List[COUNT];
        for (int i = 0; i < COUNT; i++) {
            p[i] = "spinneret:{" + crawlId + ":" + i + "}:";
            String prefix = p[i];
            k[i] = RedisScheduler.KEY_NAMES.stream().map(n -> prefix + n).toList();
            b[i] = k[i].stream().map(n -> n.getBytes(StandardCharsets.UTF_8)).toList();
        }
        this.prefixes = List.of(p);
        this.keys = List.of(k);
        this.binaryKeys = List.of(b);
    }

    /** The bucket of a host. */
    static int of(String host) {
        CRC32 crc = new CRC32();
        crc.update(host.toLowerCase(Locale.ROOT).getBytes(StandardCharsets.UTF_8));
        return (int) (crc.getValue() % COUNT);
    }

    /** The key prefix of a bucket, {@code spinneret:{<crawl id>:<bucket>}:}. */
    String prefix(int bucket) {
        return prefixes.get(bucket);
    }

    /** The prefix of the bucket of a host. */
    String prefixOf(String host) {
        return prefixes.get(of(host));
    }

    /** The frontier keys of a bucket, in the order of {@code frontier.lua}. */
    List<String> keys(int bucket) {
        return keys.get(bucket);
    }

    List<byte[]> binaryKeys(int bucket) {
        return binaryKeys.get(bucket);
    }

    String crawlId() {
        return crawlId;
    }
}
