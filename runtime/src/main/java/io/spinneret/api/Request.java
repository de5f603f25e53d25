package io.spinneret.api;

import io.spinneret.annotations.Renderer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A request to crawl: pure data, so it can be queued in memory, in SQLite or in Redis.
 *
 * <p>The callback is a string naming a {@code @Parse} method of the spider; the annotation
 * processor checks literal callback names at compile time and the generated dispatch table maps
 * them to method calls at run time. Instances are immutable and thread-safe; build them with
 * {@link #builder(String)} or derive them with {@link #toBuilder()}.
 *
 * <pre>{@code
 * Request r = Request.builder("https://example.com/item/1").callback("detail").priority(1).build();
 * }</pre>
 *
 * <p>{@link #meta()} holds JSON-compatible values only (strings, numbers, booleans, null, lists and
 * maps of those), so that {@link RequestCodec} can round-trip a request through JSON.
 */
public final class Request {
    /** The callback used when none is named. */
    public static final String DEFAULT_CALLBACK = "parse";
    /** The meta key of {@link #session()}. */
    public static final String META_SESSION = "session";
    /** The meta key of {@link #cookieJar()}. */
    public static final String META_COOKIE_JAR = "cookiejar";

    private final String url;
    private final String method;
    private final Map<String, String> headers;
    private final byte @Nullable [] body;
    private final String callback;
    private final @Nullable String errback;
    private final int priority;
    private final boolean dontFilter;
    /** Null until {@link Builder#renderer} chooses one: HTTP, except for start requests (see {@link #withDefaultRenderer}). */
    private final @Nullable Renderer renderer;

    private final Map<String, Object> meta;
    private final int depth;
    private final int retryCount;

    private Request(Builder b) {
        this.url = Objects.requireNonNull(b.url, "url");
        this.method = b.method;
        this.headers = b.headers.isEmpty() ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(b.headers));
        this.body = b.body;
        this.callback = b.callback;
        this.errback = b.errback;
        this.priority = b.priority;
        this.dontFilter = b.dontFilter;
        this.renderer = b.renderer;
        this.meta = b.meta.isEmpty() ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(b.meta));
        this.depth = b.depth;
        this.retryCount = b.retryCount;
    }

    /** A GET request for {@code url} to the {@code "parse"} callback. */
    public static Request of(String url) {
        return builder(url).build();
    }

    /** A GET request for {@code url} to {@code callback}. */
    public static Request of(String url, String callback) {
        return builder(url).callback(callback).build();
    }

    public static Builder builder(String url) {
        return new Builder(url);
    }

    public Builder toBuilder() {
        Builder b = new Builder(url);
        b.method = method;
        b.headers.putAll(headers);
        b.body = body;
        b.callback = callback;
        b.errback = errback;
        b.priority = priority;
        b.dontFilter = dontFilter;
        b.renderer = renderer;
        b.meta.putAll(meta);
        b.depth = depth;
        b.retryCount = retryCount;
        return b;
    }

    public String url() {
        return url;
    }

    /** The HTTP method in upper case; {@code GET} by default. */
    public String method() {
        return method;
    }

    /** Request headers; names as given. Never null. */
    public Map<String, String> headers() {
        return headers;
    }

    /** The request body, or null. The array is shared: do not modify it. */
    public byte @Nullable [] body() {
        return body;
    }

    /** The name of the {@code @Parse} callback that handles the response. */
    public String callback() {
        return callback;
    }

    /**
     * The name of the {@code @Errback} method that handles this request's failure, or null when a
     * failure is only logged and counted.
     */
    public @Nullable String errback() {
        return errback;
    }

    /** Higher values are dequeued first; FIFO among equal priorities. */
    public int priority() {
        return priority;
    }

    /** True when the request must not be dropped as a duplicate (retries set this). */
    public boolean dontFilter() {
        return dontFilter;
    }

    /** How the request is fetched: as {@link Builder#renderer} chose, else {@link Renderer#HTTP}. */
    public Renderer renderer() {
        return renderer != null ? renderer : Renderer.HTTP;
    }

    /**
     * This request with {@code fallback} as its renderer unless {@link Builder#renderer} chose one:
     * how the requests of a spider's {@code @Start} method get the spider's renderer, as its start
     * URLs do, while a request that asks for HTTP keeps it.
     */
    public Request withDefaultRenderer(Renderer fallback) {
        if (renderer != null || fallback == Renderer.HTTP) return this;
        Builder b = toBuilder();
        b.renderer = fallback;
        return b.build();
    }

    /** JSON-compatible values carried along with the request (e.g. {@code proxy}). */
    public Map<String, Object> meta() {
        return meta;
    }

    /**
     * The session this request runs in, as the spider named it with {@link Builder#session}, or null
     * (then the session pool, if {@code session_pool} is on, chooses one). See docs/sessions.md.
     */
    public @Nullable String session() {
        return meta.get(META_SESSION) instanceof String s ? s : null;
    }

    /**
     * The cookie jar this request takes its cookies from and puts new ones into, as named with
     * {@link Builder#cookieJar}, or null for the crawl's own jar.
     */
    public @Nullable String cookieJar() {
        return meta.get(META_COOKIE_JAR) instanceof String s ? s : null;
    }

    /** Links followed from a start URL to reach this request; start requests have depth 0. */
    public int depth() {
        return depth;
    }

    /** How many times this request has been retried. */
    public int retryCount() {
        return retryCount;
    }

    /** The host of {@link #url()} in lower case, or an empty string if it has none. */
    public String host() {
        return Urls.host(url);
    }

    /** A copy with another URL, keeping everything else. */
    public Request withUrl(String newUrl) {
        return toBuilder().url(newUrl).build();
    }

    /** A copy whose failure goes to the {@code @Errback} method {@code name}; null for none. */
    public Request withErrback(@Nullable String name) {
        return toBuilder().errback(name).build();
    }

    /** A copy with one more meta entry. */
    public Request withMeta(String key, @Nullable Object value) {
        return toBuilder().meta(key, value).build();
    }

    /** The next attempt of this request: retry count + 1, and exempt from duplicate filtering. */
    public Request nextAttempt() {
        Builder b = toBuilder();
        b.retryCount = retryCount + 1;
        b.dontFilter = true;
        return b.build();
    }

    /** The request's identity for duplicate filtering: canonical URL, method and body. */
    public Fingerprint fingerprint() {
        return Fingerprint.of(this);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Request r
                && url.equals(r.url)
                && method.equals(r.method)
                && headers.equals(r.headers)
                && Arrays.equals(body, r.body)
                && callback.equals(r.callback)
                && Objects.equals(errback, r.errback)
                && priority == r.priority
                && dontFilter == r.dontFilter
                && renderer() == r.renderer()
                && meta.equals(r.meta)
                && depth == r.depth
                && retryCount == r.retryCount;
    }

    @Override
    public int hashCode() {
        return Objects.hash(url, method, callback, priority, depth, retryCount);
    }

    @Override
    public String toString() {
        return method + " " + url + " -> " + callback + (errback != null ? ", on failure " + errback : "")
                + (priority != 0 ? " (priority " + priority + ")" : "");
    }

    /** Builds a {@link Request}. Not thread-safe. */
    public static final class Builder {
        private String url;
        private String method = "GET";
        private final Map<String, String> headers = new LinkedHashMap<>();
        private byte @Nullable [] body;
        private String callback = DEFAULT_CALLBACK;
        private @Nullable String errback;
        private int priority;
        private boolean dontFilter;
        private @Nullable Renderer renderer;
        private final Map<String, Object> meta = new LinkedHashMap<>();
        private int depth;
        private int retryCount;

        private Builder(String url) {
            this.url = Objects.requireNonNull(url, "url");
        }

        /** Replaces the URL. */
        public Builder url(String url) {
            this.url = Objects.requireNonNull(url, "url");
            return this;
        }

        public Builder method(String method) {
            this.method = method.toUpperCase(Locale.ROOT);
            return this;
        }

        public Builder header(String name, String value) {
            headers.put(name, value);
            return this;
        }

        public Builder headers(Map<String, String> all) {
            headers.putAll(all);
            return this;
        }

        /** Removes a header, whatever the case of its name. */
        public Builder removeHeader(String name) {
            headers.keySet().removeIf(k -> k.equalsIgnoreCase(name));
            return this;
        }

        public Builder body(byte @Nullable [] body) {
            this.body = body;
            return this;
        }

        public Builder body(String body) {
            this.body = body.getBytes(StandardCharsets.UTF_8);
            return this;
        }

        /** The callback name; a string literal here is checked by the annotation processor. */
        public Builder callback(String callback) {
            this.callback = Objects.requireNonNull(callback, "callback");
            return this;
        }

        /**
         * The {@code @Errback} method that handles this request's failure; null for none. A string
         * literal here is checked by the annotation processor.
         */
        public Builder errback(@Nullable String errback) {
            this.errback = errback;
            return this;
        }

        public Builder priority(int priority) {
            this.priority = priority;
            return this;
        }

        public Builder dontFilter(boolean dontFilter) {
            this.dontFilter = dontFilter;
            return this;
        }

        public Builder renderer(Renderer renderer) {
            this.renderer = Objects.requireNonNull(renderer);
            return this;
        }

        /** Adds a JSON-compatible meta value; null removes the key. */
        public Builder meta(String key, @Nullable Object value) {
            if (value == null) meta.remove(key);
            else meta.put(key, value);
            return this;
        }

        /**
         * Runs the request in the session {@code id} (created on first use): its cookie jar, proxy and
         * user agent, kept in the frontier's store, e.g. {@code "account-2"} for a logged-in crawl.
         * Such a session is the spider's own: the pool never retires it.
         */
        public Builder session(String id) {
            if (id.isBlank()) throw new IllegalArgumentException("a session id must not be blank");
            return meta(META_SESSION, id);
        }

        /**
         * Takes cookies from, and puts new ones into, the cookie jar {@code name} of this crawl
         * instead of the crawl's own: for spiders that keep sessions apart themselves. Jars with
         * other names never see each other's cookies.
         */
        public Builder cookieJar(String name) {
            if (name.isBlank()) throw new IllegalArgumentException("a cookie jar name must not be blank");
            return meta(META_COOKIE_JAR, name);
        }

        public Builder depth(int depth) {
            this.depth = depth;
            return this;
        }

        public Builder retryCount(int retryCount) {
            this.retryCount = retryCount;
            return this;
        }

        public Request build() {
            return new Request(this);
        }

        /** For codecs: all meta at once. */
        Builder metaAll(Map<String, Object> all) {
            meta.putAll(all);
            return this;
        }
    }
}
