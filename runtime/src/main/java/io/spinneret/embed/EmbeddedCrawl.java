package io.spinneret.embed;

import io.spinneret.api.SpinneretException;
import io.spinneret.engine.MemoryStorage;
import io.spinneret.internal.ItemSchema;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.internal.SpiderRegistry;
import io.spinneret.observe.CrawlListener;
import io.spinneret.settings.Settings;
import io.spinneret.settings.SettingsLoader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Predicate;

/**
 * A crawl run inside the caller's program, configured with setting names and values as
 * {@code -s key=value} takes them, whose items come back as objects instead of going to a file.
 * Made by {@link Crawler#of(Class)} or {@link Crawler#of(String)}.
 *
 * <pre>{@code
 * CrawlOutput crawl = Crawler.of(BooksSpider.class)
 *         .setting("concurrency", "16")
 *         .run();
 * List<Book> books = crawl.items(Book.class);
 * }</pre>
 *
 * <p>The settings are the built-in defaults, then the spider's {@code @Spider(settings)}, then
 * those given here (later wins); no {@code settings.toml} is read and no progress line is printed.
 * The spider is found in the registries the annotation processor generated, next to the spider's
 * class ({@link ServiceLoader}, as {@code spinneret run} finds spiders); nothing reflects on the
 * spider class. Each {@link #run()} is a new crawl.
 */
public final class EmbeddedCrawl {
    private static final String ORIGIN = "EmbeddedCrawl.setting";

    private final SpiderDefinition spider;
    private final List<ItemSchema<?>> items;
    private Settings settings;
    private final Map<String, String> arguments = new LinkedHashMap<>();
    private final List<CrawlListener> listeners = new ArrayList<>();

    private EmbeddedCrawl(SpiderDefinition spider, List<ItemSchema<?>> items) {
        this.spider = spider;
        this.items = items;
        this.settings = SettingsLoader.none().resolve(spider.name(), spider.className(), spider.settings(), List.of());
    }

    static EmbeddedCrawl of(Class<?> spiderClass) {
        return find(
                spiderClass.getClassLoader(),
                s -> s.className().equals(spiderClass.getName()),
                spiderClass.getName() + " is not a @Spider class compiled with the Spinneret annotation processor");
    }

    static EmbeddedCrawl of(String spiderName) {
        ClassLoader cl = Thread.currentThread().getContextClassLoader();
        return find(
                cl != null ? cl : EmbeddedCrawl.class.getClassLoader(),
                s -> s.name().equals(spiderName),
                "no spider named '" + spiderName + "' on the class path");
    }

    private static EmbeddedCrawl find(ClassLoader loader, Predicate<SpiderDefinition> wanted, String missing) {
        List<SpiderRegistry> registries = new ArrayList<>();
        try {
            for (SpiderRegistry r : ServiceLoader.load(SpiderRegistry.class, loader)) registries.add(r);
        } catch (ServiceConfigurationError e) {
            throw new SpinneretException("cannot load a spider registry: " + e.getMessage(), e);
        }
        SpiderCatalog catalog = SpiderCatalog.of(registries);
        SpiderDefinition spider = catalog.spiders().stream()
                .filter(wanted)
                .findFirst()
                .orElseThrow(() -> new SpinneretException(missing));
        return new EmbeddedCrawl(spider, catalog.items());
    }

    /**
     * Sets {@code key} (a setting's name, e.g. {@code concurrency}) to {@code value}, written as
     * on the command line (lists comma-separated, durations in seconds).
     *
     * @throws io.spinneret.settings.InvalidSettingException for an unknown key or a value that does not fit it
     */
    public EmbeddedCrawl setting(String key, String value) {
        settings = settings.with(key, value, ORIGIN);
        return this;
    }

    /**
     * Gives the spider argument {@code name} (an {@code @Arg} field), written as with {@code -a name=value}.
     * It is checked when the crawl starts.
     */
    public EmbeddedCrawl argument(String name, String value) {
        arguments.put(name, value);
        return this;
    }

    /**
     * Adds a listener to each crawl's events, besides those the settings name ({@code stats_file},
     * {@code metrics}, {@code ui}, {@code listeners}, ...). One that is {@link AutoCloseable} is
     * closed after the crawl.
     */
    public EmbeddedCrawl listener(CrawlListener listener) {
        listeners.add(Objects.requireNonNull(listener));
        return this;
    }

    /**
     * Crawls until nothing is left, {@code max_items} items are stored or another limit stops it.
     *
     * @throws SpinneretException if the scheduler or downloader cannot be opened, or the
     *     spider's {@code @Start} method fails
     * @throws io.spinneret.api.SpiderArgumentException for an argument the spider does not declare,
     *     a required one missing or a value that does not parse
     * @throws InterruptedException if the calling thread is interrupted
     */
    public CrawlOutput run() throws InterruptedException {
        MemoryStorage storage = new MemoryStorage();
        Crawler.Builder b = Crawler.builder(spider)
                .settings(settings)
                .arguments(arguments)
                .items(items)
                .storage(storage)
                .progress(null);
        for (CrawlListener l : listeners) b.listener(l);
        CrawlResult result = b.build().run();
        return new CrawlOutput(storage.items(), result);
    }
}
