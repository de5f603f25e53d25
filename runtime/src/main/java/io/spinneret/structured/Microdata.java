package io.spinneret.structured;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jspecify.annotations.Nullable;

/**
 * The microdata of a page, by the HTML standard's algorithms (section "Microdata"): the top-level
 * items are the elements with {@code itemscope} and no {@code itemprop}; an item's properties are
 * the {@code itemprop} elements under it, not looking inside nested items, plus those its
 * {@code itemref} ids name, in tree order. A property's value depends on its element: a nested
 * item for {@code itemscope}; {@code meta@content}; the absolute URL of {@code src} for
 * {@code audio embed iframe img source track video}, of {@code href} for {@code a area link}, of
 * {@code data} for {@code object}; {@code value} for {@code data meter}; {@code datetime} (else
 * the text) for {@code time}; otherwise the element's text, whitespace normalised. An
 * {@code itemprop} may name several properties, space-separated.
 */
final class Microdata {
    private final Document doc;
    /** Each element's position in tree order, for sorting properties found through {@code itemref}. */
    private final Map<Element, Integer> order = new IdentityHashMap<>();

    private Microdata(Document doc) {
        this.doc = doc;
    }

    /** The page's top-level microdata items. */
    static List<StructuredItem> read(Document doc) {
        if (doc.selectFirst("[itemscope]") == null) return List.of();
        Microdata m = new Microdata(doc);
        int i = 0;
        for (Element e : doc.getAllElements()) m.order.put(e, i++);
        List<StructuredItem> items = new ArrayList<>();
        for (Element e : doc.select("[itemscope]:not([itemprop])")) {
            items.add(m.item(e, Collections.newSetFromMap(new IdentityHashMap<>())));
        }
        return items;
    }

    private StructuredItem item(Element root, Set<Element> open) {
        open.add(root);
        Map<String, List<Object>> properties = new LinkedHashMap<>();
        for (Element p : properties(root)) {
            Object value = p.hasAttr("itemscope") ? (open.contains(p) ? null : item(p, open)) : value(p);
            if (value == null) continue; // an item that contains itself through itemref
            for (String name : p.attr("itemprop").trim().split("\\s+")) {
                if (!name.isEmpty())
                    properties.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
            }
        }
        open.remove(root);
        List<String> types = new ArrayList<>();
        for (String t : root.attr("itemtype").trim().split("\\s+")) if (!t.isEmpty()) types.add(t);
        String id = root.hasAttr("itemid") ? root.absUrl("itemid") : null;
        return new StructuredItem(
                StructuredItem.Source.MICRODATA, types, id == null || id.isEmpty() ? null : id, properties);
    }

    /** The standard's "properties of an item": crawl the subtree and the itemref'd elements, skipping nested items' insides. */
    private List<Element> properties(Element root) {
        List<Element> results = new ArrayList<>();
        Set<Element> memory = Collections.newSetFromMap(new IdentityHashMap<>());
        memory.add(root);
        Deque<Element> pending = new ArrayDeque<>(root.children());
        for (String id : root.attr("itemref").trim().split("\\s+")) {
            Element ref = id.isEmpty() ? null : doc.getElementById(id);
            if (ref != null) pending.add(ref);
        }
        while (!pending.isEmpty()) {
            Element current = pending.pop();
            if (!memory.add(current)) continue;
            if (!current.hasAttr("itemscope")) pending.addAll(current.children());
            if (current.hasAttr("itemprop") && !current.attr("itemprop").isBlank()) results.add(current);
        }
        results.sort((a, b) -> Integer.compare(order.getOrDefault(a, 0), order.getOrDefault(b, 0)));
        return results;
    }

    private static @Nullable Object value(Element e) {
        return switch (e.normalName()) {
            case "meta" -> e.attr("content");
            case "audio", "embed", "iframe", "img", "source", "track", "video" -> e.absUrl("src");
            case "a", "area", "link" -> e.absUrl("href");
            case "object" -> e.absUrl("data");
            case "data", "meter" -> e.attr("value");
            case "time" -> e.hasAttr("datetime") ? e.attr("datetime") : e.text();
            default -> e.text();
        };
    }
}
