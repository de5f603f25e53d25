package io.spinneret.structured;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jsoup.nodes.Document;

/**
 * A page's structured data: its JSON-LD items, its microdata items and its OpenGraph and Twitter
 * card tags, as {@link io.spinneret.api.Response#structuredData()} returns them.
 *
 * <pre>{@code
 * StructuredData data = page.structuredData();
 * Optional<StructuredItem> product = data.first("Product");   // JSON-LD first, then microdata
 * String image = data.meta("og:image").orElse("");
 * }</pre>
 */
public final class StructuredData {
    private final List<StructuredItem> jsonLd;
    private final List<StructuredItem> microdata;
    private final Map<String, List<String>> meta;
    private final List<String> errors;

    private StructuredData(
            List<StructuredItem> jsonLd,
            List<StructuredItem> microdata,
            Map<String, List<String>> meta,
            List<String> errors) {
        this.jsonLd = List.copyOf(jsonLd);
        this.microdata = List.copyOf(microdata);
        this.meta = Collections.unmodifiableMap(new LinkedHashMap<>(meta));
        this.errors = List.copyOf(errors);
    }

    /** Reads the structured data of an HTML document (its base URI resolves microdata's URLs). */
    public static StructuredData of(Document doc) {
        List<String> errors = new ArrayList<>();
        List<StructuredItem> jsonLd = JsonLd.read(doc, errors);
        return new StructuredData(jsonLd, Microdata.read(doc), SocialMeta.read(doc), errors);
    }

    /** None: what a page that is not HTML has. */
    public static StructuredData none() {
        return new StructuredData(List.of(), List.of(), Map.of(), List.of());
    }

    /** The top-level JSON-LD items (a {@code @graph}'s members and an array's elements each count as one). */
    public List<StructuredItem> jsonLd() {
        return jsonLd;
    }

    /** The top-level microdata items. */
    public List<StructuredItem> microdata() {
        return microdata;
    }

    /** OpenGraph and Twitter card values by property ({@code og:title}, {@code twitter:card}), in page order. */
    public Map<String, List<String>> meta() {
        return meta;
    }

    /** The first value of an OpenGraph or Twitter property. */
    public Optional<String> meta(String property) {
        List<String> values = meta.getOrDefault(property, List.of());
        return values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }

    /** Why parts could not be read, e.g. a JSON-LD script that is not JSON; empty for a clean page. */
    public List<String> errors() {
        return errors;
    }

    /** Every item of {@code type} (see {@link StructuredItem#is}), nested ones included, JSON-LD's before microdata's, each in page order. */
    public List<StructuredItem> all(String type) {
        List<StructuredItem> found = new ArrayList<>();
        for (StructuredItem i : jsonLd) collect(i, type, found);
        for (StructuredItem i : microdata) collect(i, type, found);
        return found;
    }

    /** The first item of {@code type}, nested ones included, looking at JSON-LD before microdata. */
    public Optional<StructuredItem> first(String type) {
        return all(type).stream().findFirst();
    }

    private static void collect(StructuredItem item, String type, List<StructuredItem> found) {
        if (item.is(type)) found.add(item);
        for (List<Object> values : item.properties().values()) {
            for (Object v : values) if (v instanceof StructuredItem nested) collect(nested, type, found);
        }
    }

    /** Whether the page has none of the three. */
    public boolean isEmpty() {
        return jsonLd.isEmpty() && microdata.isEmpty() && meta.isEmpty();
    }

    /** One JSON document: {@code {"json_ld": [...], "microdata": [...], "meta": {...}, "errors": [...]}}; a property with one value holds it bare. */
    public ObjectNode toJson() {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        ArrayNode ld = o.putArray("json_ld");
        jsonLd.forEach(i -> ld.add(i.toJson()));
        ArrayNode md = o.putArray("microdata");
        microdata.forEach(i -> md.add(i.toJson()));
        ObjectNode m = o.putObject("meta");
        meta.forEach((name, values) -> {
            if (values.size() == 1) m.put(name, values.get(0));
            else values.forEach(m.putArray(name)::add);
        });
        ArrayNode e = o.putArray("errors");
        errors.forEach(e::add);
        return o;
    }

    @Override
    public String toString() {
        return toJson().toString();
    }
}
