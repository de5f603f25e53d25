package io.spinneret.examples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.examples.replica.ReplicaServer;
import io.spinneret.examples.replica.Site;
import io.spinneret.internal.ItemSchema;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.internal.SpiderRegistry;
import io.spinneret.settings.Settings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * Runs a spider found through the generated registries (as the CLI finds it) against a replica
 * served over real TCP on 127.0.0.1, with no delay and robots.txt off, and reads back its JSONL.
 */
final class ReplicaCrawl {
    private ReplicaCrawl() {}

    /** A finished crawl: the engine's result, the items as JSON, and the server's request count. */
    record Outcome(CrawlResult result, List<JsonNode> items, long served) {}

    static Outcome run(String spiderName, Site site, String startPath, Path dir, String... settings)
            throws InterruptedException {
        return run(spiderName, site, startPath, dir, Map.of(), settings);
    }

    /** @param arguments the spider's arguments, as given with {@code -a} */
    static Outcome run(
            String spiderName, Site site, String startPath, Path dir, Map<String, String> arguments, String... settings)
            throws InterruptedException {
        try (ReplicaServer server = ReplicaServer.start(site, 0)) {
            return run(spiderName, server, startPath, dir, arguments, settings);
        }
    }

    /** As above, against a replica already served (so that two crawls see the same URLs); {@code served} counts this crawl's requests only. */
    static Outcome run(String spiderName, ReplicaServer server, String startPath, Path dir, String... settings)
            throws InterruptedException {
        return run(spiderName, server, startPath, dir, Map.of(), settings);
    }

    private static Outcome run(
            String spiderName,
            ReplicaServer server,
            String startPath,
            Path dir,
            Map<String, String> arguments,
            String... settings)
            throws InterruptedException {
        return run(spiderName, server, startPath, dir, arguments, false, settings);
    }

    /** As {@link #run(String, ReplicaServer, String, Path, String...)}, resuming the crawl kept in its job directory. */
    static Outcome resume(String spiderName, ReplicaServer server, String startPath, Path dir, String... settings)
            throws InterruptedException {
        return run(spiderName, server, startPath, dir, Map.of(), true, settings);
    }

    private static Outcome run(
            String spiderName,
            ReplicaServer server,
            String startPath,
            Path dir,
            Map<String, String> arguments,
            boolean resume,
            String... settings)
            throws InterruptedException {
        List<SpiderDefinition> spiders = new ArrayList<>();
        List<ItemSchema<?>> items = new ArrayList<>();
        for (SpiderRegistry r : ServiceLoader.load(SpiderRegistry.class)) {
            spiders.addAll(r.spiders());
            items.addAll(r.items());
        }
        SpiderDefinition spider = spiders.stream()
                .filter(s -> s.name().equals(spiderName))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no spider " + spiderName + " among "
                        + spiders.stream().map(SpiderDefinition::name).toList()));
        Path out = dir.resolve(spiderName + ".jsonl");
        long before = server.requests();
        Settings s = Settings.defaults()
                .with("start_urls", server.url() + startPath, "test")
                .with("download_delay", "0", "test")
                .with("respect_robots", "false", "test")
                .with("progress_interval", "0", "test")
                .with("output", out.toString(), "test");
        for (String kv : settings) {
            int eq = kv.indexOf('=');
            s = s.with(kv.substring(0, eq), kv.substring(eq + 1), "test");
        }
        CrawlResult result = Crawler.builder(spider)
                .settings(s)
                .arguments(arguments)
                .items(items)
                .progress(null)
                .resume(resume)
                .build()
                .run();
        return new Outcome(result, readJsonl(out), server.requests() - before);
    }

    static List<JsonNode> readJsonl(Path file) {
        ObjectMapper json = new ObjectMapper();
        try {
            List<JsonNode> out = new ArrayList<>();
            if (!Files.exists(file)) return out;
            for (String line : Files.readAllLines(file)) {
                if (!line.isBlank()) out.add(json.readTree(line));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
