package io.spinneret.scheduler.sqlite;

import io.spinneret.annotations.Setting;
import io.spinneret.scheduler.SchedulerContractTest;
import io.spinneret.settings.Settings;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class SqliteSchedulerContractTest extends SchedulerContractTest {
    @TempDir
    Path jobs;

    @Override
    protected Settings settings() {
        return Settings.defaults()
                .with(Setting.SCHEDULER, "sqlite", "test")
                .with(Setting.JOB_DIR, jobs.toString(), "test");
    }
}
