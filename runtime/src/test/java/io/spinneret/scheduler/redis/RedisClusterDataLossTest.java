package io.spinneret.scheduler.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.spinneret.embed.CrawlResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.Jedis;

/**
 * One master of a Redis Cluster comes back empty mid-crawl (flushed, with its replica, which
 * follows it): the host buckets or the crawl's own keys it held are lost while the other masters'
 * are intact. The crawl must fail saying it lost data, never finish on what is left. The cluster
 * is the test's own (three masters, three replicas, on {@code SPINNERET_TEST_REDIS_PORTS}).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class RedisClusterDataLossTest {
    @TempDir
    Path dir;

    /** Which master is flushed: the one of the site's host bucket, of the crawl's own keys, or a third (empty buckets only). */
    enum Lost {
        SITE_BUCKET,
        CRAWL_KEYS,
        OTHER_BUCKETS
    }

    @ParameterizedTest
    @EnumSource(Lost.class)
    void aMasterComingBackEmptyFailsTheCrawl(Lost lost) throws Exception {
        try (OwnRedisCluster cluster = OwnRedisCluster.start(dir.resolve("cluster"))) {
            // a crawl id whose own keys and the site's host bucket are on two different masters
            String crawlId = null;
            OwnRedisServer bucketMaster = null, crawlMaster = null;
            for (int i = 0; crawlId == null && i < 100; i++) {
                String id = "lost" + i;
                bucketMaster = cluster.masterOf(new HostBuckets(id).prefixOf("127.0.0.1") + "meta");
                crawlMaster = cluster.masterOf("spinneret:{" + id + "}:meta");
                if (crawlMaster != bucketMaster) crawlId = id;
            }
            assertNotNull(crawlId, "a crawl id whose keys and site bucket are on two masters");
            OwnRedisServer flushed = switch (lost) {
                case SITE_BUCKET -> bucketMaster;
                case CRAWL_KEYS -> crawlMaster;
                case OTHER_BUCKETS -> {
                    List<OwnRedisServer> others = new ArrayList<>(cluster.masters());
                    others.removeAll(List.of(bucketMaster, crawlMaster));
                    assertEquals(1, others.size(), "three masters");
                    yield others.get(0);
                }
            };
            int port = flushed.port();
            CrawlResult r = RedisDataLossTest.crawlLosingDataAtPage3(
                    dir,
                    cluster.url(),
                    () -> {
                        try (Jedis j = new Jedis("127.0.0.1", port)) {
                            j.flushAll(); // its replica follows: the shard is empty
                        }
                    },
                    "crawl_id=" + crawlId);
            RedisDataLossTest.assertLostAndFailed(r);
        }
    }
}
