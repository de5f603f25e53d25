package io.spinneret.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.options.WaitForSelectorState;
import io.spinneret.embed.CrawlOutput;
import io.spinneret.embed.Crawler;
import io.spinneret.examples.replica.BooksSite;
import io.spinneret.examples.replica.ReplicaServer;
import io.spinneret.spi.Stats;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The live crawl page ({@code ui}) in a real Chromium, driven by Playwright, during a crawl of
 * the books replica: the figures move while the crawl runs, and once it stops the page shows the
 * stop reason and exactly the figures of the crawl's result. With {@code -Dspinneret.docs.write=true}
 * it saves the screenshot {@code docs/images/live-page.png}.
 */
class LiveCrawlPageBrowserTest {
    private static final Path CHROMIUM =
            Path.of(System.getenv().getOrDefault("SPINNERET_TEST_CHROMIUM", "/usr/bin/chromium-headless-shell"));
    private static final Path DOCS = Path.of(System.getProperty("spinneret.docs.dir", "../docs"));

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static void awaitListening(int port) throws InterruptedException {
        for (int i = 0; i < 600; i++) { // 60 s at most
            try (Socket s = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        throw new AssertionError("the live page never listened on " + port);
    }

    private static long figure(Page page, String id) {
        return Long.parseLong(page.locator("#" + id).textContent().trim());
    }

    @Test
    void thePageShowsTheCrawlLiveAndEndsWithItsFiguresAndStopReason() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM), "Chromium at " + CHROMIUM);
        int port = freePort();
        try (ReplicaServer server = ReplicaServer.start(BooksSite.standard(), 0);
                Playwright pw = Playwright.create(
                        new Playwright.CreateOptions().setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
                Browser browser = pw.chromium()
                        .launch(new BrowserType.LaunchOptions()
                                .setExecutablePath(CHROMIUM)
                                .setHeadless(true))) {
            AtomicReference<CrawlOutput> output = new AtomicReference<>();
            AtomicReference<Throwable> failed = new AtomicReference<>();
            // paced so the crawl lasts a few seconds: 300 items at 100 pages a second or less
            Thread crawl = Thread.ofVirtual().start(() -> {
                try {
                    output.set(Crawler.of(BooksSpider.class)
                            .setting("start_urls", server.url())
                            .setting("download_delay", "0.01")
                            .setting("concurrency", "4")
                            .setting("max_items", "300")
                            .setting("ui", "127.0.0.1:" + port)
                            .run());
                } catch (Throwable t) {
                    failed.set(t);
                }
            });
            awaitListening(port);
            Page page = browser.newPage(new Browser.NewPageOptions().setViewportSize(1000, 760));
            page.navigate("http://127.0.0.1:" + port + "/");
            // live: the figures arrive over the event stream while the crawl still runs
            page.waitForFunction("() => Number(document.getElementById('requests').textContent) > 0"
                    + " && document.getElementById('stop').hidden");
            assertEquals("books", page.locator("#spider").textContent());
            Locator stop = page.locator("#stop");
            stop.waitFor(new Locator.WaitForOptions()
                    .setState(WaitForSelectorState.VISIBLE)
                    .setTimeout(120_000));
            crawl.join(Duration.ofSeconds(120));
            if (failed.get() != null) throw new AssertionError(failed.get());
            var result = output.get().result();

            assertEquals("item_limit", page.locator("#stop-reason").textContent());
            assertEquals(result.get(Stats.REQUESTS), figure(page, "requests"));
            assertEquals(result.get(Stats.RESPONSES), figure(page, "responses"));
            assertEquals(result.items(), figure(page, "items"));
            assertEquals(result.failures(), figure(page, "failures-count"));
            Locator row = page.locator("#domains tbody tr");
            assertEquals(1, row.count());
            assertEquals("127.0.0.1", row.locator("td").nth(0).textContent());
            assertEquals(
                    result.get(Stats.REQUESTS),
                    Long.parseLong(row.locator("td").nth(1).textContent()));
            assertTrue(page.locator("#chart").isVisible());
            if (Boolean.getBoolean("spinneret.docs.write")) {
                Files.createDirectories(DOCS.resolve("images"));
                page.screenshot(new Page.ScreenshotOptions()
                        .setPath(DOCS.resolve("images/live-page.png"))
                        .setFullPage(true));
            }
        }
    }
}
