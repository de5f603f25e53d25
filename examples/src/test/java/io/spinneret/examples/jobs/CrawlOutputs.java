package io.spinneret.examples.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Reads the JSONL outputs of several runs or nodes. */
final class CrawlOutputs {
    private CrawlOutputs() {}

    /** The items of a JSONL file; a last line cut short by a kill is left out. */
    static List<JsonNode> items(Path file) {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> out = new ArrayList<>();
        if (!Files.exists(file)) return out;
        try {
            List<String> lines = Files.readAllLines(file);
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).isBlank()) continue;
                try {
                    out.add(json.readTree(lines.get(i)));
                } catch (IOException torn) {
                    // a kill -9 may cut the last line short: its request was not acked, so it is redone
                    if (i != lines.size() - 1) throw torn;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** How many times each UPC occurs over all the files. */
    static Map<String, Integer> upcCounts(List<Path> files) {
        Map<String, Integer> counts = new HashMap<>();
        for (Path f : files)
            for (JsonNode item : items(f)) counts.merge(item.get("upc").asText(), 1, Integer::sum);
        return counts;
    }

    /** Paths downloaded in {@code after} but not yet in {@code before}, with their new count. */
    static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> d = new HashMap<>();
        after.forEach((path, n) -> {
            long m = n - before.getOrDefault(path, 0L);
            if (m > 0) d.put(path, m);
        });
        return d;
    }
}
