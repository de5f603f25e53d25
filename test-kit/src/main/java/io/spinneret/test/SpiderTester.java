package io.spinneret.test;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.api.Urls;
import io.spinneret.devtools.CallbackRun;
import io.spinneret.devtools.PageFetcher;
import io.spinneret.embed.SpiderCatalog;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.internal.SpiderRegistry;
import io.spinneret.settings.Settings;
import io.spinneret.settings.SettingsLoader;
import io.spinneret.spi.InlineFetches;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.jspecify.annotations.Nullable;

/**
 * Runs a spider's callbacks on saved pages, as a crawl would call them (the generated dispatcher,
 * the same {@code Crawl}), with no network and no engine: nothing is fetched, scheduled or stored.
 * A new spider instance per call, as a new crawl would make.
 *
 * <pre>{@code
 * Yielded out = SpiderTester.of(BooksSpider.class).run("detail", Pages.file(saved, url));
 * out.assertNoError();
 * Book book = out.item(Book.class);
 * }</pre>
 *
 * <p>A callback that fetches inline ({@code crawl.fetch(url)}) gets the responses the test gives
 * with {@link #respond}, by URL, or, after {@link #fetchLive}, whatever the network (a
 * {@link PageServer}) answers through the chain a crawl would use. A canned response outside 2xx
 * throws the {@code FetchException} a crawl's callback would get; a fetch of a URL the test gave no
 * response for fails the callback with an {@link AssertionError} naming it. Immutable: {@code respond}
 * and {@code fetchLive} return a new tester.
 */
public final class SpiderTester {
    private final SpiderDefinition spider;
    private final SpiderCatalog catalog;
    /** Canned inline responses by canonical URL. */
    private final Map<String, Response> canned;
    /** The settings of live inline fetches, or null for canned ones only. */
    private final @Nullable Settings live;

    private SpiderTester(
            SpiderDefinition spider, SpiderCatalog catalog, Map<String, Response> canned, @Nullable Settings live) {
        this.spider = spider;
        this.catalog = catalog;
        this.canned = Map.copyOf(canned);
        this.live = live;
    }

    /**
     * The spider {@code spiderClass} declares, found in the registry the annotation processor
     * generated next to it.
     *
     * @throws AssertionError if it is not a {@code @Spider} compiled with the processor
     */
    public static SpiderTester of(Class<?> spiderClass) {
        List<SpiderRegistry> registries = new ArrayList<>();
        ServiceLoader.load(SpiderRegistry.class, spiderClass.getClassLoader()).forEach(registries::add);
        SpiderCatalog catalog = SpiderCatalog.of(registries);
        SpiderDefinition spider = catalog.spiders().stream()
                .filter(s -> s.className().equals(spiderClass.getName()))
                .findFirst()
                .orElseThrow(() -> new AssertionError(
                        spiderClass.getName() + " is not a @Spider compiled with the Spinneret annotation"
                                + " processor (is the processor in the compiler's annotationProcessorPaths?)"));
        return new SpiderTester(spider, catalog, Map.of(), null);
    }

    /**
     * This tester, with {@code response} as the answer to the callbacks' inline fetches of
     * {@code url} (compared canonicalised). A status outside 2xx ({@link Pages#status}) makes the
     * fetch throw, as in a crawl.
     */
    public SpiderTester respond(String url, Response response) {
        Map<String, Response> more = new LinkedHashMap<>(canned);
        more.put(Urls.canonicalize(url), response);
        return new SpiderTester(spider, catalog, more, live);
    }

    /**
     * This tester, fetching the inline fetches that have no {@link #respond canned} response over
     * the network, through the chain a crawl of the spider would use: its settings (no
     * {@code settings.toml}), then {@code settings} ({@code "key=value"}, e.g.
     * {@code "respect_robots=false"}). Meant for a {@link PageServer}: give the page its URL there,
     * so that the links the callback fetches resolve to it.
     *
     * @throws io.spinneret.settings.InvalidSettingException for an unknown key or a bad value
     */
    public SpiderTester fetchLive(String... settings) {
        Settings s = SettingsLoader.none().resolve(spider.name(), spider.className(), spider.settings(), List.of());
        for (String kv : settings) {
            int eq = kv.indexOf('=');
            if (eq < 1) throw new IllegalArgumentException("not key=value: " + kv);
            s = s.with(kv.substring(0, eq), kv.substring(eq + 1), "SpiderTester.fetchLive");
        }
        return new SpiderTester(spider, catalog, canned, s);
    }

    /** The spider's name, {@code @Spider(name)}. */
    public String name() {
        return spider.name();
    }

    /**
     * Runs {@code callback} on {@code page}.
     *
     * @throws AssertionError naming the spider's callbacks if it has no {@code callback}
     */
    public Yielded run(String callback, Response page) {
        if (!spider.callbacks().contains(callback))
            throw new AssertionError(
                    CallbackRun.unknownCallback(spider, callback).getMessage());
        if (live == null)
            return new Yielded(spider, CallbackRun.of(spider, catalog.items(), callback, page, this::canned));
        try (PageFetcher pages = PageFetcher.open(spider, live)) {
            InlineFetches network = pages.inline();
            return new Yielded(
                    spider,
                    CallbackRun.on(spider.newDispatcher(), spider, live, catalog.items(), callback, page, request -> {
                        Response r = canned.get(Urls.canonicalize(request.url()));
                        return r != null ? InlineFetches.require2xx(r) : network.fetch(request);
                    }));
        }
    }

    private Response canned(Request request) {
        Response r = canned.get(Urls.canonicalize(request.url()));
        if (r == null) {
            throw new AssertionError("the callback fetched " + request.url()
                    + " inline, and the test gave no response for it"
                    + (canned.isEmpty() ? "" : " (it gave responses for " + String.join(", ", canned.keySet()) + ")")
                    + "; give one with respond(url, Pages.file(...)), or fetch it from a PageServer with fetchLive()");
        }
        return InlineFetches.require2xx(r);
    }

    /** Runs the default callback, {@code parse}, on {@code page}. */
    public Yielded parse(Response page) {
        return run(Request.DEFAULT_CALLBACK, page);
    }
}
