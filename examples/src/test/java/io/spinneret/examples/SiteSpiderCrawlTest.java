package io.spinneret.examples;

import static io.spinneret.testing.SameElements.assertSameElements;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.SimpleFileServer;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.examples.replica.BooksSite;
import io.spinneret.internal.ItemSchema;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.internal.SpiderRegistry;
import io.spinneret.settings.Settings;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole-site example: one rule and one item per HTML page, over a replica and over a real
 * documentation site on disk (Debian's postgresql-doc-15, when installed), each page fetched once,
 * nothing outside the site, no fragment in any URL. examples/bench/docs-site.sh does the same
 * through nginx and the CLI and prints the figures.
 */
class SiteSpiderCrawlTest {
    /** Debian's PostgreSQL manual: 1,169 static HTML pages. */
    private static final Path DOCS = Path.of("/usr/share/doc/postgresql-doc-15/html");

    @TempDir
    Path dir;

    @Test
    void crawlsEveryPageOfTheBooksReplicaOnce() throws Exception {
        BooksSite site = BooksSite.standard();
        ReplicaCrawl.Outcome o = ReplicaCrawl.run("site", site, "index.html", dir);
        String root = o.items().get(0).get("url").asText().replaceAll("^(http://[^/]+/).*", "$1");
        assertSameElements(
                site.paths().stream().filter(p -> p.endsWith(".html")).toList(),
                o.items().stream()
                        .map(i -> i.get("url").asText().substring(root.length()))
                        .toList(),
                "HTML pages");
        assertEquals(
                o.result().requests(),
                o.served(),
                "each fetch reached the replica: " + o.result().stats());
        assertEquals(
                o.items().size(),
                o.items().stream().map(i -> i.get("url").asText()).distinct().count(),
                "one item per page");
        assertTrue(o.items().stream().noneMatch(i -> i.get("url").asText().contains("#")));
    }

    @Test
    void crawlsAWholeDocumentationSiteWithFullCoverage() throws Exception {
        assumeTrue(
                Files.isDirectory(DOCS),
                "postgresql-doc-15 is not installed (apt-get install -y postgresql-doc-15): skipped");
        List<String> onDisk;
        try (Stream<Path> files = Files.walk(DOCS)) {
            onDisk = files.filter(f -> f.toString().endsWith(".html"))
                    .map(f -> DOCS.relativize(f).toString())
                    .toList();
        }
        Map<String, AtomicInteger> hits = new ConcurrentHashMap<>();
        var files = SimpleFileServer.createFileHandler(DOCS);
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 256);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", ex -> {
            hits.computeIfAbsent(ex.getRequestURI().getPath(), k -> new AtomicInteger())
                    .incrementAndGet();
            files.handle(ex);
        });
        server.start();
        try {
            String root = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
            Path out = dir.resolve("site.jsonl");
            Settings s = Settings.defaults()
                    .with("start_urls", root + "index.html", "test")
                    .with("download_delay", "0", "test")
                    .with("concurrency", "16", "test")
                    .with("progress_interval", "0", "test")
                    .with("output", out.toString(), "test");
            CrawlResult r = Crawler.builder(spider("site"))
                    .settings(s)
                    .items(items())
                    .progress(null)
                    .build()
                    .run();
            List<JsonNode> items = ReplicaCrawl.readJsonl(out);
            assertSameElements(
                    onDisk,
                    items.stream()
                            .map(i -> i.get("url").asText().substring(root.length()))
                            .toList(),
                    "pages");
            assertEquals(0, r.failures(), r.stats().toString());
            hits.remove("/robots.txt");
            assertEquals(
                    r.requests(),
                    hits.values().stream().mapToInt(AtomicInteger::get).sum(),
                    "no fetch outside the site");
            assertEquals(
                    List.of(),
                    hits.entrySet().stream()
                            .filter(e -> e.getValue().get() > 1)
                            .map(Map.Entry::getKey)
                            .toList(),
                    "no page fetched twice");
        } finally {
            server.stop(0);
        }
    }

    private static SpiderDefinition spider(String name) {
        for (SpiderRegistry r : ServiceLoader.load(SpiderRegistry.class)) {
            for (SpiderDefinition d : r.spiders()) if (d.name().equals(name)) return d;
        }
        throw new AssertionError("no spider " + name);
    }

    private static List<ItemSchema<?>> items() {
        List<ItemSchema<?>> out = new ArrayList<>();
        for (SpiderRegistry r : ServiceLoader.load(SpiderRegistry.class)) out.addAll(r.items());
        return out;
    }
}
