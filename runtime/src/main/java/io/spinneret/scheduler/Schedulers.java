package io.spinneret.scheduler;

import io.spinneret.annotations.Setting;
import io.spinneret.settings.Settings;

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
            default -> throw new UnsupportedOperationException("scheduler '" + kind + "' is not available yet");
        }
    }
}
