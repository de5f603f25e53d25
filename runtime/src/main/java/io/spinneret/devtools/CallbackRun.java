package io.spinneret.devtools;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.api.SpinneretException;
import io.spinneret.engine.CollectingCrawl;
import io.spinneret.engine.PageCallback;
import io.spinneret.internal.Dispatcher;
import io.spinneret.internal.ItemSchema;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.settings.Settings;
import io.spinneret.settings.SettingsLoader;
import io.spinneret.spi.InlineFetches;
import io.spinneret.writer.ItemSchemas;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What one callback yielded on one response, found by the code a crawl runs ({@link PageCallback}:
 * the generated dispatcher, the same {@link io.spinneret.api.Crawl}, then the links of the spider's
 * {@code @Follow} rules and the {@code noindex} drop) but with nothing scheduled, stored or fetched:
 * the items, the requests, and what the callback threw, if it did (what it emitted before is
 * kept, as in a crawl). Behind {@code spinneret parse}, the shell and the test kit.
 *
 * <pre>{@code
 * CallbackRun run = CallbackRun.of(spider, catalog.items(), "detail", response);
 * run.items().forEach(System.out::println);
 * }</pre>
 *
 * Immutable.
 */
public final class CallbackRun {
    private static final JsonFactory JSON = new JsonFactory();

    private final List<Object> items;
    private final List<ItemSchema<?>> schemas;
    private final List<Request> requests;
    private final List<Request> fetched;
    private final @Nullable Throwable error;
    private final int noindex;

    private CallbackRun(PageCallback.Yield out) {
        CollectingCrawl crawl = out.crawl();
        this.items = List.copyOf(crawl.items);
        this.schemas = List.copyOf(crawl.itemSchemas);
        this.requests = List.copyOf(crawl.requests);
        this.fetched = List.copyOf(crawl.fetched);
        this.error = out.error();
        this.noindex = out.noindex().size();
    }

    /** The items emitted or returned, in order. */
    public List<Object> items() {
        return items;
    }

    /** The requests scheduled, in order (relative links already resolved against the page). */
    public List<Request> requests() {
        return requests;
    }

    /** The requests the callback fetched inline ({@code crawl.fetch(...)}), in order, whether they succeeded or not. */
    public List<Request> fetched() {
        return fetched;
    }

    /** How many items the callback emitted that a crawl drops because the page says {@code noindex}. */
    public int droppedNoindex() {
        return noindex;
    }

    /** What the callback threw, or null. */
    public @Nullable Throwable error() {
        return error;
    }

    /** Each item as the JSON line {@code run -o items.jsonl} would write for it, in order. */
    public List<String> itemsAsJson() {
        List<String> out = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) out.add(json(schemas.get(i), items.get(i)));
        return out;
    }

    @SuppressWarnings("unchecked")
    private static <T> String json(ItemSchema<T> schema, Object item) {
        StringWriter w = new StringWriter();
        try (JsonGenerator gen = JSON.createGenerator(w)) {
            schema.writeJson((T) item, gen);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }

    /**
     * Runs {@code callback} of a new instance of {@code spider} on {@code response}; an inline
     * fetch ({@code crawl.fetch(...)}) throws, saying that nothing is fetched here.
     *
     * @param items the item schemas the spider may emit (e.g. {@link io.spinneret.embed.SpiderCatalog#items()})
     * @throws SpinneretException naming the spider's callbacks if it has no {@code callback}
     */
    public static CallbackRun of(
            SpiderDefinition spider, Collection<? extends ItemSchema<?>> items, String callback, Response response) {
        return of(spider, items, callback, response, NO_FETCHES);
    }

    /** As {@link #of(SpiderDefinition, Collection, String, Response)}, with the callback's inline fetches answered by {@code fetches}. */
    public static CallbackRun of(
            SpiderDefinition spider,
            Collection<? extends ItemSchema<?>> items,
            String callback,
            Response response,
            InlineFetches fetches) {
        return on(spider.newDispatcher(), spider, items, callback, response, fetches);
    }

    /** As {@link #of}, on an existing dispatcher (one spider instance for several pages, as in a crawl). */
    public static CallbackRun on(
            Dispatcher dispatcher,
            SpiderDefinition spider,
            Collection<? extends ItemSchema<?>> items,
            String callback,
            Response response) {
        return on(dispatcher, spider, items, callback, response, NO_FETCHES);
    }

    /** As {@link #of}, on an existing dispatcher, with the callback's inline fetches answered by {@code fetches}. */
    public static CallbackRun on(
            Dispatcher dispatcher,
            SpiderDefinition spider,
            Collection<? extends ItemSchema<?>> items,
            String callback,
            Response response,
            InlineFetches fetches) {
        return on(dispatcher, spider, spiderSettings(spider), items, callback, response, fetches);
    }

    /**
     * As {@link #of}, on an existing dispatcher, with the callback's inline fetches answered by
     * {@code fetches} and the link rules read with {@code settings} ({@code respect_robots_meta},
     * {@code skip_nofollow_links}), as a crawl with those settings reads them.
     */
    public static CallbackRun on(
            Dispatcher dispatcher,
            SpiderDefinition spider,
            Settings settings,
            Collection<? extends ItemSchema<?>> items,
            String callback,
            Response response,
            InlineFetches fetches) {
        Objects.requireNonNull(response);
        if (!spider.callbacks().contains(callback)) throw unknownCallback(spider, callback);
        CollectingCrawl crawl = new CollectingCrawl(response, new ItemSchemas(List.copyOf(items)), fetches);
        return new CallbackRun(new PageCallback(dispatcher, settings).run(callback, response, crawl));
    }

    /** The settings of a crawl of {@code spider} without a settings file or command line: its own and the defaults. */
    private static Settings spiderSettings(SpiderDefinition spider) {
        return SettingsLoader.none().resolve(spider.name(), spider.className(), spider.settings(), List.of());
    }

    private static final InlineFetches NO_FETCHES =
            InlineFetches.none("this run has no network; give it the responses to fetch");

    /** The message for a callback {@code spider} does not have, listing those it has. */
    public static SpinneretException unknownCallback(SpiderDefinition spider, String callback) {
        return new SpinneretException("spider '" + spider.name() + "' has no callback '" + callback
                + "'; its callbacks: " + String.join(", ", spider.callbacks()));
    }

    /** {@code 1 items, 0 requests} (and what the callback threw), as the shell prints it. */
    @Override
    public String toString() {
        return items.size() + " items, " + requests.size() + " requests"
                + (noindex == 0 ? "" : ", " + noindex + " items dropped (noindex)")
                + (fetched.isEmpty() ? "" : ", " + fetched.size() + " inline fetches")
                + (error == null ? "" : ", threw " + error);
    }

    /** The items of type {@code type}, in order. */
    public <T> List<T> items(Class<T> type) {
        return items.stream().filter(type::isInstance).map(type::cast).toList();
    }

    /**
     * The stack frame of {@code error} inside the spider's class (the callback's line), else the
     * frame it was thrown from; null for an exception without a stack trace.
     */
    public static @Nullable StackTraceElement spiderFrame(Throwable error, SpiderDefinition spider) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            for (StackTraceElement e : t.getStackTrace()) {
                String c = e.getClassName();
                if (c.equals(spider.className()) || c.startsWith(spider.className() + "$")) return e;
            }
        }
        StackTraceElement[] top = error.getStackTrace();
        return top.length == 0 ? null : top[0];
    }
}
