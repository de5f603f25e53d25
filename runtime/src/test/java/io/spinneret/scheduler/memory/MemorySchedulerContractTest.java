package io.spinneret.scheduler.memory;

import io.spinneret.annotations.Setting;
import io.spinneret.scheduler.SchedulerContractTest;
import io.spinneret.settings.Settings;

class MemorySchedulerContractTest extends SchedulerContractTest {
    @Override
    protected Settings settings() {
        return Settings.defaults().with(Setting.SCHEDULER, "memory", "test");
    }
}
