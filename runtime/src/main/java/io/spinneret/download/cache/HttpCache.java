package io.spinneret.download.cache;

import io.spinneret.annotations.Setting;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.disk.AtomicMove;
import io.spinneret.settings.Settings;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code http_cache} setting: responses kept on disk and replayed by later crawls of the same
 * spider, so that a spider can be developed against a site without fetching its pages again (like
 * Scrapy's HTTPCACHE). A replayed response skips the rest of the middleware chain (robots.txt, throttle, proxy)
 * and the network ({@code io.spinneret.middleware.HttpCacheMiddleware} is the first link); the crawl counts it as a request and a response all the same.
 *
 * <p>Kept: GET and HEAD responses with a status below 500 (errors are fetched again), to requests
 * that are not conditional (a re-crawl's go to the server), keyed by the
 * request's fingerprint and renderer, in {@code <http_cache_dir>/<spider>/<ab>/<fingerprint>-<renderer>}.
 * A file older than {@code http_cache_expiration} seconds (0: never) is fetched again and replaced.
 * Files are written whole to a temporary name and moved into place, so a killed crawl leaves no
 * half file; one that cannot be read (another version, a damaged disk) counts as a miss. Nothing
 * here fails a crawl: a cache that cannot be written is reported once and the crawl goes on.
 * Thread-safe.
 */
public final class HttpCache {
    private static final Logger LOG = LoggerFactory.getLogger(HttpCache.class);
    private static final int MAGIC = 0x53504843; // "SPHC"
    private static final int VERSION = 1;

    public static final String STAT_HIT = "http_cache/hit";
    public static final String STAT_MISS = "http_cache/miss";
    public static final String STAT_STORED = "http_cache/stored";

    private final Path dir;
    private final long expirationMillis;
    private final AtomicBoolean storeFailureReported = new AtomicBoolean();

    /**
     * @param dir this spider's cache directory
     * @param expirationMillis how old a kept response may be; 0 for any age
     */
    public HttpCache(Path dir, long expirationMillis) {
        this.dir = dir;
        this.expirationMillis = expirationMillis;
    }

    /** The cache of {@code spider} if {@code http_cache} is on, else null. */
    public static @Nullable HttpCache from(Settings settings, String spider) {
        if (!settings.getBoolean(Setting.HTTP_CACHE)) return null;
        Path dir = Path.of(settings.getString(Setting.HTTP_CACHE_DIR)).resolve(spider);
        LOG.info("http cache on: responses are replayed from and kept in {} (http_cache_dir)", dir);
        return new HttpCache(
                dir, settings.getDuration(Setting.HTTP_CACHE_EXPIRATION).toMillis());
    }

    /**
     * Whether responses to {@code request} are kept: GET and HEAD only, and not a conditional
     * request ({@code If-None-Match}, {@code If-Modified-Since}, as a re-crawl sends): it asks the
     * server whether the page changed, which a kept response cannot answer, and its 304 has no page
     * to replay to a later request.
     */
    public static boolean cacheable(Request request) {
        return (request.method().equals("GET") || request.method().equals("HEAD")) && !conditional(request);
    }

    private static boolean conditional(Request request) {
        for (String name : request.headers().keySet()) {
            if (name.equalsIgnoreCase("If-None-Match") || name.equalsIgnoreCase("If-Modified-Since")) return true;
        }
        return false;
    }

    /** The kept response to {@code request}, or null (not kept, expired, unreadable, not cacheable). */
    public @Nullable Response lookup(Request request) {
        if (!cacheable(request)) return null;
        Path file = file(request);
        try {
            if (expirationMillis > 0
                    && System.currentTimeMillis()
                                    - Files.getLastModifiedTime(file).toMillis()
                            > expirationMillis) {
                return null;
            }
            try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
                if (in.readInt() != MAGIC || in.readInt() != VERSION) return null;
                int status = in.readInt();
                String url = readString(in);
                int headerCount = in.readInt();
                Map<String, List<String>> headers = new LinkedHashMap<>();
                for (int i = 0; i < headerCount; i++) {
                    String name = readString(in);
                    int values = in.readInt();
                    List<String> list = new ArrayList<>(values);
                    for (int j = 0; j < values; j++) list.add(readString(in));
                    headers.put(name, list);
                }
                byte[] body = in.readNBytes(in.readInt());
                return new Response(request, url, status, headers, body);
            }
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException | RuntimeException e) {
            LOG.debug("http cache: {} unreadable ({}); fetching {} again", file, e.toString(), request.url());
            return null;
        }
    }

    /** Keeps {@code response} if it may be replayed; never throws. @return whether it was kept */
    public boolean store(Request request, Response response) {
        if (!cacheable(request) || response.status() >= 500) return false;
        Path file = file(request);
        Path tmp = file.resolveSibling(
                file.getFileName() + "." + Thread.currentThread().threadId() + ".tmp");
        try {
            Files.createDirectories(file.getParent());
            try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp)))) {
                out.writeInt(MAGIC);
                out.writeInt(VERSION);
                out.writeInt(response.status());
                writeString(out, response.url());
                out.writeInt(response.headers().size());
                for (Map.Entry<String, List<String>> h : response.headers().entrySet()) {
                    writeString(out, h.getKey());
                    out.writeInt(h.getValue().size());
                    for (String v : h.getValue()) writeString(out, v);
                }
                out.writeInt(response.body().length);
                out.write(response.body());
            }
            AtomicMove.replace(tmp, file);
            return true;
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // best effort
            }
            if (storeFailureReported.compareAndSet(false, true)) {
                LOG.warn(
                        "http cache: cannot keep responses in {} ({}); the crawl goes on without keeping them",
                        dir,
                        e.toString());
            }
            return false;
        }
    }

    private Path file(Request request) {
        String hex = request.fingerprint().hex();
        return dir.resolve(hex.substring(0, 2))
                .resolve(hex + "-" + request.renderer().name().toLowerCase(Locale.ROOT));
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String readString(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > 1 << 24) throw new IOException("bad string length " + n);
        return new String(in.readNBytes(n), StandardCharsets.UTF_8);
    }
}
