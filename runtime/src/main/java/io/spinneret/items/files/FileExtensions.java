package io.spinneret.items.files;

import io.spinneret.url.HttpUrl;
import io.spinneret.url.UrlParser;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The extension a stored file gets: the URL path's own ({@code .jpg} of {@code cover.jpg}) when it
 * is a short alphanumeric one, else one for the response's {@code Content-Type}, else none.
 */
final class FileExtensions {
    private static final Map<String, String> BY_TYPE = Map.ofEntries(
            Map.entry("image/jpeg", ".jpg"),
            Map.entry("image/png", ".png"),
            Map.entry("image/gif", ".gif"),
            Map.entry("image/webp", ".webp"),
            Map.entry("image/svg+xml", ".svg"),
            Map.entry("image/avif", ".avif"),
            Map.entry("application/pdf", ".pdf"),
            Map.entry("text/plain", ".txt"),
            Map.entry("text/html", ".html"),
            Map.entry("application/json", ".json"),
            Map.entry("text/csv", ".csv"),
            Map.entry("application/zip", ".zip"));

    private FileExtensions() {}

    static String of(String url, @Nullable String contentType) {
        String path = UrlParser.parse(url).map(HttpUrl::pathname).orElse(null);
        if (path != null) {
            int slash = path.lastIndexOf('/');
            int dot = path.lastIndexOf('.');
            if (dot > slash
                    && path.length() - dot <= 6
                    && path.length() - dot >= 2
                    && path.substring(dot + 1).chars().allMatch(Character::isLetterOrDigit)) {
                return path.substring(dot).toLowerCase(Locale.ROOT);
            }
        }
        if (contentType == null) return "";
        int semi = contentType.indexOf(';');
        String base =
                (semi < 0 ? contentType : contentType.substring(0, semi)).trim().toLowerCase(Locale.ROOT);
        return BY_TYPE.getOrDefault(base, "");
    }
}
