package io.spinneret.examples.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.options.WaitForSelectorState;
import io.spinneret.examples.replica.BooksSite;
import io.spinneret.examples.replica.ReplicaServer;
import io.spinneret.serve.ServeConfig;
import io.spinneret.serve.ServeService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page of {@code spinneret serve} in a real headless Chromium, driven by clicks: opened once
 * with the token (which then leaves the address bar), a run started from the form that finishes
 * with the thousand books, a slow run stopped with its button, a schedule added. With
 * {@code -Dspinneret.docs.write=true} it saves the screenshot {@code docs/images/serve-page.png}.
 */
class ServePageBrowserTest {
    private static final Path CHROMIUM =
            Path.of(System.getenv().getOrDefault("SPINNERET_TEST_CHROMIUM", "/usr/bin/chromium-headless-shell"));
    private static final Path DOCS = Path.of(System.getProperty("spinneret.docs.dir", "../docs"));
    private static final String TOKEN = "page-test-token-7f3a";

    @TempDir
    Path dir;

    private static Locator row(Page page, String table, int index) {
        return page.locator("#" + table + " tbody tr").nth(index);
    }

    @Test
    void aRunStartedFromTheFormFinishesAndAnotherIsStoppedByItsButton() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM), "Chromium at " + CHROMIUM);
        Path spiders = Files.createDirectories(dir.resolve("spiders"));
        try (ReplicaServer replica = ReplicaServer.start(BooksSite.standard(), 0);
                ServeService service = ServeService.start(new ServeConfig(
                        spiders,
                        "127.0.0.1",
                        0,
                        dir.resolve("data"),
                        TOKEN,
                        null,
                        2,
                        "-Xmx256m",
                        Clock.systemDefaultZone()));
                Playwright pw = Playwright.create(
                        new Playwright.CreateOptions().setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
                Browser browser = pw.chromium()
                        .launch(new BrowserType.LaunchOptions()
                                .setExecutablePath(CHROMIUM)
                                .setHeadless(true))) {
            Page page = browser.newPage(new Browser.NewPageOptions().setViewportSize(1100, 900));
            page.navigate(service.url() + "?token=" + TOKEN);
            assertEquals(service.url().toString(), page.url(), "the token leaves the address bar");
            page.locator("#spider option[value=books]")
                    .waitFor(new Locator.WaitForOptions().setState(WaitForSelectorState.ATTACHED));
            page.locator("#spider").selectOption("books");
            assertFalse(page.content().contains(TOKEN), "the page never holds the token");
            assertEquals("0", page.locator("#arg-max_pages").getAttribute("placeholder"), "the argument's default");

            // a setting the catalogue does not know: the API's message, on the page
            page.locator("#settings").fill("concurrensy=2");
            page.locator("#start").click();
            page.locator("#error")
                    .filter(new Locator.FilterOptions().setHasText("did you mean"))
                    .waitFor();

            page.locator("#settings").fill("start_urls=" + replica.url() + "\ndownload_delay=0");
            page.locator("#start").click();
            Locator first = row(page, "runs", 0);
            first.locator(".state-finished").waitFor(new Locator.WaitForOptions().setTimeout(180_000));
            assertEquals("1000", first.locator(".items").textContent());
            assertEquals("finished", first.locator("td").nth(5).textContent());

            page.locator("#settings").fill("start_urls=" + replica.url() + "\ndownload_delay=1\nconcurrency=1");
            page.locator("#start").click();
            Locator second = page.locator("#runs tbody tr")
                    .filter(new Locator.FilterOptions().setHas(page.locator(".state-running")));
            second.waitFor(new Locator.WaitForOptions().setTimeout(60_000));
            String live = second.locator("a", new Locator.LocatorOptions().setHasText("live"))
                    .getAttribute("href");
            assertTrue(live.startsWith("http://127.0.0.1:"), live);
            second.locator("button", new Locator.LocatorOptions().setHasText("Stop"))
                    .click();
            row(page, "runs", 0).locator(".state-stopped").waitFor(new Locator.WaitForOptions().setTimeout(60_000));

            page.locator("#cron").fill("0 3 * * *");
            page.locator("#add-schedule").click();
            Locator schedule = row(page, "schedules", 0);
            schedule.waitFor();
            assertEquals("0 3 * * *", schedule.locator("td").nth(2).textContent());
            assertEquals("", page.locator("#error").textContent());
            if (Boolean.getBoolean("spinneret.docs.write")) {
                Files.createDirectories(DOCS.resolve("images"));
                page.screenshot(new Page.ScreenshotOptions()
                        .setPath(DOCS.resolve("images/serve-page.png"))
                        .setFullPage(true));
            }
        }
    }
}
