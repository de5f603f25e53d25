package io.spinneret.examples;

import static io.spinneret.testing.SameElements.assertSameElements;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.spinneret.annotations.Renderer;
import io.spinneret.api.Request;
import io.spinneret.download.DownloaderRouter;
import io.spinneret.download.Downloaders;
import io.spinneret.embed.CrawlResult;
import io.spinneret.examples.replica.QuotesCatalogue;
import io.spinneret.examples.replica.QuotesSite;
import io.spinneret.examples.replica.ReplicaServer;
import io.spinneret.settings.Settings;
import io.spinneret.testing.SignalledProcess;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The quotes_js spider against the replica's script-generated pages, in a real Chromium. */
@Timeout(90)
class QuotesJsSpiderCrawlTest {
    private static final String CHROMIUM = System.getenv("SPINNERET_TEST_CHROMIUM");

    @TempDir
    Path dir;

    @BeforeEach
    void needsChromium() {
        assumeTrue(CHROMIUM != null && !CHROMIUM.isBlank(), "SPINNERET_TEST_CHROMIUM is not set");
    }

    @Test
    void sameUrlGivesNoQuotesOverHttpAndTenRendered() throws Exception {
        try (ReplicaServer server = ReplicaServer.start(QuotesSite.standard(), 0);
                DownloaderRouter router =
                        Downloaders.router(Settings.defaults().with("browser_path", CHROMIUM, "test"))) {
            String url = server.url() + "js/";
            var http =
                    router.download(Request.builder(url).renderer(Renderer.HTTP).build());
            assertFalse(router.isStarted(Renderer.BROWSER), "an HTTP request does not start the browser");
            var rendered = router.download(
                    Request.builder(url).renderer(Renderer.BROWSER).build());
            assertEquals(200, http.status());
            assertEquals(200, rendered.status());
            assertEquals(0, http.css("div.quote").size());
            assertEquals(10, rendered.css("div.quote").size());
            assertTrue(router.isStarted(Renderer.BROWSER));
        }
        assertEquals(List.of(), chromiumUnder(ProcessHandle.current()), "closing the router stopped Chromium");
    }

    @Test
    void fullCrawlRendersTenPagesIntoTheHundredQuotesAndLeavesNoChromium() throws Exception {
        QuotesSite site = QuotesSite.standard();
        ReplicaCrawl.Outcome o = ReplicaCrawl.run("quotes_js", site, "js/", dir, "browser_path=" + CHROMIUM);
        CrawlResult r = o.result();

        assertEquals(10, r.requests(), r.stats().toString());
        assertEquals(0, r.failures(), r.stats().toString());
        assertEquals(100, r.items());
        Set<String> expected = site.catalogue().quotes().stream()
                .map(QuotesCatalogue.Quote::text)
                .collect(Collectors.toSet());
        assertSameElements(
                expected, o.items().stream().map(i -> i.get("text").asText()).toList(), "quotes");
        for (JsonNode item : o.items()) {
            QuotesCatalogue.Quote q = site.catalogue().quotes().stream()
                    .filter(x -> x.text().equals(item.get("text").asText()))
                    .findFirst()
                    .orElseThrow();
            assertEquals(q.author().name(), item.get("author").asText());
            assertEquals(q.tags().size(), item.get("tags").size());
        }
        assertEquals(List.of(), chromiumUnder(ProcessHandle.current()), "no Chromium left after the run");
    }

    /** A child JVM runs the quotes_js crawl; SIGINT while it renders leaves no Chromium. */
    @Test
    void sigintDuringABrowserCrawlLeavesNoChromium() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path out = dir.resolve("quotes_js.jsonl");
        List<String> cmd = List.of(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                "io.spinneret.examples.Main",
                "run",
                "quotes_js",
                "-s",
                "browser_path=" + CHROMIUM,
                "-s",
                "respect_robots=false",
                "-o",
                out.toString());
        Path log = dir.resolve("child.log");
        Process p = new ProcessBuilder(SignalledProcess.command(cmd))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            List<ProcessHandle> chromium = List.of();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
            while (System.nanoTime() < deadline && chromium.isEmpty() && p.isAlive()) {
                Thread.sleep(50);
                chromium = chromiumUnder(p.toHandle());
            }
            Thread.sleep(300); // let the pool connect and the first renders begin
            assertFalse(chromium.isEmpty(), "the crawl started Chromium: " + Files.readString(log));
            assertTrue(p.isAlive(), "still crawling when interrupted: " + Files.readString(log));
            List<ProcessHandle> seen = chromiumUnder(p.toHandle());

            new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "exited after SIGINT");
            String output = Files.readString(log, StandardCharsets.UTF_8);
            assertEquals(130, p.exitValue(), output);
            List<ProcessHandle> left = awaitGone(seen, 5_000);
            assertEquals(List.of(), left, "Chromium processes outlived the crawl: " + output);
            assertTrue(output.contains("stopping"), output);
        } finally {
            p.destroyForcibly();
        }
    }

    private static List<ProcessHandle> chromiumUnder(ProcessHandle root) {
        return root.descendants()
                .filter(h -> h.info().command().map(c -> c.contains("chromium")).orElse(false))
                .toList();
    }

    private static List<ProcessHandle> awaitGone(List<ProcessHandle> processes, long millis)
            throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        while (System.currentTimeMillis() < deadline && processes.stream().anyMatch(ProcessHandle::isAlive))
            Thread.sleep(50);
        return new ArrayList<>(processes.stream().filter(ProcessHandle::isAlive).toList());
    }
}
