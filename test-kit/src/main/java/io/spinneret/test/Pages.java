package io.spinneret.test;

import io.spinneret.annotations.Setting;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.devtools.PageFetcher;
import io.spinneret.settings.Settings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Saved pages as the {@link Response} a callback gets, with no network: a file (what
 * {@code spinneret fetch URL --save FILE} wrote), a string, or a response the HTTP cache kept. The
 * URL is the page's address, against which its relative links resolve.
 *
 * <pre>{@code
 * Response page = Pages.file(Path.of("src/test/resources/pages/book.html"), "https://books.toscrape.com/catalogue/a/index.html");
 * }</pre>
 */
public final class Pages {
    private Pages() {}

    /**
     * The page saved in {@code file}, as served from {@code url} with status 200. Its content
     * type comes from the file's extension ({@code .html}, {@code .json}, {@code .xml}, else
     * text); the charset from the page itself, as for a download without one.
     *
     * @throws UncheckedIOException if the file cannot be read
     */
    public static Response file(Path file, String url) {
        try {
            return response(url, contentType(file.getFileName().toString()), Files.readAllBytes(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the saved page " + file + ": " + e.getMessage(), e);
        }
    }

    /** {@code html} as a UTF-8 HTML page served from {@code url}. */
    public static Response html(String html, String url) {
        return response(url, "text/html; charset=utf-8", html.getBytes(StandardCharsets.UTF_8));
    }

    /** {@code json} as a UTF-8 JSON document served from {@code url}, e.g. the answer to an inline fetch of an API. */
    public static Response json(String json, String url) {
        return response(url, "application/json", json.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * An empty response with {@code status} (a 404, a 503) from {@code url}: for a test of what a
     * callback does when its inline fetch gets no page ({@link SpiderTester#respond}).
     */
    public static Response status(int status, String url) {
        return new Response(Request.of(url), url, status, Map.of("Content-Type", List.of("text/html")), new byte[0]);
    }

    /**
     * The response to a GET of {@code url} that the HTTP cache keeps for {@code spider} under
     * {@code cacheDir} (the {@code http_cache_dir} of a crawl or a {@code fetch --spider} run with
     * {@code -s http_cache=true}), whatever its age.
     *
     * @throws AssertionError if the cache keeps none: a test cannot go on without its page
     */
    public static Response cached(Path cacheDir, String spider, String url) {
        Settings settings = Settings.defaults().with(Setting.HTTP_CACHE_DIR, cacheDir.toString(), "Pages.cached");
        return PageFetcher.cached(settings, spider, Request.of(url))
                .orElseThrow(() -> new AssertionError("the HTTP cache in " + cacheDir.resolve(spider)
                        + " keeps no response for " + url + "; fetch it once with: spinneret fetch " + url
                        + " --spider " + spider + " -s http_cache=true -s http_cache_dir=" + cacheDir));
    }

    private static Response response(String url, String contentType, byte[] body) {
        return new Response(Request.of(url), url, 200, Map.of("Content-Type", List.of(contentType)), body);
    }

    static String contentType(String fileName) {
        String name = fileName.toLowerCase(Locale.ROOT);
        if (name.endsWith(".html") || name.endsWith(".htm")) return "text/html";
        if (name.endsWith(".json")) return "application/json";
        if (name.endsWith(".xml")) return "application/xml";
        if (name.endsWith(".css")) return "text/css";
        if (name.endsWith(".js")) return "text/javascript";
        if (name.endsWith(".txt")) return "text/plain";
        return name.contains(".") && !name.endsWith(".") ? "application/octet-stream" : "text/html";
    }
}
