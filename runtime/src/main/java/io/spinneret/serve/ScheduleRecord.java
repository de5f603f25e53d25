package io.spinneret.serve;

import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One schedule as the database keeps it.
 *
 * @param next when it fires next
 * @param lastRunId the run it started last, or null
 * @param skipped how many times it came due while its previous run was still queued or running
 */
public record ScheduleRecord(
        long id,
        String spider,
        String cron,
        Map<String, String> args,
        Map<String, String> settings,
        Instant created,
        Instant next,
        @Nullable Long lastRunId,
        int skipped) {}
