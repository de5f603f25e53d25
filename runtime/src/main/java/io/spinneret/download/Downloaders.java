package io.spinneret.download;

import io.spinneret.annotations.Renderer;
import io.spinneret.annotations.Setting;
import io.spinneret.download.browser.BrowserDownloader;
import io.spinneret.download.http.CookieJars;
import io.spinneret.download.http.HttpDownloader;
import io.spinneret.settings.Settings;
import io.spinneret.spi.Downloader;
import io.spinneret.warc.WarcRecorder;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** Builds the {@link DownloaderRouter} of a crawl: HTTP always, the browser lazily. */
public final class Downloaders {
    private Downloaders() {}

    /** The router of a crawl; its HTTP and browser downloaders share one cookie jar (unless {@code cookies_enabled} is false). */
    public static DownloaderRouter router(Settings settings) {
        return router(settings, "crawl");
    }

    /**
     * The router of a crawl of {@code spider}: as {@link #router(Settings)}, and with
     * {@code warc_output} set, a {@link WarcRecorder} that both downloaders report their exchanges
     * to, closed with the router.
     *
     * @throws io.spinneret.api.SpinneretException if the WARC file cannot be created
     */
    public static DownloaderRouter router(Settings settings, String spider) {
        Map<Renderer, Supplier<? extends Downloader>> factories = new EnumMap<>(Renderer.class);
        CookieJars cookies = CookieJars.from(settings);
        // asked only when warc_output is set: the recorder's class loads jwarc's
        WarcRecorder warc =
                settings.getString(Setting.WARC_OUTPUT).isBlank() ? null : WarcRecorder.from(settings, spider);
        // each downloader adds its renderer here
        factories.put(Renderer.HTTP, () -> new HttpDownloader(settings, cookies, warc));
        factories.put(Renderer.BROWSER, () -> new BrowserDownloader(settings, cookies, warc));
        return new DownloaderRouter(factories, warc == null ? List.of() : List.of(warc), cookies);
    }
}
