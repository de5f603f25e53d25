package io.spinneret.download.http;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.spi.Exchange;
import io.spinneret.spi.ExchangeListener;
import java.io.EOFException;
import java.io.IOException;
import java.net.CookieHandler;
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
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * The fast path of {@link HttpDownloader} for plain {@code http://} without a proxy: HTTP/1.1 on
 * blocking sockets, run on the calling (virtual) thread, with a keep-alive {@link ConnectionPool}.
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
    private static final int MAX_HEADERS = 500;

    private final Duration connectTimeout;
    private final Duration downloadTimeout;
    private final long maxBodySize;
    private final String defaultUserAgent;
    private final @Nullable CookieHandler cookies;
    private final ConnectionPool pool;
    private final DeadlineWatchdog watchdog = new DeadlineWatchdog();
    private final @Nullable ExchangeListener exchanges;

    SocketHttpClient(Duration connectTimeout, Duration downloadTimeout, long maxBodySize, String defaultUserAgent,
            @Nullable CookieHandler cookies, ConnectionPool pool, @Nullable ExchangeListener exchanges) {
        this.connectTimeout = connectTimeout;
        this.downloadTimeout = downloadTimeout;
        this.maxBodySize = maxBodySize;
        this.defaultUserAgent = defaultUserAgent;
        this.cookies = cookies;
        this.pool = pool;
        this.exchanges = exchanges;
    }

    private record Head(int status, SortedMap<String, List<String>> headers, boolean keepAlive, String statusLine) {}

    /** A response read off the wire, its body still encoded; {@code remote} only when exchanges are reported. */
    private record Raw(Head head, byte[] body, @Nullable String remote) {}

    Response download(Request request, URI uri) throws IOException, InterruptedException {
        String url = request.url();
        long deadline = System.nanoTime() + Math.min(downloadTimeout.toNanos(), Long.MAX_VALUE / 4);
        String host = uri.getHost();
        if (host == null) throw new IOException("no host in URL " + url);
        int port = uri.getPort() < 0 ? 80 : uri.getPort();
        String key = host + ":" + port;
        String method = request.method().toUpperCase(Locale.ROOT);
        byte[] body = request.body() == null ? new byte[0] : request.body();
        byte[] head = RequestHead.encode(request, uri, method, body.length, port == 80 ? host : key,
                defaultUserAgent, cookieHeader(uri, request));
        boolean idempotent = IDEMPOTENT.contains(method);
        SocketConnection c = pool.acquire(key, idempotent ? Long.MAX_VALUE : FRESH_NANOS);
        Raw raw;
        Instant sent = exchanges == null ? null : Instant.now();
        while (true) {
            boolean reused = c != null;
            if (c == null) {
                try {
                    c = connect(key, host, port, deadline, url);
                } catch (IOException e) {
                    if (Thread.interrupted()) throw new InterruptedException("download of " + url + " interrupted");
                    throw translate(e, url);
                }
            }
            c.begin(deadline);
            try {
                c.send(head, body);
                raw = exchange(c, uri, method, url); // the connection is back in the pool or closed
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
            Exchanges.report(exchanges, new Exchange(sent, method, url, "HTTP/1.1", Exchanges.ofHead(head), body,
                    raw.head().status(), Exchanges.reason(raw.head().statusLine()), Exchanges.of(raw.head().headers()),
                    raw.body(), raw.remote()));
        }
        // decoded only now: a failure here must not close a connection another request may hold
        byte[] bytes = raw.body();
        List<String> ce = raw.head().headers().get("content-encoding");
        if (ce != null && !ce.isEmpty() && !ce.get(0).isEmpty()) bytes = ContentDecoder.decode(ce.get(0), bytes, maxBodySize, url);
        return new Response(request, url, raw.head().status(), raw.head().headers(), bytes);
    }

    private Raw exchange(SocketConnection c, URI uri, String method, String url) throws IOException {
        Head h = readHead(c, url);
        if (cookies != null) cookies.put(uri, h.headers());
        boolean noBody = method.equals("HEAD") || h.status() == 204 || h.status() == 304 || h.status() < 200;
        byte[] bytes;
        boolean reusable = h.keepAlive() && h.status() != 101; // 101: the connection now speaks another protocol
        List<String> te = h.headers().get("transfer-encoding");
        if (noBody) {
            bytes = new byte[0];
        } else if (te != null && isChunked(te)) {
            bytes = BodyReader.chunked(c, maxBodySize, url);
        } else if (te != null) {
            // a transfer coding other than chunked last: the body runs to the end of the connection
            bytes = BodyReader.toClose(c, maxBodySize, url);
            reusable = false;
        } else {
            long length = contentLength(h.headers(), url);
            if (length >= 0) {
                bytes = BodyReader.fixed(c, length, maxBodySize, url);
            } else {
                bytes = BodyReader.toClose(c, maxBodySize, url);
                reusable = false;
            }
        }
        if (c.finish() && reusable) pool.release(c); else c.close();
        return new Raw(h, bytes, exchanges == null ? null : c.remoteAddress());
    }

    private static Head readHead(SocketConnection c, String url) throws IOException {
        while (true) {
            String status = c.readLine();
            if (status == null) throw new EOFException("connection closed by the server before the response");
            if (!status.startsWith("HTTP/1.") || status.length() < 12 || status.charAt(8) != ' ') {
                throw new IOException("malformed status line '" + abbreviate(status) + "' from " + url);
            }
            int code;
            try {
                code = Integer.parseInt(status.substring(9, 12));
            } catch (NumberFormatException e) {
                throw new IOException("malformed status line '" + abbreviate(status) + "' from " + url);
            }
            boolean http10 = status.charAt(7) == '0';
            TreeMap<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            int count = 0;
            for (String line; !(line = c.readLine()).isEmpty(); ) {
                if (++count > MAX_HEADERS) throw new IOException("more than " + MAX_HEADERS + " response headers from " + url);
                int colon = line.indexOf(':');
                if (colon <= 0) throw new IOException("malformed header line '" + abbreviate(line) + "' from " + url);
                String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
                String value = line.substring(colon + 1).trim();
                headers.computeIfAbsent(name, k -> new ArrayList<>(1)).add(value);
            }
            if (code >= 100 && code < 200 && code != 101) continue; // interim response: the real one follows
            headers.replaceAll((k, v) -> Collections.unmodifiableList(v));
            boolean keepAlive = !hasToken(headers.get("connection"), "close")
                    && (!http10 || hasToken(headers.get("connection"), "keep-alive"));
            return new Head(code, Collections.unmodifiableSortedMap(headers), keepAlive, status);
        }
    }

    /** True if {@code chunked} is the last transfer coding (RFC 9112 6.3). */
    private static boolean isChunked(List<String> te) {
        String last = te.get(te.size() - 1);
        int comma = last.lastIndexOf(',');
        return last.substring(comma + 1).trim().equalsIgnoreCase("chunked");
    }

    private static long contentLength(Map<String, List<String>> headers, String url) throws IOException {
        List<String> cl = headers.get("content-length");
        if (cl == null || cl.isEmpty()) return -1;
        long length = -1;
        for (String v : cl) {
            long n;
            try {
                n = Long.parseLong(v.trim());
            } catch (NumberFormatException e) {
                throw new IOException("bad Content-Length '" + v + "' from " + url);
            }
            if (n < 0 || (length >= 0 && n != length)) throw new IOException("bad Content-Length " + cl + " from " + url);
            length = n;
        }
        return length;
    }

    private static boolean hasToken(@Nullable List<String> values, String token) {
        if (values == null) return false;
        for (String v : values) {
            for (String t : v.split(",")) if (t.trim().equalsIgnoreCase(token)) return true;
        }
        return false;
    }

    private @Nullable String cookieHeader(URI uri, Request request) throws IOException {
        if (cookies == null) return null;
        Map<String, List<String>> found = cookies.get(uri, Map.of());
        List<String> values = found.get("Cookie");
        return values == null || values.isEmpty() ? null : String.join("; ", values);
    }

    private SocketConnection connect(String key, String host, int port, long deadline, String url) throws IOException {
        long left = deadline - System.nanoTime();
        if (left <= 0) throw new HttpTimeoutException("download of " + url + " timed out after " + HttpDownloader.seconds(downloadTimeout));
        boolean connectBound = connectTimeout.toNanos() <= left;
        int ms = (int) Math.max(1, Math.min(Integer.MAX_VALUE, Math.min(connectTimeout.toNanos(), left) / 1_000_000));
        Socket s = new Socket();
        try {
            s.setTcpNoDelay(true);
            s.connect(new InetSocketAddress(host, port), ms);
            return new SocketConnection(key, s, watchdog);
        } catch (SocketTimeoutException e) {
            s.close();
            if (connectBound) {
                throw new HttpConnectTimeoutException("connecting for " + url + " timed out after " + HttpDownloader.seconds(connectTimeout));
            }
            throw new HttpTimeoutException("download of " + url + " timed out after " + HttpDownloader.seconds(downloadTimeout));
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
    }

    private IOException translate(IOException e, String url) {
        if (e instanceof HttpTimeoutException) return e;
        if (e instanceof SocketTimeoutException) {
            return new HttpTimeoutException("download of " + url + " timed out after " + HttpDownloader.seconds(downloadTimeout));
        }
        if (e.getMessage() != null && e.getMessage().contains(url)) return e;
        if (e instanceof EOFException) return new IOException(e.getMessage() + " for " + url, e);
        if (e instanceof SocketException && !(e instanceof java.net.ConnectException)) {
            return new IOException("connection lost (" + HttpDownloader.describe(e) + ") for " + url, e);
        }
        return new IOException(HttpDownloader.describe(e) + " for " + url, e);
    }

    private static String abbreviate(String s) {
        return s.length() <= 80 ? s : s.substring(0, 80) + "...";
    }

    @Override
    public void close() {
        pool.close();
        watchdog.close();
    }
}
