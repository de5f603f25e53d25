package io.spinneret.download.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpsServer;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.settings.Settings;
import io.spinneret.testing.TestSite;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Proxy credentials in the proxy URL ({@code http://user:pass@host:port}) become Basic
 * {@code Proxy-Authorization} on plain requests and on the {@code CONNECT} of https ones, as curl
 * sends them, over real TCP through a proxy that refuses requests without them; they never appear
 * in an error message.
 */
class ProxyAuthTest {
    private static final String USER = "alice";
    private static final String PASSWORD = "s3cr+t:pa%ss";
    /** What curl sends for {@code -x http://alice:s3cr%2Bt%3Apa%25ss@proxy}: Basic base64("alice:s3cr+t:pa%ss"). */
    private static final String BASIC =
            "Basic " + Base64.getEncoder().encodeToString((USER + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8));

    private static final String USERINFO = "alice:s3cr%2Bt%3Apa%25ss";

    private TestSite site;
    private AuthProxy proxy;
    private HttpDownloader downloader;

    @BeforeEach
    void start() throws IOException {
        site = TestSite.books(1);
        proxy = new AuthProxy(BASIC);
        downloader = new HttpDownloader(Settings.defaults());
    }

    @AfterEach
    void stop() throws IOException {
        downloader.close();
        proxy.close();
        site.close();
    }

    private String proxyUrl(String userinfo) {
        return "http://" + userinfo + "127.0.0.1:" + proxy.port();
    }

    @Test
    void plainHttpThroughTheProxyCarriesTheCredentials() throws Exception {
        Response r = downloader.download(Request.builder(site.url("/book/1"))
                .meta("proxy", proxyUrl(USERINFO + "@"))
                .build());
        assertEquals(200, r.status());
        assertEquals("Book 1", r.textOf("h1"));
        assertEquals(List.of(BASIC), proxy.authorizations);
        assertTrue(
                proxy.requestLines.get(0).startsWith("GET " + site.url("/book/1") + " HTTP/1.1"),
                proxy.requestLines.toString());
    }

    @Test
    void httpsThroughTheProxyCarriesTheCredentialsOnConnect() throws Exception {
        HttpsServer origin = HttpsDownloadTest.server("server.p12");
        try {
            String url = "https://127.0.0.1:" + origin.getAddress().getPort() + "/page";
            Response r = downloader.download(
                    Request.builder(url).meta("proxy", proxyUrl(USERINFO + "@")).build());
            assertEquals(200, r.status());
            assertEquals("over TLS", r.textOf("h1"));
            assertEquals(List.of(BASIC), proxy.authorizations);
            assertEquals("CONNECT 127.0.0.1:" + origin.getAddress().getPort() + " HTTP/1.1", proxy.requestLines.get(0));
        } finally {
            origin.stop(0);
        }
    }

    @Test
    void withoutCredentialsTheProxyAnswers407AndNoMessageShowsThePassword() throws Exception {
        Response r = downloader.download(
                Request.builder(site.url("/book/1")).meta("proxy", proxyUrl("")).build());
        assertEquals(407, r.status(), "a plain request gets the proxy's answer");
        assertEquals(List.of("none"), proxy.authorizations);

        HttpsServer origin = HttpsDownloadTest.server("server.p12");
        try {
            String url = "https://127.0.0.1:" + origin.getAddress().getPort() + "/page";
            String wrong = proxyUrl("alice:wrong-" + "s3cret@");
            IOException e = assertThrows(
                    IOException.class,
                    () -> downloader.download(
                            Request.builder(url).meta("proxy", wrong).build()));
            assertTrue(
                    e.getMessage().contains("refused the tunnel")
                            && e.getMessage().contains("407"),
                    e.getMessage());
            assertTrue(e.getMessage().contains("http://127.0.0.1:" + proxy.port()), e.getMessage());
            assertFalse(e.getMessage().contains("s3cret") || e.getMessage().contains("alice"), e.getMessage());
        } finally {
            origin.stop(0);
        }
        IOException bad = assertThrows(
                IOException.class,
                () -> downloader.download(Request.builder(site.url("/"))
                        .meta("proxy", "ftp://bob:hunter2@127.0.0.1:1")
                        .build()));
        assertFalse(bad.getMessage().contains("hunter2") || bad.getMessage().contains("bob"), bad.getMessage());
    }

    @Test
    void theJdkClientSendsTheCredentialsOnPlainHttp() throws Exception {
        try (HttpDownloader jdk = new HttpDownloader(Settings.defaults().with("http_client", "jdk", "test"))) {
            Response r = jdk.download(Request.builder(site.url("/book/1"))
                    .meta("proxy", proxyUrl(USERINFO + "@"))
                    .build());
            assertEquals(200, r.status());
            assertEquals(List.of(BASIC), proxy.authorizations);
        }
    }
}
