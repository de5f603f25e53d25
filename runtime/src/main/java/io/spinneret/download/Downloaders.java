package io.spinneret.download;

import io.spinneret.annotations.Renderer;
import io.spinneret.download.browser.BrowserDownloader;
import io.spinneret.download.http.HttpDownloader;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Downloader;
import java.net.CookieManager;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Supplier;

/** Builds the {@link DownloaderRouter} of a crawl: HTTP always, the browser lazily. */
public final class Downloaders {
    private Downloaders() {}

    /** The router of a crawl; its HTTP and browser downloaders share one cookie jar (unless {@code cookies_enabled} is false). */
    public static DownloaderRouter router(Settings settings) {
        Map<Renderer, Supplier<? extends Downloader>> factories = new EnumMap<>(Renderer.class);
        CookieManager cookies = HttpDownloader.newCookieJar(settings);
        // each downloader adds its renderer here
        factories.put(Renderer.HTTP, () -> new HttpDownloader(settings, cookies));
        factories.put(Renderer.BROWSER, () -> new BrowserDownloader(settings, cookies));
        return new DownloaderRouter(factories);
    }
}
