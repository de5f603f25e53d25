package io.spinneret.download.browser;

import io.spinneret.annotations.Setting;
import io.spinneret.download.guard.NetworkBoundary;
import io.spinneret.settings.Settings;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The browser settings of a crawl, read once from {@link Settings}.
 *
 * @param browserPath the {@code browser_path} setting; empty means "look for one"
 * @param poolSize pages rendered at once ({@code browser_pool_size}, at least 1)
 * @param block Playwright resource types that are not loaded ({@code browser_block}), lower case
 * @param waitUntil when a page counts as loaded: {@code load}, {@code domcontentloaded} or
 *     {@code networkidle} ({@code browser_wait_until})
 * @param timeout how long one render may take ({@code browser_timeout})
 * @param errorSnapshots whether a render whose status is not 2xx keeps a screenshot and the body as
 *     served for the error snapshots ({@code error_snapshots} is set)
 */
public record BrowserOptions(
        String browserPath,
        int poolSize,
        Set<String> block,
        String waitUntil,
        Duration timeout,
        NetworkBoundary boundary,
        boolean errorSnapshots) {
    /** The resource types Playwright reports, for checking {@code browser_block}. */
    static final Set<String> RESOURCE_TYPES = Set.of(
            "document",
            "stylesheet",
            "image",
            "media",
            "font",
            "script",
            "texttrack",
            "xhr",
            "fetch",
            "eventsource",
            "websocket",
            "manifest",
            "other");

    public BrowserOptions {
        if (poolSize < 1) throw new IllegalArgumentException("browser_pool_size must be at least 1, got " + poolSize);
        if (timeout.isNegative() || timeout.isZero())
            throw new IllegalArgumentException("browser_timeout must be positive, got " + timeout);
        for (String t : block) {
            if (!RESOURCE_TYPES.contains(t))
                throw new IllegalArgumentException("browser_block: unknown resource type '" + t + "'; known: "
                        + String.join(", ", new TreeSet<>(RESOURCE_TYPES)));
        }
        block = Set.copyOf(block);
    }

    /** Options without a network boundary. */
    public BrowserOptions(String browserPath, int poolSize, Set<String> block, String waitUntil, Duration timeout) {
        this(browserPath, poolSize, block, waitUntil, timeout, NetworkBoundary.off());
    }

    /** Options without error snapshots. */
    public BrowserOptions(
            String browserPath,
            int poolSize,
            Set<String> block,
            String waitUntil,
            Duration timeout,
            NetworkBoundary boundary) {
        this(browserPath, poolSize, block, waitUntil, timeout, boundary, false);
    }

    public static BrowserOptions from(Settings settings) {
        List<String> block = settings.getList(Setting.BROWSER_BLOCK).stream()
                .map(s -> s.toLowerCase(Locale.ROOT))
                .toList();
        return new BrowserOptions(
                settings.getString(Setting.BROWSER_PATH),
                settings.getInt(Setting.BROWSER_POOL_SIZE),
                Set.copyOf(block),
                settings.getChoice(Setting.BROWSER_WAIT_UNTIL),
                settings.getDuration(Setting.BROWSER_TIMEOUT),
                NetworkBoundary.from(settings),
                !settings.getString(Setting.ERROR_SNAPSHOTS).isBlank());
    }
}
