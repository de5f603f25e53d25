package io.spinneret.scheduler.redis;

import io.spinneret.annotations.Setting;
import io.spinneret.scheduler.SchedulerContractTest;
import io.spinneret.settings.Settings;

/** The scheduler contract against a real Redis Cluster (3 masters, 3 replicas: {@code .ci/run}). */
class RedisClusterContractTest extends SchedulerContractTest {
    @Override
    protected Settings settings() {
        return Settings.defaults()
                .with(Setting.SCHEDULER, "redis", "test")
                .with(Setting.REDIS_URL, RedisClusterTestServer.url(), "test");
    }

    @Override
    protected void cleanUp(String spiderName) {
        RedisClusterTestServer.deleteNamespace(spiderName);
    }
}
