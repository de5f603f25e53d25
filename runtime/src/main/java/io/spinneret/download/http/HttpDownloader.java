package io.spinneret.download.http;

import io.spinneret.annotations.Setting;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.download.guard.NetworkBoundary;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Downloader;
import io.spinneret.spi.Exchange;
import io.spinneret.spi.ExchangeListener;
import io.spinneret.url.AbsoluteUrl;
import io.spinneret.url.HttpUrl;
import io.spinneret.url.WireUri;
import java.io.IOException;
import java.net.ConnectException;
import java.net.CookieHandler;
import java.net.CookieManager;
import java.net.InetSocketAddress;
import java.net.MalformedURLException;
import java.net.ProxySelector;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLHandshakeException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Downloads over HTTP(S) with {@link HttpClient}: pooled keep-alive connections, HTTP/2 over TLS
 * where the server offers it (plain {@code http://} stays on HTTP/1.1, avoiding the h2c upgrade
 * dance), gzip/deflate decoding, cookies per crawl, and a per-request proxy.
 *
 * <p>Redirects are never followed here (the engine follows them, so each hop is deduplicated and
 * passes through the middleware). Limits, from the settings: {@code connect_timeout} for the TCP
 * (and TLS) connection, {@code download_timeout} for the whole exchange (headers and body),
 * {@code max_body_size} enforced while the body streams in and again while it is decompressed.
 *
 * <p>Request meta {@code proxy} ({@code http://[user:pass@]host:port}) sends that request through
 * an HTTP proxy, with Basic {@code Proxy-Authorization} from the credentials (on plain requests
 * and on the {@code CONNECT} of https ones); the credentials appear in no message or log.
 *
 * <p>Plain {@code http://}, every proxied request, an {@code https://} URL whose path or query
 * {@code java.net.URI} would re-encode ({@code /%%%}, {@code |}), and (with {@code network_boundary}
 * on) every {@code https://} skip HttpClient (whose selector thread and future chains cost about a third of
 * a crawl's CPU) for {@link SocketHttpClient}, blocking HTTP/1.1 on the calling thread with its
 * own keep-alive pool and the same cookie jar, headers, limits and errors; {@code http_client = jdk}
 * turns that off (HttpClient then drops Basic credentials from an https {@code CONNECT}, and checks
 * the boundary on the addresses it will resolve rather than on the one it connects to). Thread-safe; {@link #download} blocks the calling (virtual) thread.
 */
public final class HttpDownloader implements Downloader {
    private static final Logger LOG = LoggerFactory.getLogger(HttpDownloader.class);
    /** Headers HttpClient sets itself and refuses from callers. */
    static final Set<String> RESTRICTED = Set.of("connection", "content-length", "expect", "host", "upgrade");

    static final String DEFAULT_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
    private static final String NO_PROXY = "";
    /** Idle keep-alive connections kept per host:port by the socket path. */
    private static final int MAX_IDLE_PER_HOST = 256;
    /** How long an idle connection is kept (java.net.http's default keep-alive timeout). */
    private static final Duration KEEP_ALIVE = Duration.ofSeconds(30);

    private final Duration connectTimeout;
    private final Duration downloadTimeout;
    private final long maxBodySize;
    private final String defaultUserAgent;
    private final @Nullable CookieHandler cookies;
    private final CookieJars jars;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final ConcurrentHashMap<String, HttpClient> clients = new ConcurrentHashMap<>();
    /** The socket fast path for plain http without a proxy; null with {@code http_client = jdk}. */
    private final @Nullable SocketHttpClient plain;

    private final @Nullable ExchangeListener exchanges;
    private final NetworkBoundary boundary;

    public HttpDownloader(Settings settings) {
        this(settings, newCookieJar(settings));
    }

    /**
     * @param cookies the crawl's cookie jar (shared with the browser downloader), or null for
     *     none; see {@link #newCookieJar}
     */
    public HttpDownloader(Settings settings, @Nullable CookieManager cookies) {
        this(settings, cookies, null);
    }

    /**
     * @param exchanges told of every exchange, its response body as received (see {@link Exchange}),
     *     or null
     */
    public HttpDownloader(Settings settings, @Nullable CookieManager cookies, @Nullable ExchangeListener exchanges) {
        this(settings, new CookieJars(cookies), exchanges);
    }

    /**
     * @param jars the crawl's cookie jars (shared with the browser downloader): each request takes
     *     the one it names ({@link Request#cookieJar()}), else the crawl's own
     */
    public HttpDownloader(Settings settings, CookieJars jars, @Nullable ExchangeListener exchanges) {
        this.exchanges = exchanges;
        this.connectTimeout = positive(settings.getDuration(Setting.CONNECT_TIMEOUT));
        this.downloadTimeout = positive(settings.getDuration(Setting.DOWNLOAD_TIMEOUT));
        this.maxBodySize = Math.max(0, settings.getLong(Setting.MAX_BODY_SIZE));
        List<String> agents = settings.getList(Setting.USER_AGENTS);
        this.defaultUserAgent = agents.isEmpty() ? "Spinneret/0.1" : agents.get(0);
        this.jars = jars;
        this.cookies = jars.crawl();
        this.boundary = NetworkBoundary.from(settings);
        this.plain = settings.getChoice(Setting.HTTP_CLIENT).equals("jdk")
                ? null
                : new SocketHttpClient(
                        connectTimeout,
                        downloadTimeout,
                        maxBodySize,
                        defaultUserAgent,
                        jars,
                        new ConnectionPool(MAX_IDLE_PER_HOST, KEEP_ALIVE.toNanos()),
                        boundary,
                        exchanges);
    }

    /** A crawl's cookie jar: a new one, or null when {@code cookies_enabled} is false. */
    public static @Nullable CookieManager newCookieJar(Settings settings) {
        return settings.getBoolean(Setting.COOKIES_ENABLED) ? new CookieJar() : null;
    }

    /** The cookie jar of this crawl, or null when {@code cookies_enabled} is false. */
    public @Nullable CookieHandler cookies() {
        return cookies;
    }

    @Override
    public Response download(Request request) throws IOException, InterruptedException {
        HttpUrl target;
        try {
            target = AbsoluteUrl.parse(request.url());
        } catch (IllegalArgumentException e) {
            throw new MalformedURLException(e.getMessage());
        }
        String scheme = target.scheme();
        Object proxyMeta = request.meta().get("proxy");
        ProxyRoute proxy = proxyMeta == null ? null : ProxyRoute.parse(proxyMeta.toString());
        if (plain != null && (scheme.equals("http") || proxy != null || boundary.active())) {
            return plain.download(request, target, proxy);
        }
        // what java.net.http and the cookie jar take: the characters URI refuses percent-encoded
        URI uri = WireUri.of(target.hrefWithoutFragment());
        // sent as the URL parser serialized it: a request target URI would change (/%%%, a host
        // with '_') goes through the socket client, which sends the path and query as they are
        boolean uriChangesIt = uri.getHost() == null || !uri.toString().equals(target.hrefWithoutFragment());
        if (plain != null && uriChangesIt) return plain.download(request, target, proxy);
        // java.net.http resolves the host itself: check every address it may get (the JVM caches
        // lookups, networkaddress.cache.ttl, so it gets these); http_client = auto checks the very
        // address it connects to
        if (proxy == null) boundary.checkAll(uri.getHost(), request.url());

        // no HttpRequest.timeout: it registers a timer with the client's selector thread per request;
        // the deadline on the future below covers the whole exchange, headers and body
        HttpRequest.Builder b = HttpRequest.newBuilder(uri);
        if (scheme.equals("http")) b.version(HttpClient.Version.HTTP_1_1);
        boolean ua = false, accept = false, encoding = false;
        for (Map.Entry<String, String> h : request.headers().entrySet()) {
            String name = h.getKey().toLowerCase(Locale.ROOT);
            if (RESTRICTED.contains(name)) {
                LOG.debug("header {} is set by the HTTP client; ignored for {}", h.getKey(), request.url());
                continue;
            }
            ua |= name.equals("user-agent");
            accept |= name.equals("accept");
            encoding |= name.equals("accept-encoding");
            b.setHeader(h.getKey(), h.getValue());
        }
        if (!ua) b.setHeader("User-Agent", defaultUserAgent);
        if (!accept) b.setHeader("Accept", DEFAULT_ACCEPT);
        if (!encoding) b.setHeader("Accept-Encoding", ContentDecoder.ACCEPT_ENCODING);
        // plain http through a proxy: java.net.http sends this header to the proxy as it is; on an
        // https CONNECT it drops Basic credentials (jdk.http.auth.tunneling.disabledSchemes), which
        // is why proxied requests take the socket path unless http_client = jdk
        if (proxy != null && proxy.authorization() != null && scheme.equals("http"))
            b.setHeader("Proxy-Authorization", proxy.authorization());
        // a named jar is not the client's: its cookies go by hand, on a client without a cookie handler
        CookieManager ownJar = request.cookieJar() == null ? null : jars.jarFor(request);
        if (ownJar != null) {
            List<String> jarCookies = ownJar.get(uri, Map.of()).get("Cookie");
            if (jarCookies != null && !jarCookies.isEmpty()) b.setHeader("Cookie", String.join("; ", jarCookies));
        }
        byte[] body = request.body();
        b.method(
                request.method(),
                body == null || body.length == 0
                        ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));

        HttpClient client = clientFor(request);
        String url = request.url();
        HttpResponse.BodyHandler<byte[]> handler = info -> new LimitedBodySubscriber(
                maxBodySize, info.headers().firstValueAsLong("content-length").orElse(-1), url);
        HttpRequest sending = b.build();
        Instant sent = exchanges == null ? null : Instant.now();
        CompletableFuture<HttpResponse<byte[]>> future = client.sendAsync(sending, handler);
        HttpResponse<byte[]> resp;
        try {
            resp = future.get(downloadTimeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            future.cancel(true);
            throw new HttpTimeoutException("download of " + url + " timed out after " + seconds(downloadTimeout));
        } catch (InterruptedException e) {
            future.cancel(true);
            throw e;
        } catch (ExecutionException e) {
            throw translate(e.getCause(), url);
        }
        if (ownJar != null) ownJar.put(uri, resp.headers().map());
        byte[] bytes = resp.body();
        if (exchanges != null && sent != null) report(exchanges, sent, sending, body, resp, uri);
        String contentEncoding = resp.headers().firstValue("content-encoding").orElse("");
        if (!contentEncoding.isEmpty()) bytes = ContentDecoder.decode(contentEncoding, bytes, maxBodySize, url);
        return new Response(request, url, resp.statusCode(), resp.headers().map(), bytes);
    }

    /** Reports an exchange of java.net.http: the headers it sent are the request's plus {@code Host}. */
    private static void report(
            ExchangeListener listener,
            Instant sent,
            HttpRequest request,
            byte @Nullable [] body,
            HttpResponse<byte[]> resp,
            URI uri) {
        List<Exchange.Header> sentHeaders = new ArrayList<>();
        sentHeaders.add(
                new Exchange.Header("Host", uri.getPort() < 0 ? uri.getHost() : uri.getHost() + ":" + uri.getPort()));
        sentHeaders.addAll(Exchanges.of(request.headers().map()));
        String protocol = resp.version() == HttpClient.Version.HTTP_2 ? "HTTP/2" : "HTTP/1.1";
        Exchanges.report(
                listener,
                new Exchange(
                        sent,
                        request.method(),
                        uri.toString(),
                        protocol,
                        sentHeaders,
                        body == null ? new byte[0] : body,
                        resp.statusCode(),
                        "",
                        Exchanges.of(resp.headers().map()),
                        resp.body(),
                        null));
    }

    private HttpClient clientFor(Request request) throws IOException {
        Object proxy = request.meta().get("proxy");
        boolean crawlJar = request.cookieJar() == null;
        String key = (proxy == null ? NO_PROXY : proxy.toString()) + (crawlJar ? "" : " (own jar)");
        HttpClient c = clients.get(key);
        if (c != null) return c;
        ProxySelector selector = proxy == null ? null : proxySelector(proxy.toString());
        return clients.computeIfAbsent(key, k -> newClient(selector, crawlJar));
    }

    private static ProxySelector proxySelector(String proxy) throws IOException {
        ProxyRoute p = ProxyRoute.parse(proxy);
        return ProxySelector.of(InetSocketAddress.createUnresolved(p.host(), p.port()));
    }

    private HttpClient newClient(@Nullable ProxySelector proxy, boolean crawlJar) {
        HttpClient.Builder b = HttpClient.newBuilder()
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(connectTimeout)
                .version(HttpClient.Version.HTTP_2)
                .executor(executor);
        if (cookies != null && crawlJar) b.cookieHandler(cookies);
        if (proxy != null) b.proxy(proxy);
        return b.build();
    }

    private IOException translate(Throwable cause, String url) {
        if (cause instanceof HttpConnectTimeoutException) {
            return new HttpConnectTimeoutException(
                    "connecting for " + url + " timed out after " + seconds(connectTimeout));
        }
        if (cause instanceof HttpTimeoutException) {
            return new HttpTimeoutException("download of " + url + " timed out after " + seconds(downloadTimeout));
        }
        if (cause instanceof IOException io) {
            if (io.getMessage() != null && io.getMessage().contains(url)) return io;
            IOException wrapped = new IOException(describe(io) + " for " + url, io);
            return wrapped;
        }
        return new IOException(describe(cause) + " for " + url, cause);
    }

    static String describe(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) root = root.getCause();
        if (root instanceof UnresolvedAddressException || root instanceof UnknownHostException) {
            return "unknown host";
        }
        if (t instanceof ConnectException || root instanceof ConnectException) {
            String m = root.getMessage() != null ? root.getMessage() : t.getMessage();
            return m == null || m.isBlank() || m.equalsIgnoreCase("Connection refused")
                    ? "connection refused"
                    : "cannot connect: " + m;
        }
        if (t instanceof ClosedChannelException || root instanceof ClosedChannelException) {
            return "connection closed by the server";
        }
        if (t instanceof SSLHandshakeException) {
            // e.g. "(bad_certificate) PKIX path validation failed: ...": the JVM's trust store decides
            return "TLS handshake failed (" + t.getMessage() + ")";
        }
        String m = t.getMessage();
        String name = t.getClass().getSimpleName();
        if (m == null || m.isBlank()) return name;
        return t.getClass() == IOException.class ? m : name + ": " + m;
    }

    static String seconds(Duration d) {
        double s = d.toMillis() / 1000.0;
        return (s == Math.rint(s) ? String.valueOf((long) s) : String.valueOf(s)) + "s";
    }

    private static Duration positive(Duration d) {
        return d.isZero() || d.isNegative() ? Duration.ofDays(1) : d;
    }

    @Override
    public void close() {
        if (plain != null) plain.close();
        for (HttpClient c : clients.values()) c.shutdownNow();
        clients.clear();
        executor.shutdownNow();
    }

    @Override
    public String toString() {
        return "http";
    }
}
