package io.spinneret.serve;

import java.time.Instant;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One run as the database keeps it.
 *
 * @param scheduleId the schedule that started it, or null for a run started through the API
 * @param livePort the port of its live page on 127.0.0.1 while it runs, or 0
 * @param resumed how many times it was resumed
 */
public record RunRecord(
        long id,
        String spider,
        Map<String, String> args,
        Map<String, String> settings,
        RunState state,
        @Nullable Long scheduleId,
        Instant created,
        @Nullable Instant started,
        @Nullable Instant ended,
        @Nullable Integer exitCode,
        String exitReason,
        long pid,
        int livePort,
        int resumed) {}
