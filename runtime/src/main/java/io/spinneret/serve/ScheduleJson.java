package io.spinneret.serve;

import io.spinneret.settings.Secrets;
import java.util.LinkedHashMap;
import java.util.Map;

/** A schedule as the API shows it. */
final class ScheduleJson {
    private ScheduleJson() {}

    static Map<String, Object> of(ScheduleRecord s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", s.id());
        m.put("spider", s.spider());
        m.put("cron", s.cron());
        m.put("args", s.args());
        m.put("settings", Secrets.redact(s.settings())); // never a password
        m.put("created", s.created().toString());
        m.put("next", s.next().toString());
        m.put("last_run", s.lastRunId());
        m.put("skipped", s.skipped());
        return m;
    }
}
