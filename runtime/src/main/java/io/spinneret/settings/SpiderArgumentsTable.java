package io.spinneret.settings;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code [spider.<name>.args]} of {@code settings.toml}: spider arguments, the file's
 * counterpart of {@code -a name=value}. Values are kept as text (an array joined with commas);
 * the spider's generated code checks them against its {@code @Arg} fields.
 *
 * <pre>{@code
 * [spider.books.args]
 * category = "travel_2"
 * maxPages = 3
 * }</pre>
 */
final class SpiderArgumentsTable {
    private SpiderArgumentsTable() {}

    static Map<String, String> read(JsonNode node, String section, Path file) {
        if (!node.isObject())
            throw new InvalidSettingException(section + " in " + file + " must be a table of spider arguments");
        Map<String, String> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = e.getValue();
            if (v.isArray()) {
                List<String> parts = new ArrayList<>();
                for (JsonNode x : v) {
                    if (!x.isValueNode()) throw bad(e.getKey(), section, file);
                    parts.add(x.asText());
                }
                out.put(e.getKey(), String.join(",", parts));
            } else if (v.isValueNode()) {
                out.put(e.getKey(), v.asText());
            } else {
                throw bad(e.getKey(), section, file);
            }
        }
        return out;
    }

    private static InvalidSettingException bad(String key, String section, Path file) {
        return new InvalidSettingException("spider argument '" + key + "' in " + section + " of " + file
                + " must be a string, a number, a boolean or a list of those");
    }
}
