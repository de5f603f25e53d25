package io.spinneret.download;

import io.spinneret.annotations.Renderer;
import io.spinneret.settings.Settings;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Supplier;

/** Builds the {@link DownloaderRouter} of a crawl: HTTP always, the browser lazily. */
public final class Downloaders {
    private Downloaders() {}

    public static DownloaderRouter router(Settings settings) {
        Map<Renderer, Supplier<? extends Downloader>> factories = new EnumMap<>(Renderer.class);
        // each downloader adds its renderer here
        factories.put(Renderer.HTTP, () -> new io.spinneret.download.http.HttpDownloader(settings));
        return new DownloaderRouter(factories);
    }
}
