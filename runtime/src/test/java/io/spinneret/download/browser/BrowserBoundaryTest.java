package io.spinneret.download.browser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import io.spinneret.annotations.Renderer;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.download.guard.BlockedAddressException;
import io.spinneret.download.guard.NetworkBoundary;
import io.spinneret.settings.Settings;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@code network_boundary} for the browser's own requests (real Chromium,
 * {@code SPINNERET_TEST_CHROMIUM}): a page on loopback renders under {@code public+loopback}, its
 * script's requests to the metadata address and to a name the test resolver maps to a private
 * address are aborted before Chromium sends them, and a navigation to such a name fails with the
 * boundary's reason.
 */
class BrowserBoundaryTest {
    private static final String CHROMIUM = System.getenv("SPINNERET_TEST_CHROMIUM");
    private static final String PAGE = """
            <html><body><p id=out>pending</p><script>
            const tries = ['http://169.254.169.254/latest/meta-data/', 'http://private.test/'];
            Promise.all(tries.map(u => fetch(u, {mode: 'no-cors'}).then(() => 'reached', () => 'blocked')))
              .then(r => { document.getElementById('out').textContent = r.join(' '); });
            </script></body></html>""";

    @Test
    void theBrowsersRequestsToInternalAddressesAreRefused() throws Exception {
        assumeTrue(CHROMIUM != null && !CHROMIUM.isBlank(), "SPINNERET_TEST_CHROMIUM is not set");
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", ex -> {
            byte[] b = PAGE.getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            ex.sendResponseHeaders(200, b.length);
            try (OutputStream o = ex.getResponseBody()) {
                o.write(b);
            }
        });
        server.start();
        NetworkBoundary boundary =
                NetworkBoundary.from(Settings.defaults().with("network_boundary", "public+loopback", "test"));
        BrowserOptions options =
                new BrowserOptions(CHROMIUM, 1, Set.of("image", "font"), "load", Duration.ofSeconds(15), boundary);
        try (BrowserDownloader d = new BrowserDownloader(options, Duration.ofSeconds(5))) {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
            Request page = Request.builder(url)
                    .renderer(Renderer.BROWSER)
                    .meta("wait_for", "#out:text-matches('blocked|reached')")
                    .build();
            Response r = d.download(page);
            assertEquals(200, r.status());
            assertEquals("blocked blocked", r.textOf("#out"));

            BlockedAddressException e = assertThrows(
                    BlockedAddressException.class,
                    () -> d.download(Request.builder("http://metadata.test/latest/")
                            .renderer(Renderer.BROWSER)
                            .build()));
            assertTrue(
                    e.getMessage().contains("metadata.test is 169.254.169.254, a link-local address"), e.getMessage());
        } finally {
            server.stop(0);
        }
    }
}
