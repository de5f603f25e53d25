package io.spinneret.serve;

import com.fasterxml.jackson.databind.JsonNode;
import io.spinneret.settings.Secrets;
import java.util.LinkedHashMap;
import java.util.Map;

/** A run as the API shows it. */
final class RunJson {
    private RunJson() {}

    static Map<String, Object> of(RunRecord run, RunFiles files) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", run.id());
        m.put("spider", run.spider());
        m.put("args", run.args());
        m.put("settings", Secrets.redact(run.settings())); // never a password
        m.put("state", run.state().label());
        m.put("schedule", run.scheduleId());
        m.put("created", run.created().toString());
        m.put("started", run.started() == null ? null : run.started().toString());
        m.put("ended", run.ended() == null ? null : run.ended().toString());
        m.put("items", files.itemCount());
        m.put("exit_code", run.exitCode());
        m.put("exit_reason", run.exitReason());
        m.put("resumed", run.resumed());
        m.put("pid", run.state() == RunState.RUNNING ? run.pid() : null);
        boolean live = run.state() == RunState.RUNNING && run.livePort() > 0;
        m.put("live", live ? "http://127.0.0.1:" + run.livePort() + "/" : null);
        JsonNode stats = RunStats.read(files);
        m.put("stats", stats == null ? null : stats.path("counters"));
        m.put("stop_reason", stats == null ? null : stats.path("stop_reason").asText(null));
        return m;
    }
}
