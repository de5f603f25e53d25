package io.spinneret.examples.replica;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/** Breadth-first walks over a {@link Site} without HTTP, for checking the sites' link structure. */
final class Crawls {
    static final String BASE = "http://replica.test/";

    private Crawls() {}

    /** The result of a walk: visited paths in order and each path's depth. */
    record Walk(Set<String> visited, Map<String, Integer> depth) {
        int maxDepth() {
            return depth.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        }
    }

    /** Follows the links matched by any of {@code selectors} from {@code start}, to at most {@code limit} pages. */
    static Walk walk(Site site, String start, List<String> selectors, int limit) {
        Set<String> visited = new LinkedHashSet<>();
        Map<String, Integer> depth = new HashMap<>();
        ArrayDeque<String> queue = new ArrayDeque<>();
        queue.add(start);
        depth.put(start, 0);
        while (!queue.isEmpty() && visited.size() < limit) {
            String path = queue.poll();
            visited.add(path);
            Document doc = parse(site, path);
            for (String selector : selectors) {
                for (Element a : doc.select(selector)) {
                    String target = path(a.absUrl("href"));
                    if (!depth.containsKey(target)) {
                        depth.put(target, depth.get(path) + 1);
                        queue.add(target);
                    }
                }
            }
        }
        return new Walk(visited, depth);
    }

    static Document parse(Site site, String path) {
        Site.Page page = site.page(path);
        if (page == null) throw new AssertionError("404 for " + path);
        return Jsoup.parse(new String(page.body(), StandardCharsets.UTF_8), BASE + path);
    }

    /** A site-relative path from an absolute URL on {@link #BASE}. */
    static String path(String url) {
        if (!url.startsWith(BASE)) throw new AssertionError("link leaves the site: " + url);
        return URI.create(url).getRawPath().substring(1);
    }
}
