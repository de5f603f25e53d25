package io.spinneret.test;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.engine.CallbackRun;
import io.spinneret.engine.SpiderCatalog;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.internal.SpiderRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

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
 */
public final class SpiderTester {
    private final SpiderDefinition spider;
    private final SpiderCatalog catalog;

    private SpiderTester(SpiderDefinition spider, SpiderCatalog catalog) {
        this.spider = spider;
        this.catalog = catalog;
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
        SpiderDefinition spider = catalog.spiders().stream().filter(s -> s.className().equals(spiderClass.getName())).findFirst()
                .orElseThrow(() -> new AssertionError(spiderClass.getName() + " is not a @Spider compiled with the Spinneret annotation"
                        + " processor (is the processor in the compiler's annotationProcessorPaths?)"));
        return new SpiderTester(spider, catalog);
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
        if (!spider.callbacks().contains(callback)) throw new AssertionError(CallbackRun.unknownCallback(spider, callback).getMessage());
        return new Yielded(spider, CallbackRun.of(spider, catalog.items(), callback, page));
    }

    /** Runs the default callback, {@code parse}, on {@code page}. */
    public Yielded parse(Response page) {
        return run(Request.DEFAULT_CALLBACK, page);
    }
}
