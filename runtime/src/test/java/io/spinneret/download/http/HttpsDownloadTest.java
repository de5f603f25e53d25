package io.spinneret.download.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.settings.Settings;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.KeyStore;
import java.util.zip.GZIPOutputStream;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Test;

/**
 * {@code https://} goes through java.net.http, the socket client being plain http only: pages,
 * cookies and compressed bodies work as over http, and a certificate nobody trusts fails with a
 * reason. The server's certificate is self-signed; the test JVM trusts it alone (see
 * {@code src/test/resources/tls/README.md}).
 */
class HttpsDownloadTest {
    private static final String HTML = "<html><body><h1>over TLS</h1></body></html>";

    @Test
    void httpsPagesCookiesAndCompressedBodiesWorkAsOverHttp() throws Exception {
        HttpsServer server = server("server.p12");
        try (HttpDownloader downloader = new HttpDownloader(Settings.defaults())) {
            String base = "https://127.0.0.1:" + server.getAddress().getPort();
            Response page = downloader.download(Request.of(base + "/page"));
            assertEquals(200, page.status());
            assertEquals("over TLS", page.textOf("h1"));
            assertEquals(base + "/page", page.url());

            downloader.download(Request.of(base + "/login"));
            assertEquals("session=42", downloader.download(Request.of(base + "/me")).text(), "the cookie set over TLS is sent back");

            Response gz = downloader.download(Request.of(base + "/gz"));
            assertEquals("over TLS", gz.textOf("h1"), "gzip decoded");
        } finally {
            server.stop(0);
        }
    }

    @Test
    void aCertificateNobodyTrustsFailsWithTheReason() throws Exception {
        HttpsServer server = server("untrusted.p12");
        try (HttpDownloader downloader = new HttpDownloader(Settings.defaults())) {
            String url = "https://127.0.0.1:" + server.getAddress().getPort() + "/page";
            IOException e = assertThrows(IOException.class, () -> downloader.download(Request.of(url)));
            assertTrue(e.getMessage().startsWith("TLS handshake failed ("), e.getMessage());
            assertTrue(e.getMessage().contains("PKIX"), e.getMessage());
            assertTrue(e.getMessage().endsWith(" for " + url), e.getMessage());
        } finally {
            server.stop(0);
        }
    }

    private static HttpsServer server(String keystore) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = HttpsDownloadTest.class.getResourceAsStream("/tls/" + keystore)) {
            ks.load(in, "changeit".toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, "changeit".toCharArray());
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(kmf.getKeyManagers(), null, null);
        HttpsServer server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(tls));
        server.createContext("/page", ex -> send(ex, HTML.getBytes(StandardCharsets.UTF_8)));
        server.createContext("/login", ex -> {
            ex.getResponseHeaders().add("Set-Cookie", "session=42; Path=/; Secure");
            send(ex, new byte[0]);
        });
        server.createContext("/me", ex -> {
            String cookie = ex.getRequestHeaders().getFirst("Cookie");
            send(ex, (cookie == null ? "" : cookie).getBytes(StandardCharsets.UTF_8));
        });
        server.createContext("/gz", ex -> {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            try (GZIPOutputStream g = new GZIPOutputStream(b)) {
                g.write(HTML.getBytes(StandardCharsets.UTF_8));
            }
            ex.getResponseHeaders().add("Content-Encoding", "gzip");
            send(ex, b.toByteArray());
        });
        server.start();
        return server;
    }

    private static void send(HttpExchange ex, byte[] body) throws IOException {
        ex.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
        ex.sendResponseHeaders(200, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream o = ex.getResponseBody()) {
                o.write(body);
            }
        }
        ex.close();
    }
}
