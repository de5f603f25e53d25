package io.spinneret.scheduler;

import io.spinneret.annotations.Setting;
import io.spinneret.scheduler.redis.RedisScheduler;
import io.spinneret.scheduler.sqlite.SqliteScheduler;
import io.spinneret.settings.Settings;
import java.nio.file.Path;

/** Opens the scheduler a crawl's settings ask for ({@link Setting#SCHEDULER}). */
public final class Schedulers {
    private Schedulers() {}

    /**
     * @param spiderName namespaces persistent and shared state (job directory, Redis keys)
     * @param resume true to continue the state a previous run left; false to start fresh
     */
    public static Scheduler open(Settings settings, String spiderName, boolean resume) {
        String kind = settings.getChoice(Setting.SCHEDULER);
        switch (kind) {
            // each implementation adds its case here
            case "memory" -> {
                return new io.spinneret.scheduler.memory.MemoryScheduler();
            }
            case "sqlite" -> {
                return SqliteScheduler.open(jobDirectory(settings, spiderName), resume);
            }
            case "redis" -> {
                return RedisScheduler.open(settings.getString(Setting.REDIS_URL), spiderName,
                        settings.getDuration(Setting.VISIBILITY_TIMEOUT), resume);
            }
            default -> throw new UnsupportedOperationException("scheduler '" + kind + "' is not available yet");
        }
    }

    /** Where a resumable crawl of {@code spiderName} keeps its state: {@code <job_dir>/<spider>}. */
    public static Path jobDirectory(Settings settings, String spiderName) {
        return Path.of(settings.getString(Setting.JOB_DIR)).resolve(spiderName);
    }
}
