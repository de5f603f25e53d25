package io.spinneret.download.browser;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.Failure;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.download.guard.NetworkBoundary;
import io.spinneret.observe.snapshot.ErrorSnapshots;
import io.spinneret.settings.Settings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Error snapshots of browser renders, with real Chromium ({@code SPINNERET_TEST_CHROMIUM}): a page
 * that fails keeps its rendered HTML, the body as served and a screenshot, within the caps; a page
 * that succeeds costs no screenshot.
 */
@Timeout(90)
class BrowserErrorSnapshotsTest {
    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    @TempDir
    Path dir;

    private static BrowserDownloader downloader(String chromium) {
        return new BrowserDownloader(
                new BrowserOptions(chromium, 1, Set.of(), "load", Duration.ofSeconds(20), NetworkBoundary.off(), true),
                Duration.ofSeconds(5));
    }

    @Test
    void aFailedRenderKeepsItsRenderedHtmlTheServedBodyAndAScreenshotWithinTheCaps() throws Exception {
        String chromium = System.getenv("SPINNERET_TEST_CHROMIUM");
        assumeTrue(chromium != null && !chromium.isBlank(), "SPINNERET_TEST_CHROMIUM is not set");
        try (TestSite site = new TestSite();
                BrowserDownloader browser = downloader(chromium)) {
            Request missing = Request.builder(site.url("/missing-js"))
                    .renderer(Renderer.BROWSER)
                    .build();
            Response failed = browser.download(missing);
            Response fine = browser.download(
                    Request.builder(site.url("/js/")).renderer(Renderer.BROWSER).build());
            assertEquals(404, failed.status());
            assertFalse(
                    fine.meta().containsKey(ErrorSnapshots.SCREENSHOT_META),
                    "a page that succeeds takes no screenshot");

            Path snaps = dir.resolve("errors");
            ErrorSnapshots snapshots = ErrorSnapshots.of(snaps, Settings.defaults());
            snapshots.requestFailed(new Failure(missing, "HTTP 404", null, failed), null);
            assertEquals(1, snapshots.count());
            Path folder;
            try (Stream<Path> s = Files.list(snaps)) {
                folder = s.findFirst().orElseThrow();
            }
            assertTrue(folder.getFileName().toString().endsWith("-http-404"), folder.toString());
            try (Stream<Path> s = Files.list(folder)) {
                assertEquals(
                        List.of("body.html", "failure.json", "rendered.html", "screenshot.png"),
                        s.map(p -> p.getFileName().toString()).sorted().toList());
            }
            assertTrue(
                    Files.readString(folder.resolve("rendered.html")).contains("added by script"),
                    "the DOM after the script");
            String served = Files.readString(folder.resolve("body.html"));
            assertTrue(
                    served.contains("not here")
                            && served.contains("<script>")
                            && !served.contains("<p class=\"added\">"),
                    "the body as the server sent it: " + served);
            byte[] png = Files.readAllBytes(folder.resolve("screenshot.png"));
            assertArrayEquals(PNG_SIGNATURE, Arrays.copyOf(png, 8), "a PNG");
            assertTrue(png.length > 100, "a real screenshot, " + png.length + " bytes");

            // the byte cap counts the screenshot and both bodies: one byte short of them, nothing is kept
            long size = failed.body().length + png.length + served.getBytes(StandardCharsets.UTF_8).length;
            Path capped = dir.resolve("capped");
            ErrorSnapshots small = ErrorSnapshots.of(
                    capped, Settings.defaults().with("error_snapshots_max_bytes", Long.toString(size - 1), "test"));
            small.requestFailed(new Failure(missing, "HTTP 404", null, failed), null);
            assertEquals(0, small.count());
            assertFalse(Files.exists(capped));
        }
    }
}
