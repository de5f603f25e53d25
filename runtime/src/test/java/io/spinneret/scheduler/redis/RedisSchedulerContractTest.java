package io.spinneret.scheduler.redis;

import io.spinneret.annotations.Setting;
import io.spinneret.scheduler.SchedulerContractTest;
import io.spinneret.settings.Settings;

class RedisSchedulerContractTest extends SchedulerContractTest {
    @Override
    protected Settings settings() {
        return Settings.defaults()
                .with(Setting.SCHEDULER, "redis", "test")
                .with(Setting.REDIS_URL, RedisTestServer.url(), "test");
    }

    @Override
    protected void cleanUp(String spiderName) {
        RedisTestServer.deleteNamespace(spiderName);
    }
}
