package io.spinneret.structured;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * The OpenGraph and Twitter card tags of a page: {@code <meta property="og:..." content="...">}
 * (and OpenGraph's {@code article: book: profile: product: music: video: fb:} namespaces) and
 * {@code <meta name="twitter:..." content="...">} (either attribute is accepted for both, as
 * sites mix them), in page order, several values of one property (e.g. {@code og:image}) kept in
 * turn. Property names are lower-cased.
 */
final class SocialMeta {
    private static final List<String> PREFIXES =
            List.of("og:", "twitter:", "article:", "book:", "profile:", "product:", "music:", "video:", "fb:");

    private SocialMeta() {}

    static Map<String, List<String>> read(Document doc) {
        Map<String, List<String>> meta = new LinkedHashMap<>();
        for (Element m : doc.select("meta[content]")) {
            String name = (m.hasAttr("property") ? m.attr("property") : m.attr("name"))
                    .trim()
                    .toLowerCase(Locale.ROOT);
            if (PREFIXES.stream().anyMatch(name::startsWith))
                meta.computeIfAbsent(name, k -> new ArrayList<>()).add(m.attr("content"));
        }
        return meta;
    }
}
