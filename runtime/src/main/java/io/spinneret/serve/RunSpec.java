package io.spinneret.serve;

import com.fasterxml.jackson.databind.JsonNode;
import io.spinneret.annotations.Setting;
import io.spinneret.api.SpiderArgumentException;
import io.spinneret.embed.SpiderCatalog;
import io.spinneret.internal.SpiderArguments;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.settings.InvalidSettingException;
import io.spinneret.settings.Settings;
import io.spinneret.settings.SettingsLoader;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a run is asked for, in {@code POST /api/runs} and {@code POST /api/schedules}: a spider, its
 * arguments and settings, checked before anything is queued, with the messages {@code spinneret run}
 * gives for the same mistakes.
 */
record RunSpec(String spider, Map<String, String> args, Map<String, String> settings) {
    static RunSpec from(JsonNode body, SpiderCatalog catalog) {
        String name = body.path("spider").asText("");
        if (name.isBlank()) throw new ApiException(400, "\"spider\" is required: the name of one of GET /api/spiders");
        SpiderDefinition spider = catalog.find(name)
                .orElseThrow(() -> new ApiException(400, catalog.noSuchSpider(name, "the service found no spiders")));
        Map<String, String> args = strings(body, "args");
        Map<String, String> settings = strings(body, "settings");
        try {
            SpiderArguments.check(spider, args);
        } catch (SpiderArgumentException e) {
            throw new ApiException(400, e.getMessage());
        }
        Settings checked = Settings.defaults();
        for (Map.Entry<String, String> s : settings.entrySet()) {
            if (RunLauncher.RESERVED.contains(s.getKey())) {
                throw new ApiException(
                        400,
                        "the service sets '" + s.getKey() + "' for each run"
                                + " (its items, stats, live page and resumable queue); leave it out");
            }
            Setting setting = Setting.byKey(s.getKey())
                    .orElseThrow(() -> new ApiException(
                            400,
                            SettingsLoader.unknown(s.getKey(), "the request's settings")
                                    .getMessage()));
            try {
                checked = checked.with(setting, s.getValue(), "the request's settings");
            } catch (InvalidSettingException e) {
                throw new ApiException(400, e.getMessage());
            }
        }
        return new RunSpec(spider.name(), args, settings);
    }

    /** A member that is an object of values, as strings; absent is empty. */
    private static Map<String, String> strings(JsonNode body, String member) {
        JsonNode node = body.path(member);
        Map<String, String> out = new LinkedHashMap<>();
        if (node.isMissingNode() || node.isNull()) return out;
        if (!node.isObject()) throw new ApiException(400, "\"" + member + "\" must be an object of names to values");
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isValueNode()) {
                throw new ApiException(400, "\"" + member + "\"." + e.getKey() + " must be a string or a number");
            }
            out.put(e.getKey(), e.getValue().asText());
        }
        return out;
    }
}
