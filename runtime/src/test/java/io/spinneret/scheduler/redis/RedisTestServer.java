package io.spinneret.scheduler.redis;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URI;
import java.util.List;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/** The Redis server of the tests ({@code SPINNERET_TEST_REDIS}) and namespace clean-up. */
public final class RedisTestServer {
    private RedisTestServer() {}

    /** The server URL; skips the test when the variable is unset. */
    public static String url() {
        String url = System.getenv("SPINNERET_TEST_REDIS");
        assumeTrue(url != null && !url.isBlank(), "SPINNERET_TEST_REDIS is not set");
        return url;
    }

    public static Jedis connect() {
        return new Jedis(URI.create(url()));
    }

    /** Deletes every key of the crawl's namespace and of its host buckets (its id: the spider's name unless set). */
    public static void deleteNamespace(String crawlId) {
        deleteMatching("spinneret:{" + crawlId + "}:*");
        deleteMatching("spinneret:{" + crawlId + ":*}:*");
    }

    private static void deleteMatching(String pattern) {
        try (Jedis j = connect()) {
            String cursor = ScanParams.SCAN_POINTER_START;
            ScanParams match = new ScanParams().match(pattern).count(1000);
            do {
                ScanResult<String> page = j.scan(cursor, match);
                List<String> keys = page.getResult();
                if (!keys.isEmpty()) j.unlink(keys.toArray(String[]::new));
                cursor = page.getCursor();
            } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
        }
    }
}
