package io.spinneret.structured;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jspecify.annotations.Nullable;

/**
 * The JSON-LD of a page: each {@code <script type="application/ld+json">} read with Jackson as the
 * JSON it is, without JSON-LD expansion (which would fetch the {@code @context}, schema.org's, over
 * the network for every page). A script holds an object, an array of them, or an object with a
 * {@code @graph} of them; each becomes an item, and so does every object nested in a property.
 * {@code {"@value": v}} is read as {@code v}, {@code {"@list": [...]}} and {@code {"@set": [...]}}
 * as their elements. Lenient as browsers' consumers are: comments, trailing commas and raw control
 * characters in strings are accepted; a script that is still not JSON is reported, not thrown.
 */
final class JsonLd {
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(
                    JsonReadFeature.ALLOW_JAVA_COMMENTS, JsonReadFeature.ALLOW_TRAILING_COMMA,
                    JsonReadFeature.ALLOW_UNESCAPED_CONTROL_CHARS, JsonReadFeature.ALLOW_SINGLE_QUOTES)
            .build();

    private JsonLd() {}

    /** The page's JSON-LD items, top-level ones only (nested ones are their properties' values); errors go to {@code errors}. */
    static List<StructuredItem> read(Document doc, List<String> errors) {
        List<StructuredItem> items = new ArrayList<>();
        int n = 0;
        for (Element script : doc.select("script[type]")) {
            String type = script.attr("type").trim();
            int semicolon = type.indexOf(';');
            if (!(semicolon < 0 ? type : type.substring(0, semicolon)).trim().equalsIgnoreCase("application/ld+json"))
                continue;
            n++;
            String json = script.data().trim();
            if (json.isEmpty()) continue;
            try {
                topLevel(JSON.readTree(json), items);
            } catch (JsonProcessingException e) {
                errors.add("JSON-LD script " + n + " is not JSON: " + e.getOriginalMessage());
            }
        }
        return items;
    }

    private static void topLevel(@Nullable JsonNode node, List<StructuredItem> items) {
        if (node == null) return;
        if (node.isArray()) {
            for (JsonNode e : node) topLevel(e, items);
        } else if (node.isObject()) {
            JsonNode graph = node.get("@graph");
            if (graph != null) topLevel(graph, items);
            if (graph == null || hasOwnData(node)) items.add(item(node));
        }
    }

    /** Whether an object with a {@code @graph} says more than its context. */
    private static boolean hasOwnData(JsonNode node) {
        for (var names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!name.equals("@graph") && !name.equals("@context")) return true;
        }
        return false;
    }

    private static StructuredItem item(JsonNode node) {
        List<String> types = new ArrayList<>();
        for (JsonNode t : array(node.get("@type"))) if (t.isTextual()) types.add(t.asText());
        JsonNode id = node.get("@id");
        Map<String, List<Object>> properties = new LinkedHashMap<>();
        node.fields().forEachRemaining(field -> {
            if (field.getKey().startsWith("@")) return;
            List<Object> values = new ArrayList<>();
            for (JsonNode v : array(field.getValue())) value(v, values);
            if (!values.isEmpty()) properties.put(field.getKey(), values);
        });
        return new StructuredItem(
                StructuredItem.Source.JSON_LD, types, id != null && id.isTextual() ? id.asText() : null, properties);
    }

    private static void value(JsonNode v, List<Object> values) {
        if (v.isObject()) {
            JsonNode plain = v.get("@value");
            JsonNode list = v.has("@list") ? v.get("@list") : v.get("@set");
            if (plain != null) value(plain, values);
            else if (list != null) for (JsonNode e : array(list)) value(e, values);
            else values.add(item(v));
        } else if (v.isTextual()) {
            values.add(v.asText());
        } else if (v.isNumber()) {
            values.add(v.numberValue());
        } else if (v.isBoolean()) {
            values.add(v.booleanValue());
        } else if (v.isArray()) {
            for (JsonNode e : v) value(e, values);
        }
    }

    private static Iterable<JsonNode> array(@Nullable JsonNode node) {
        if (node == null || node.isNull()) return List.of();
        return node.isArray() ? node : List.of(node);
    }
}
