package io.spinneret.serve;

import com.sun.net.httpserver.HttpExchange;
import io.spinneret.embed.SpiderCatalog;
import io.spinneret.internal.ArgumentSpec;
import io.spinneret.internal.SpiderDefinition;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code GET /api/spiders}: each spider's name, class, start URLs and arguments with their types and defaults. */
final class SpidersEndpoint {
    private final SpiderCatalog catalog;

    SpidersEndpoint(SpiderCatalog catalog) {
        this.catalog = catalog;
    }

    void list(HttpExchange exchange) throws IOException {
        List<Map<String, Object>> out = new ArrayList<>();
        for (SpiderDefinition s : catalog.spiders()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", s.name());
            m.put("class", s.className());
            m.put("start_urls", s.startUrls());
            List<Map<String, Object>> args = new ArrayList<>();
            for (ArgumentSpec a : s.arguments()) {
                Map<String, Object> arg = new LinkedHashMap<>();
                arg.put("name", a.name());
                arg.put("type", a.typeLabel());
                arg.put("choices", a.choices());
                arg.put("default", a.defaultValue());
                arg.put("required", a.required());
                arg.put("help", a.help());
                args.add(arg);
            }
            m.put("arguments", args);
            out.add(m);
        }
        HttpIo.sendJson(exchange, 200, out);
    }
}
