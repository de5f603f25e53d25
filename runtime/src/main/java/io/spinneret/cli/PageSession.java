package io.spinneret.cli;

import io.spinneret.annotations.Renderer;
import io.spinneret.api.Request;
import io.spinneret.devtools.PageFetcher;
import io.spinneret.embed.SpiderCatalog;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.settings.Settings;
import io.spinneret.settings.SettingsLoader;
import io.spinneret.url.AbsoluteUrl;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What {@code fetch}, {@code parse} and {@code shell} share: the settings a crawl of the spider
 * (or of no spider) would have, the spiders found, and a {@link PageFetcher} with that crawl's
 * chain. Closing it closes the downloaders (and the browser, if one started).
 */
final class PageSession implements AutoCloseable {
    /** The name settings, robots.txt and the HTTP cache go by when no spider is named. */
    static final String NO_SPIDER = "fetch";

    final SpiderCatalog catalog;
    final @Nullable SpiderDefinition spider;
    final Settings settings;
    final PageFetcher pages;
    /** The spider's arguments ({@code -a} and {@code [spider.<name>.args]}), checked; empty without a spider. */
    final Map<String, String> arguments;

    private final boolean browser;

    private PageSession(
            SpiderCatalog catalog,
            @Nullable SpiderDefinition spider,
            Settings settings,
            PageFetcher pages,
            Map<String, String> arguments,
            boolean browser) {
        this.catalog = catalog;
        this.spider = spider;
        this.settings = settings;
        this.pages = pages;
        this.arguments = arguments;
        this.browser = browser;
    }

    /**
     * @param spiderName the spider whose settings and middlewares apply, or null for none
     * @param browser whether pages are rendered in the browser, whatever the spider says
     * @throws UsageException for an unknown spider (listing those found)
     */
    static PageSession open(CommonOptions common, @Nullable String spiderName, boolean browser) {
        SettingsLoader loader = common.loader();
        SpiderCatalog catalog = common.catalog(loader);
        if (spiderName == null) {
            Settings settings = loader.resolve(NO_SPIDER, NO_SPIDER, List.of(), common.commandLineValues());
            ClassLoader cl = Thread.currentThread().getContextClassLoader();
            return new PageSession(
                    catalog,
                    null,
                    settings,
                    PageFetcher.open(NO_SPIDER, settings, cl != null ? cl : PageSession.class.getClassLoader()),
                    Map.of(),
                    browser);
        }
        SpiderDefinition spider = common.spider(catalog, loader, spiderName);
        Map<String, String> arguments = common.arguments(loader, spider);
        Settings settings =
                loader.resolve(spider.name(), spider.className(), spider.settings(), common.commandLineValues());
        return new PageSession(catalog, spider, settings, PageFetcher.open(spider, settings), arguments, browser);
    }

    /**
     * A GET of {@code url} for {@code callback}, rendered as {@code --browser} or the spider says;
     * the URL as the URL parser serializes it.
     *
     * @throws UsageException if {@code url} is no absolute http(s) URL (saying why)
     */
    Request request(String url, String callback) {
        Renderer renderer = browser ? Renderer.BROWSER : spider != null ? spider.renderer() : Renderer.HTTP;
        String target;
        try {
            target = AbsoluteUrl.href(url);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        return Request.builder(target).callback(callback).renderer(renderer).build();
    }

    @Override
    public void close() {
        pages.close();
    }
}
