package io.spinneret.serve;

import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;

/**
 * A standard five-field cron expression ({@code minute hour day-of-month month day-of-week}, as
 * crontab(5) reads it), parsed by cron-utils with its Unix definition, and the times it gives.
 */
final class CronSchedule {
    private static final CronParser PARSER = new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.UNIX));

    private final ExecutionTime times;

    private CronSchedule(ExecutionTime times) {
        this.times = times;
    }

    /** @throws ApiException (400) for an expression that is not a five-field cron */
    static CronSchedule parse(String expression) {
        try {
            return new CronSchedule(ExecutionTime.forCron(PARSER.parse(expression.trim())));
        } catch (IllegalArgumentException e) {
            throw new ApiException(
                    400,
                    "cron expects five fields (minute hour day-of-month month day-of-week),"
                            + " e.g. '0 3 * * *'; got '" + expression + "': " + e.getMessage());
        }
    }

    /** The first time strictly after {@code after}, in {@code zone}. */
    Instant next(Instant after, ZoneId zone) {
        return times.nextExecution(ZonedDateTime.ofInstant(after, zone))
                .map(ZonedDateTime::toInstant)
                .orElseThrow(() -> new ApiException(400, "this cron expression never fires again"));
    }
}
