package io.spinneret.download.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.Request;
import io.spinneret.download.DownloaderRouter;
import io.spinneret.download.Downloaders;
import io.spinneret.embed.CrawlResult;
import io.spinneret.embed.Crawler;
import io.spinneret.settings.Settings;
import io.spinneret.testing.BookSchema;
import io.spinneret.testing.BooksFixture;
import io.spinneret.testing.TestSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** How the router and the engine use the browser: only when a request asks for it. */
@Timeout(60)
class BrowserRoutingTest {
    @TempDir
    Path dir;

    /** A pure-HTTP crawl through the real router, watched every 20 ms: Chromium never appears. */
    @Test
    void pureHttpCrawlNeverStartsChromium() throws Exception {
        Set<Long> seen = ConcurrentHashMap.newKeySet();
        AtomicBoolean crawling = new AtomicBoolean(true);
        Thread watcher = Thread.ofPlatform().daemon(true).start(() -> {
            while (crawling.get()) {
                ChromiumProcesses.underThisJvm().forEach(p -> seen.add(p.pid()));
                ChromiumProcesses.driversUnderThisJvm().forEach(p -> seen.add(p.pid()));
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        try (io.spinneret.testing.TestSite site = io.spinneret.testing.TestSite.books(3)) {
            // browser_path points at a real Chromium when one is configured, so nothing but
            // laziness keeps it from starting.
            String chromium = System.getenv().getOrDefault("SPINNERET_TEST_CHROMIUM", "");
            CrawlResult r = Crawler.builder(new BooksFixture(site.root()))
                    .settings(TestSettings.fast(dir.resolve("books.jsonl"), "browser_path=" + chromium))
                    .items(List.of(BookSchema.INSTANCE))
                    .progress(null)
                    .build()
                    .run();
            assertEquals(60, r.items(), r.stats().toString());
        } finally {
            crawling.set(false);
            watcher.join();
        }
        assertEquals(Set.of(), seen, "no Chromium or Playwright driver process during an HTTP crawl");
    }

    @Test
    void routerCreatesTheBrowserDownloaderOnlyForBrowserRequests() throws Exception {
        try (TestSite site = new TestSite();
                DownloaderRouter router =
                        Downloaders.router(Settings.defaults().with("browser_path", "/nonexistent/chromium", "t"))) {
            assertEquals(
                    0,
                    router.download(Request.of(site.url("/js/")))
                            .css("div.quote")
                            .size());
            assertFalse(router.isStarted(Renderer.BROWSER));
            // The missing browser is reported when, and only when, a request needs it.
            BrowserNotFoundException e = assertThrows(
                    BrowserNotFoundException.class,
                    () -> router.download(Request.builder(site.url("/js/"))
                            .renderer(Renderer.BROWSER)
                            .build()));
            assertTrue(e.getMessage().contains("browser_path"), e.getMessage());
            assertTrue(router.isStarted(Renderer.BROWSER));
        }
    }

    @Test
    void theHttpAndBrowserDownloadersOfACrawlShareItsCookiesAndTheirDeletions() throws Exception {
        String chromium = System.getenv("SPINNERET_TEST_CHROMIUM");
        assumeTrue(chromium != null && !chromium.isBlank(), "SPINNERET_TEST_CHROMIUM is not set");
        try (TestSite site = new TestSite();
                DownloaderRouter router = Downloaders.router(
                        Settings.defaults().with("browser_path", chromium, "t").with("browser_pool_size", "1", "t"))) {
            router.download(Request.of(site.url("/login"))); // over HTTP: session=s1
            Request rendered = Request.builder(site.url("/cookies"))
                    .renderer(Renderer.BROWSER)
                    .build();
            assertEquals(
                    "session=s1",
                    router.download(rendered).textOf("#cookie"),
                    "the browser sends the HTTP login's cookie");
            router.download(Request.builder(site.url("/login2"))
                    .renderer(Renderer.BROWSER)
                    .build()); // in the browser: token=t2
            String overHttp = router.download(Request.of(site.url("/cookies"))).textOf("#cookie");
            assertEquals(
                    Set.of("session=s1", "token=t2"),
                    Set.of(overHttp.split("; ")),
                    "HTTP sends the browser login's cookie");

            router.download(Request.of(site.url("/logout"))); // over HTTP: session deleted
            assertEquals(
                    "token=t2", router.download(rendered).textOf("#cookie"), "the HTTP logout holds in the browser");
            router.download(Request.builder(site.url("/logout2"))
                    .renderer(Renderer.BROWSER)
                    .build()); // in the browser: token deleted
            assertEquals(
                    "none",
                    router.download(Request.of(site.url("/cookies"))).textOf("#cookie"),
                    "the browser's logout holds over HTTP");
            router.download(Request.of(site.url("/login")));
            assertEquals(
                    "session=s1",
                    router.download(rendered).textOf("#cookie"),
                    "a cookie deleted and set again is back");
        }
        try (TestSite site = new TestSite();
                DownloaderRouter router = Downloaders.router(Settings.defaults()
                        .with("browser_path", chromium, "t")
                        .with("browser_pool_size", "1", "t")
                        .with("cookies_enabled", "false", "t"))) {
            router.download(Request.of(site.url("/login")));
            Request rendered = Request.builder(site.url("/cookies"))
                    .renderer(Renderer.BROWSER)
                    .build();
            assertEquals(
                    "none", router.download(rendered).textOf("#cookie"), "cookies_enabled=false: nothing is shared");
        }
    }

    @Test
    void noBrowserFoundNamesTheSettingAndTheInstallCommand() {
        BrowserNotFoundException none = assertThrows(
                BrowserNotFoundException.class,
                () -> BrowserLocator.locate("", List.of(Path.of("/nonexistent/chromium"))));
        assertTrue(none.getMessage().contains("browser_path"), none.getMessage());
        assertTrue(none.getMessage().contains("apt-get install -y chromium-headless-shell"), none.getMessage());
        assertTrue(none.getMessage().contains("looked for /nonexistent/chromium)"), none.getMessage());
        BrowserNotFoundException noneAnywhere = assertThrows(
                BrowserNotFoundException.class,
                () -> BrowserLocator.locate(
                        "",
                        List.of(
                                Path.of("/nonexistent/chromium"),
                                Path.of("/browsers/chromium-1200/chrome-linux/chrome"))));
        assertTrue(
                noneAnywhere.getMessage().contains("looked for /nonexistent/chromium and Playwright-managed browsers)"),
                noneAnywhere.getMessage());

        BrowserNotFoundException wrong =
                assertThrows(BrowserNotFoundException.class, () -> BrowserLocator.locate(dir.toString(), List.of()));
        assertTrue(wrong.getMessage().contains("browser_path is set to " + dir), wrong.getMessage());
    }

    @Test
    void browserPathWinsOverTheDefaultsAndDefaultsAreTriedInOrder() throws Exception {
        Path fake = dir.resolve("my-chromium");
        Files.writeString(fake, "#!/bin/sh\n");
        fake.toFile().setExecutable(true);
        assertEquals(fake, BrowserLocator.locate(fake.toString(), List.of(Path.of("/bin/sh"))));
        assertEquals(fake, BrowserLocator.locate("", List.of(Path.of("/nonexistent"), fake, Path.of("/bin/sh"))));

        Path cache = dir.resolve("ms-playwright");
        for (String rev : List.of("chromium-1100", "chromium-1200")) {
            Path exe = cache.resolve(rev).resolve("chrome-linux/chrome");
            Files.createDirectories(exe.getParent());
            Files.writeString(exe, "");
        }
        List<Path> candidates = BrowserLocator.defaultCandidates(Map.of("PLAYWRIGHT_BROWSERS_PATH", cache.toString()));
        assertEquals(
                List.of(BrowserLocator.SYSTEM_HEADLESS_SHELL, BrowserLocator.SYSTEM_CHROMIUM),
                candidates.subList(0, 2),
                "the lighter headless shell before the full browser");
        assertTrue(
                candidates.indexOf(cache.resolve("chromium-1200/chrome-linux/chrome"))
                        < candidates.indexOf(cache.resolve("chromium-1100/chrome-linux/chrome")),
                "newest revision first: " + candidates);
    }

    @Test
    void invalidBrowserSettingsAreRejectedWithTheKey() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> new BrowserOptions("", 4, Set.of("images"), "load", Duration.ofSeconds(1)));
        assertTrue(e.getMessage().contains("browser_block") && e.getMessage().contains("image"), e.getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> new BrowserOptions("", 0, Set.of(), "load", Duration.ofSeconds(1)));
        BrowserOptions defaults = BrowserOptions.from(Settings.defaults());
        assertEquals(4, defaults.poolSize());
        assertEquals(Set.of("image", "font", "media"), defaults.block());
        assertEquals("load", defaults.waitUntil());
        assertEquals(Duration.ofSeconds(30), defaults.timeout());
    }
}
