package io.spinneret.middleware;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.spi.Downloader;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small java.net.http downloader standing in for the engine's HttpDownloader: no redirects
 * followed, honours request meta {@code proxy} with one HttpClient per proxy.
 */
final class TestDownloader implements Downloader {
    private static final Set<String> RESTRICTED = Set.of("host", "connection", "content-length", "expect", "upgrade");

    private final Map<String, HttpClient> clients = new ConcurrentHashMap<>();
    final AtomicInteger downloads = new AtomicInteger();
    private final Duration timeout;

    TestDownloader() {
        this(Duration.ofSeconds(5));
    }

    /** @param timeout per-request timeout (headers and body) */
    TestDownloader(Duration timeout) {
        this.timeout = timeout;
    }

    @Override
    public Response download(Request request) throws IOException, InterruptedException {
        downloads.incrementAndGet();
        Object proxy = request.meta().get("proxy");
        HttpClient client = clients.computeIfAbsent(proxy == null ? "" : proxy.toString(), TestDownloader::client);
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(request.url()))
                .timeout(timeout)
                .method(
                        request.method(),
                        request.body() == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofByteArray(request.body()));
        request.headers().forEach((k, v) -> {
            if (!RESTRICTED.contains(k.toLowerCase())) b.header(k, v);
        });
        HttpResponse<byte[]> r = client.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        return new Response(
                request, r.uri().toString(), r.statusCode(), r.headers().map(), r.body());
    }

    private static HttpClient client(String proxy) {
        HttpClient.Builder b = HttpClient.newBuilder()
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(2))
                .version(HttpClient.Version.HTTP_1_1);
        if (!proxy.isEmpty()) {
            URI u = URI.create(proxy);
            b.proxy(ProxySelector.of(new InetSocketAddress(u.getHost(), u.getPort())));
        }
        return b.build();
    }

    @Override
    public void close() {
        clients.values().forEach(HttpClient::close);
    }
}
