package io.spinneret.download.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Request;
import io.spinneret.download.guard.BlockedAddressException;
import io.spinneret.settings.Settings;
import io.spinneret.testing.TestHostsResolver;
import io.spinneret.testing.TestSite;
import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code network_boundary} over real TCP: host names that {@link TestHostsResolver} (the JDK's
 * resolver SPI) maps to internal addresses are refused after resolution, before any connection,
 * on both clients and for https; {@code loopback.test} (127.0.0.1) reaches the local test site
 * unless loopback is refused too. Nothing here connects to a non-loopback address.
 */
class NetworkBoundaryDownloadTest {
    private TestSite site;

    @BeforeEach
    void start() throws IOException {
        site = TestSite.books(1);
    }

    @AfterEach
    void stop() {
        site.close();
    }

    private static HttpDownloader downloader(String... kv) {
        Settings s = Settings.defaults();
        for (int i = 0; i < kv.length; i += 2) s = s.with(kv[i], kv[i + 1], "test");
        return new HttpDownloader(s);
    }

    private String viaName(String host, String path) {
        return site.url(path).replace("127.0.0.1", host);
    }

    @Test
    void byDefaultNothingIsRefusedAndTheResolverIsTheOneConnectedThrough() throws Exception {
        try (HttpDownloader d = downloader()) {
            assertEquals(
                    "Book 2",
                    d.download(Request.of(viaName("loopback.test", "/book/2"))).textOf("h1"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"auto", "jdk"})
    void namesResolvingToInternalAddressesAreRefused(String client) throws Exception {
        try (HttpDownloader d = downloader("network_boundary", "public+loopback", "http_client", client)) {
            assertEquals(
                    200,
                    d.download(Request.of(viaName("loopback.test", "/book/1"))).status(),
                    "loopback is let through");
            for (String host :
                    new String[] {"metadata.test", "private.test", "ula.test", "multicast.test", "mapped.test"}) {
                for (String scheme : new String[] {"http", "https"}) {
                    String url = scheme + "://" + host + "/latest/meta-data/";
                    BlockedAddressException e =
                            assertThrows(BlockedAddressException.class, () -> d.download(Request.of(url)), url);
                    assertTrue(
                            e.getMessage().startsWith("refused by network_boundary: " + host + " is "), e.getMessage());
                    assertTrue(e.getMessage().endsWith("for " + url), e.getMessage());
                }
            }
            BlockedAddressException literal = assertThrows(
                    BlockedAddressException.class,
                    () -> d.download(Request.of("http://169.254.169.254/latest/meta-data/")));
            assertTrue(literal.getMessage().contains("169.254.169.254, a link-local address"), literal.getMessage());
        }
    }

    @Test
    void publicRefusesLoopbackToo() throws Exception {
        try (HttpDownloader d = downloader("network_boundary", "public")) {
            for (String url :
                    new String[] {viaName("loopback.test", "/book/1"), site.url("/book/1"), viaName("[::1]", "/")}) {
                IOException e = assertThrows(BlockedAddressException.class, () -> d.download(Request.of(url)), url);
                assertTrue(e.getMessage().contains("a loopback address"), e.getMessage());
            }
        }
        assertEquals(0, site.hits("/book/1"), "nothing reached the site");
    }
}
