package io.spinneret.download.http;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.download.guard.NetworkBoundary;
import io.spinneret.spi.Exchange;
import io.spinneret.spi.ExchangeListener;
import io.spinneret.url.HttpUrl;
import io.spinneret.url.WireUri;
import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.CookieHandler;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The fast path of {@link HttpDownloader} for plain {@code http://}, and its path for every request
 * through a proxy and (with {@code network_boundary} on) for {@code https://}: HTTP/1.1 on
 * blocking sockets (TLS by {@link Tls}), run on the calling (virtual) thread, with a keep-alive
 * {@link ConnectionPool}.
 * It skips {@link java.net.http.HttpClient}'s selector thread and future chains, which cost a
 * third of a crawl's CPU, and behaves as HttpDownloader does: same headers sent, same response
 * headers (lower-case names, case-insensitive map), same decoding, limits, cookie jar, exception
 * types and messages.
 *
 * <p>A pooled connection the server closed while idle fails on first use; the request is then
 * sent again once on a fresh connection, but only for idempotent methods and only if the server
 * sent nothing back. A non-idempotent request only reuses a connection idle for under a second.
 */
final class SocketHttpClient implements AutoCloseable {
    private static final Set<String> IDEMPOTENT = Set.of("GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE");
    private static final long FRESH_NANOS = 1_000_000_000L;

    private final Duration connectTimeout;
    private final Duration downloadTimeout;
    private final long maxBodySize;
    private final String defaultUserAgent;
    private final CookieJars cookies;
    private final ConnectionPool pool;
    private final DeadlineWatchdog watchdog = new DeadlineWatchdog();
    private final NetworkBoundary boundary;
    private final @Nullable ExchangeListener exchanges;

    SocketHttpClient(
            Duration connectTimeout,
            Duration downloadTimeout,
            long maxBodySize,
            String defaultUserAgent,
            CookieJars cookies,
            ConnectionPool pool,
            NetworkBoundary boundary,
            @Nullable ExchangeListener exchanges) {
        this.boundary = boundary;
        this.connectTimeout = connectTimeout;
        this.downloadTimeout = downloadTimeout;
        this.maxBodySize = maxBodySize;
        this.defaultUserAgent = defaultUserAgent;
        this.cookies = cookies;
        this.pool = pool;
        this.exchanges = exchanges;
    }

    /**
     * Downloads {@code request} ({@code target} is its URL as the URL parser read it, whose path and
     * query are the request target as they are), directly or through
     * {@code proxy}: plain http through a proxy in absolute form with the proxy's credentials in
     * {@code Proxy-Authorization}; https through a {@code CONNECT} tunnel that carries them, then
     * TLS to the origin.
     */
    Response download(Request request, HttpUrl target, @Nullable ProxyRoute proxy)
            throws IOException, InterruptedException {
        String url = request.url();
        long deadline = System.nanoTime() + Math.min(downloadTimeout.toNanos(), Long.MAX_VALUE / 4);
        String host = target.host();
        boolean https = target.scheme().equals("https");
        int defaultPort = https ? 443 : 80;
        int port = target.portOrDefault();
        String authority = port == defaultPort ? host : host + ":" + port;
        Origin origin = new Origin(https, host, port, authority, proxy);
        String key = origin.key();
        String method = request.method().toUpperCase(Locale.ROOT);
        byte[] body = request.body() == null ? new byte[0] : request.body();
        boolean absolute = proxy != null && !https;
        CookieHandler jar = cookies.jarFor(request);
        CookieUri uri = new CookieUri(target);
        byte[] head = RequestHead.encode(
                request,
                target.pathAndQuery(),
                method,
                body.length,
                authority,
                defaultUserAgent,
                cookieHeader(uri, jar),
                absolute ? (https ? "https://" : "http://") + authority : null,
                absolute ? proxy.authorization() : null);
        boolean idempotent = IDEMPOTENT.contains(method);
        SocketConnection c = pool.acquire(key, idempotent ? Long.MAX_VALUE : FRESH_NANOS);
        ResponseReader.Raw raw;
        Instant sent = exchanges == null ? null : Instant.now();
        while (true) {
            boolean reused = c != null;
            if (c == null) {
                try {
                    c = connect(origin, deadline, url);
                } catch (IOException e) {
                    if (Thread.interrupted()) throw new InterruptedException("download of " + url + " interrupted");
                    throw translate(e, url);
                }
            }
            c.begin(deadline);
            try {
                c.send(head, body);
                raw = exchange(c, uri, method, url, jar); // the connection is back in the pool or closed
                break;
            } catch (IOException e) {
                c.close();
                if (Thread.interrupted()) throw new InterruptedException("download of " + url + " interrupted");
                if (reused && idempotent && !c.answered() && !(e instanceof SocketTimeoutException)) {
                    c = null; // the server had closed the idle connection: once more on a fresh one
                    continue;
                }
                throw translate(e, url);
            } catch (RuntimeException | Error e) {
                c.close();
                throw e;
            }
        }
        if (exchanges != null && sent != null) {
            Exchanges.report(
                    exchanges,
                    new Exchange(
                            sent,
                            method,
                            url,
                            "HTTP/1.1",
                            Exchanges.ofHead(head),
                            body,
                            raw.head().status(),
                            Exchanges.reason(raw.head().statusLine()),
                            Exchanges.of(raw.head().headers()),
                            raw.body(),
                            c.remoteAddress(),
                            raw.head().raw()));
        }
        // decoded only now: a failure here must not close a connection another request may hold
        byte[] bytes = raw.body();
        List<String> ce = raw.head().headers().get("content-encoding");
        if (ce != null && !ce.isEmpty() && !ce.get(0).isEmpty())
            bytes = ContentDecoder.decode(ce.get(0), bytes, maxBodySize, url);
        return new Response(request, url, raw.head().status(), raw.head().headers(), bytes);
    }

    private ResponseReader.Raw exchange(
            SocketConnection c, CookieUri uri, String method, String url, @Nullable CookieHandler jar)
            throws IOException {
        ResponseReader.Raw raw = ResponseReader.read(c, method, maxBodySize, url, h -> {
            if (jar != null && CookieJar.setsCookies(h.headers())) jar.put(uri.get(), h.headers());
        });
        if (c.finish() && raw.reusable()) pool.release(c);
        else c.close();
        return raw;
    }

    private static @Nullable String cookieHeader(CookieUri uri, @Nullable CookieHandler jar) throws IOException {
        if (jar == null || jar instanceof CookieJar j && j.isEmpty()) return null;
        Map<String, List<String>> found = jar.get(uri.get(), Map.of());
        List<String> values = found.get("Cookie");
        return values == null || values.isEmpty() ? null : String.join("; ", values);
    }

    /**
     * The request's URL as the {@link URI} a cookie jar takes, made on first use: most exchanges
     * send no cookie and receive none, and never need it.
     */
    private static final class CookieUri {
        private final HttpUrl target;
        private @Nullable URI uri;

        CookieUri(HttpUrl target) {
            this.target = target;
        }

        URI get() {
            if (uri == null) uri = WireUri.of(target.hrefWithoutFragment());
            return uri;
        }
    }

    /** Where a connection goes: the origin, and the proxy on the way if any. */
    private record Origin(
            boolean https,
            String host,
            int port,
            String authority,
            @Nullable ProxyRoute proxy) {
        String key() {
            return (https ? "https://" : "http://") + host + ":" + port
                    + (proxy == null ? "" : " via " + proxy.address());
        }
    }

    private SocketConnection connect(Origin o, long deadline, String url) throws IOException {
        long left = deadline - System.nanoTime();
        if (left <= 0)
            throw new HttpTimeoutException(
                    "download of " + url + " timed out after " + HttpDownloader.seconds(downloadTimeout));
        boolean connectBound = connectTimeout.toNanos() <= left;
        int ms = (int) Math.max(1, Math.min(Integer.MAX_VALUE, Math.min(connectTimeout.toNanos(), left) / 1_000_000));
        InetSocketAddress to = o.proxy() != null
                ? new InetSocketAddress(o.proxy().host(), o.proxy().port())
                : address(o.host(), o.port(), url);
        Socket s = new Socket();
        try {
            s.setTcpNoDelay(true);
            s.connect(to, ms);
            if (o.https() && o.proxy() != null) tunnel(s, o, deadline, url);
            int handshakeMs =
                    (int) Math.max(1, Math.min(Integer.MAX_VALUE, (deadline - System.nanoTime()) / 1_000_000));
            Socket wire = o.https() ? Tls.handshake(s, o.host(), o.port(), handshakeMs) : s;
            return new SocketConnection(o.key(), wire, watchdog);
        } catch (SocketTimeoutException e) {
            s.close();
            if (connectBound && !s.isConnected()) {
                throw new HttpConnectTimeoutException(
                        "connecting for " + url + " timed out after " + HttpDownloader.seconds(connectTimeout));
            }
            throw new HttpTimeoutException(
                    "download of " + url + " timed out after " + HttpDownloader.seconds(downloadTimeout));
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
    }

    /**
     * The origin's address, resolved here (through the JVM's resolver, so the first address it
     * gives) and checked against the network boundary before anything connects to it: the address
     * checked is the address connected to.
     */
    private InetSocketAddress address(String host, int port, String url) throws IOException {
        InetAddress a = InetAddress.getByName(host);
        boundary.check(host, a, url);
        return new InetSocketAddress(a, port);
    }

    /** Asks the proxy for a tunnel to the origin ({@code CONNECT}, with the proxy's credentials). */
    private void tunnel(Socket s, Origin o, long deadline, String url) throws IOException {
        String target = o.host() + ":" + o.port();
        StringBuilder connect = new StringBuilder("CONNECT ")
                .append(target)
                .append(" HTTP/1.1\r\nHost: ")
                .append(target)
                .append("\r\n");
        if (o.proxy().authorization() != null)
            connect.append("Proxy-Authorization: ")
                    .append(o.proxy().authorization())
                    .append("\r\n");
        connect.append("\r\n");
        SocketConnection c = new SocketConnection(o.key(), s.getInputStream(), s.getOutputStream(), watchdog);
        c.begin(deadline);
        try {
            c.send(connect.toString().getBytes(StandardCharsets.ISO_8859_1), new byte[0]);
            ResponseReader.Head h = ResponseReader.readHead(c, url);
            if (h.status() != 200) {
                throw new IOException("proxy " + o.proxy() + " refused the tunnel to " + target + " with HTTP "
                        + h.status() + " for " + url);
            }
        } finally {
            c.finish();
        }
    }

    private IOException translate(IOException e, String url) {
        if (e instanceof HttpTimeoutException) return e;
        if (e instanceof SocketTimeoutException) {
            return new HttpTimeoutException(
                    "download of " + url + " timed out after " + HttpDownloader.seconds(downloadTimeout));
        }
        if (e.getMessage() != null && e.getMessage().contains(url)) return e;
        if (e instanceof EOFException) return new IOException(e.getMessage() + " for " + url, e);
        if (e instanceof SocketException && !(e instanceof ConnectException)) {
            return new IOException("connection lost (" + HttpDownloader.describe(e) + ") for " + url, e);
        }
        return new IOException(HttpDownloader.describe(e) + " for " + url, e);
    }

    @Override
    public void close() {
        pool.close();
        watchdog.close();
    }
}
