package io.spinneret.serve;

import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fires the schedules that are due, once a second by the service's clock. A schedule whose last run
 * is still queued or running when it comes due starts nothing: it counts a skip and waits for its
 * next time. A schedule due several times while the service was down fires once.
 */
final class ScheduleTicker implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ScheduleTicker.class);

    private final Schedules schedules;
    private final Runs runs;
    private final RunQueue queue;
    private final Clock clock;
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(Thread.ofVirtual().factory());

    ScheduleTicker(Schedules schedules, Runs runs, RunQueue queue, Clock clock) {
        this.schedules = schedules;
        this.runs = runs;
        this.queue = queue;
        this.clock = clock;
    }

    void start() {
        timer.scheduleWithFixedDelay(
                () -> {
                    try {
                        tick();
                    } catch (RuntimeException e) {
                        LOG.warn("schedules: {}", e.getMessage());
                    }
                },
                0,
                1,
                TimeUnit.SECONDS);
    }

    /** Fires what is due now. */
    synchronized void tick() {
        Instant now = clock.instant();
        for (ScheduleRecord s : schedules.list()) {
            if (s.next().isAfter(now)) continue;
            Instant next = CronSchedule.parse(s.cron()).next(now, clock.getZone());
            if (runs.activeFor(s.id())) {
                schedules.skipped(s.id(), next);
                LOG.info("schedule {} ({}): its last run is still going; skipped until {}", s.id(), s.spider(), next);
            } else {
                long run = runs.add(s.spider(), s.args(), s.settings(), s.id(), now);
                schedules.fired(s.id(), run, next);
                LOG.info("schedule {} ({}) started run {}", s.id(), s.spider(), run);
            }
        }
        queue.dispatch();
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
