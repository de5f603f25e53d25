package io.spinneret.structured;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One item of a page's structured data: a JSON-LD node or a microdata {@code itemscope}, with its
 * types, its identifier and its properties in the order the page gives them. A property's values
 * are {@link String}s, numbers and booleans (JSON-LD's), or nested {@code StructuredItem}s.
 *
 * <pre>{@code
 * StructuredItem product = page.structuredData().first("Product").orElseThrow();
 * String price = product.item("offers").flatMap(o -> o.text("price")).orElse("");
 * }</pre>
 *
 * @param source where the item was found
 * @param types its types as written ({@code Product}, {@code https://schema.org/Product}); may be empty
 * @param id its {@code @id} or {@code itemid}, or null
 * @param properties values by property name, in page order
 */
public record StructuredItem(
        Source source, List<String> types, @Nullable String id, Map<String, List<Object>> properties) {

    /** Where an item was found. */
    public enum Source {
        JSON_LD,
        MICRODATA
    }

    public StructuredItem {
        types = List.copyOf(types);
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }

    /**
     * Whether one of its types is {@code type}, written bare ({@code Product}) or as a vocabulary
     * URL or prefixed name ({@code https://schema.org/Product}, {@code schema:Product}).
     */
    public boolean is(String type) {
        for (String t : types) {
            if (t.equals(type)) return true;
            int cut = Math.max(t.lastIndexOf('/'), Math.max(t.lastIndexOf('#'), t.lastIndexOf(':')));
            if (cut >= 0 && t.substring(cut + 1).equals(type)) return true;
        }
        return false;
    }

    /** The values of a property, empty if it has none. */
    public List<Object> values(String property) {
        return properties.getOrDefault(property, List.of());
    }

    /** The first value of a property as text (a number or boolean in its JSON form); empty if none or if it is an item. */
    public Optional<String> text(String property) {
        for (Object v : values(property))
            return v instanceof StructuredItem ? Optional.empty() : Optional.of(v.toString());
        return Optional.empty();
    }

    /** The first value of a property that is an item. */
    public Optional<StructuredItem> item(String property) {
        return items(property).stream().findFirst();
    }

    /** The values of a property that are items. */
    public List<StructuredItem> items(String property) {
        List<StructuredItem> items = new ArrayList<>();
        for (Object v : values(property)) if (v instanceof StructuredItem i) items.add(i);
        return items;
    }

    /**
     * The item as a JSON object in the shape of JSON-LD: {@code @type} and {@code @id} when it has
     * them, then each property, a single value as itself and several as an array.
     */
    public ObjectNode toJson() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        if (types.size() == 1) o.put("@type", types.get(0));
        else if (!types.isEmpty()) types.forEach(o.putArray("@type")::add);
        if (id != null) o.put("@id", id);
        properties.forEach((name, values) -> {
            if (values.size() == 1) {
                o.set(name, json(values.get(0)));
            } else {
                ArrayNode a = o.putArray(name);
                for (Object v : values) a.add(json(v));
            }
        });
        return o;
    }

    private static JsonNode json(Object v) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        return switch (v) {
            case StructuredItem i -> i.toJson();
            case Boolean b -> f.booleanNode(b);
            case Long l -> f.numberNode(l);
            case Integer i -> f.numberNode(i);
            case BigInteger i -> f.numberNode(i);
            case BigDecimal d -> f.numberNode(d);
            case Double d -> f.numberNode(d);
            default -> f.textNode(v.toString());
        };
    }
}
