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
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.zip.GZIPOutputStream;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import org.eclipse.jetty.alpn.server.ALPNServerConnectionFactory;
import org.eclipse.jetty.http2.server.HTTP2ServerConnectionFactory;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.junit.jupiter.api.Test;

/**
 * Direct {@code https://} goes through java.net.http (the socket client takes it only through a
 * proxy, under {@code network_boundary}, or for a URL java.net.URI would change): pages,
 * cookies and compressed bodies work as over http, HTTP/2 is used when the server offers it, and a
 * certificate nobody trusts fails with a reason. The servers' certificate is self-signed; the test
 * JVM trusts it alone (see {@code src/test/resources/tls/README.md}).
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
            assertEquals(
                    "session=42",
                    downloader.download(Request.of(base + "/me")).text(),
                    "the cookie set over TLS is sent back");

            Response gz = downloader.download(Request.of(base + "/gz"));
            assertEquals("over TLS", gz.textOf("h1"), "gzip decoded");
        } finally {
            server.stop(0);
        }
    }

    @Test
    void aServerOfferingHttp2IsSpokenToInHttp2() throws Exception {
        List<String> protocols = new CopyOnWriteArrayList<>();
        Server server = http2Server(protocols);
        try (HttpDownloader downloader = new HttpDownloader(Settings.defaults())) {
            String base = "https://127.0.0.1:" + ((ServerConnector) server.getConnectors()[0]).getLocalPort();
            for (String path : List.of("/page", "/gz")) {
                Response r = downloader.download(Request.of(base + path));
                assertEquals(200, r.status(), path);
                assertEquals("over TLS", r.textOf("h1"), path);
                assertEquals(
                        "text/html; charset=utf-8", r.header("content-type").orElseThrow(), path);
            }
            assertEquals(List.of("HTTP/2.0", "HTTP/2.0"), protocols);
        } finally {
            server.stop();
        }
    }

    @Test
    void aUrlJavaNetUriWouldChangeIsSentAsTheUrlStandardSerializesIt() throws Exception {
        List<String> lines = new CopyOnWriteArrayList<>();
        try (SSLServerSocket server = (SSLServerSocket) context("server.p12")
                        .getServerSocketFactory()
                        .createServerSocket(0, 10, InetAddress.getLoopbackAddress());
                HttpDownloader downloader = new HttpDownloader(Settings.defaults())) {
            Thread.ofVirtual().start(() -> {
                try (Socket s = server.accept()) {
                    BufferedReader in =
                            new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.ISO_8859_1));
                    lines.add(in.readLine());
                    for (String header = in.readLine(); header != null && !header.isEmpty(); header = in.readLine()) {}
                    RawServer.write(
                            s.getOutputStream(), "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok");
                } catch (IOException ignored) {
                    // the test fails on what it did not get
                }
            });
            Response r = downloader.download(
                    Request.of("https://127.0.0.1:" + server.getLocalPort() + "/w1/A|B/%%%?q={t}#a#b"));
            assertEquals("ok", r.text());
            assertEquals(
                    List.of("GET /w1/A|B/%%%?q={t} HTTP/1.1"),
                    lines,
                    "not java.net.http, which would send /w1/A%7CB/%25%25%25?q=%7Bt%7D: the socket client, the target as it is");
        }
    }

    /** Jetty with ALPN offering h2 and http/1.1; records the protocol of each request it answers. */
    private static Server http2Server(List<String> protocols) throws Exception {
        Server server = new Server();
        HttpConfiguration config = new HttpConfiguration();
        SecureRequestCustomizer secure = new SecureRequestCustomizer();
        secure.setSniHostCheck(false); // the client connects to 127.0.0.1, for which it sends no SNI
        config.addCustomizer(secure);
        HttpConnectionFactory http11 = new HttpConnectionFactory(config);
        HTTP2ServerConnectionFactory h2 = new HTTP2ServerConnectionFactory(config);
        ALPNServerConnectionFactory alpn = new ALPNServerConnectionFactory();
        alpn.setDefaultProtocol(http11.getProtocol());
        SslContextFactory.Server tls = new SslContextFactory.Server();
        tls.setKeyStorePath(
                Path.of(HttpsDownloadTest.class.getResource("/tls/server.p12").toURI())
                        .toString());
        tls.setKeyStorePassword("changeit");
        tls.setKeyStoreType("PKCS12");
        ServerConnector connector =
                new ServerConnector(server, new SslConnectionFactory(tls, alpn.getProtocol()), alpn, h2, http11);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(
                    org.eclipse.jetty.server.Request request,
                    org.eclipse.jetty.server.Response response,
                    Callback callback)
                    throws IOException {
                protocols.add(request.getConnectionMetaData().getProtocol());
                byte[] body = HTML.getBytes(StandardCharsets.UTF_8);
                if (request.getHttpURI().getPath().equals("/gz")) {
                    body = gzip(body);
                    response.getHeaders().put("Content-Encoding", "gzip");
                }
                response.getHeaders().put("Content-Type", "text/html; charset=utf-8");
                response.write(true, ByteBuffer.wrap(body), callback);
                return true;
            }
        });
        server.start();
        return server;
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

    /** A server-side TLS context with the certificate of {@code keystore}. */
    private static SSLContext context(String keystore) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = HttpsDownloadTest.class.getResourceAsStream("/tls/" + keystore)) {
            ks.load(in, "changeit".toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, "changeit".toCharArray());
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(kmf.getKeyManagers(), null, null);
        return tls;
    }

    static HttpsServer server(String keystore) throws Exception {
        SSLContext tls = context(keystore);
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
            ex.getResponseHeaders().add("Content-Encoding", "gzip");
            send(ex, gzip(HTML.getBytes(StandardCharsets.UTF_8)));
        });
        server.start();
        return server;
    }

    private static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(b)) {
            g.write(data);
        }
        return b.toByteArray();
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
