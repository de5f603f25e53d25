package io.spinneret.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.testing.compile.Compilation;
import io.spinneret.annotations.Renderer;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.api.UnknownCallbackException;
import io.spinneret.internal.Dispatcher;
import io.spinneret.internal.SpiderDefinition;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DispatchGenerationTest {
    static final String URL = "https://books.example/catalogue/index.html";

    static Response page(String html) {
        return new Response(Request.of(URL), URL, 200, Map.of(), html.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void booksSpiderGeneratesDispatchCallbacksSerializerAndRegistry() throws Exception {
        Compilation c = Compilations.compile("dispatch/BooksSpider.java", "dispatch/Book.java");
        assertThat(c).succeededWithoutWarnings();
        Golden.assertGenerated(
                getClass(),
                "booksSpiderGeneratesDispatchCallbacksSerializerAndRegistry",
                c,
                "com.example.books.BooksSpider_Dispatch",
                "com.example.books.BooksSpider_Callbacks",
                "com.example.books.Book_Serializer",
                "com.example.books.GeneratedSpiderRegistry");

        var loader = new GeneratedClassLoader(c);
        var definition = (SpiderDefinition) loader.load("com.example.books.BooksSpider_Dispatch")
                .getConstructor()
                .newInstance();
        assertEquals("books", definition.name());
        assertEquals(List.of("detail", "parse"), definition.callbacks());
        var crawl = new RecordingCrawl(page("<article class=product_pod><h3><a href='a/b.html'>x</a></h3></article>"));
        definition.newDispatcher().dispatch("parse", crawl.response, crawl);
        assertEquals(
                List.of("https://books.example/catalogue/a/b.html -> detail"),
                crawl.requests.stream()
                        .map(r -> r.url() + " -> " + r.callback())
                        .toList());
    }

    static Compilation shapes = null;
    static SpiderDefinition shapesDefinition;

    static synchronized SpiderDefinition shapes() throws Exception {
        if (shapesDefinition == null) {
            shapes = Compilations.compile("shapes/ShapesSpider.java");
            assertThat(shapes).succeededWithoutWarnings();
            shapesDefinition = (SpiderDefinition) new GeneratedClassLoader(shapes)
                    .load("test.shapes.ShapesSpider_Dispatch")
                    .getConstructor()
                    .newInstance();
        }
        return shapesDefinition;
    }

    /** Runs one callback of the shapes spider; returns what it scheduled and emitted, as text. */
    static List<String> run(String callback) throws Exception {
        Dispatcher dispatcher = shapes().newDispatcher();
        var crawl = new RecordingCrawl(page("<h1>Title</h1>"));
        dispatcher.dispatch(callback, crawl.response, crawl);
        var out = new ArrayList<String>();
        crawl.requests.forEach(r -> out.add("request " + r.url() + " -> " + r.callback()));
        crawl.items.forEach(i -> out.add("item " + i));
        return out;
    }

    @Test
    void shapesSpiderDispatchMatchesGoldenSource() throws Exception {
        shapes();
        Golden.assertGenerated(
                getClass(),
                "shapesSpiderDispatchMatchesGoldenSource",
                shapes,
                "test.shapes.ShapesSpider_Dispatch",
                "test.shapes.ShapesSpider_Callbacks");
    }

    @Test
    void definitionDescribesTheSpider() throws Exception {
        SpiderDefinition d = shapes();
        assertEquals("shapes", d.name());
        assertEquals("test.shapes.ShapesSpider", d.className());
        assertEquals(List.of("https://shapes.example/"), d.startUrls());
        assertEquals(Renderer.BROWSER, d.renderer());
        assertEquals(List.of(), d.settings());
        assertEquals(
                List.of(
                        "array",
                        "counter",
                        "crawlFirst",
                        "crawlOnly",
                        "emptyOptional",
                        "generic",
                        "interfaces",
                        "item",
                        "iterable",
                        "list",
                        "mixed",
                        "nothing",
                        "nullItem",
                        "objects",
                        "optional",
                        "parse",
                        "request",
                        "stream",
                        "throws",
                        "wildcardSet"),
                d.callbacks());
    }

    @Test
    void voidCallbacksReceiveResponseAndCrawlInDeclaredOrder() throws Exception {
        assertEquals(List.of("item Thing[name=parse:Title]"), run("parse"));
        assertEquals(List.of("request https://books.example/catalogue/next.html -> item"), run("crawlFirst"));
        assertEquals(List.of("request https://books.example/catalogue/index.html?only -> item"), run("crawlOnly"));
        assertEquals(List.of(), run("nothing"));
    }

    @Test
    void singleItemsAndRequestsAreEmittedAndScheduledAndNullIsIgnored() throws Exception {
        assertEquals(List.of("item Thing[name=item]"), run("item"));
        assertEquals(List.of(), run("nullItem"));
        assertEquals(List.of("request https://books.example/catalogue/r.html -> item"), run("request"));
    }

    @Test
    void containersAreUnpackedInOrderSkippingNulls() throws Exception {
        assertEquals(List.of("item Thing[name=a]", "item Thing[name=b]"), run("list"));
        assertEquals(
                List.of("request https://shapes.example/i1 -> item", "request https://shapes.example/i2 -> item"),
                run("iterable"));
        assertEquals(List.of("request https://shapes.example/s -> item"), run("wildcardSet"));
        assertEquals(List.of("item Thing[name=s1]", "item Thing[name=s2]"), run("stream"));
        assertEquals(List.of("request https://shapes.example/o -> item"), run("optional"));
        assertEquals(List.of(), run("emptyOptional"));
        assertEquals(List.of("item Thing[name=x1]", "item Thing[name=x2]"), run("array"));
        assertEquals(List.of(), run("generic"));
        assertEquals(List.of(), run("interfaces"));
    }

    @Test
    void objectResultsAreSortedOutAtRunTime() throws Exception {
        assertEquals(
                List.of("request https://shapes.example/m -> item", "item Thing[name=m]", "item Thing[name=o]"),
                run("mixed"));
        assertEquals(List.of("request https://shapes.example/o1 -> item", "item Thing[name=o1]"), run("objects"));
    }

    @Test
    void callbackExceptionsPropagateUnwrapped() throws Exception {
        var crawl = new RecordingCrawl(page(""));
        IOException e = assertThrows(
                IOException.class, () -> shapes().newDispatcher().dispatch("throws", crawl.response, crawl));
        assertEquals("boom " + URL, e.getMessage());
    }

    @Test
    void unknownCallbackThrowsNamingSpiderAndCallbacks() throws Exception {
        var crawl = new RecordingCrawl(page(""));
        var e = assertThrows(
                UnknownCallbackException.class,
                () -> shapes().newDispatcher().dispatch("detial", crawl.response, crawl));
        assertEquals(
                "spider 'shapes' has no callback 'detial'; its callbacks are array, counter, crawlFirst, crawlOnly, emptyOptional, generic, "
                        + "interfaces, item, iterable, list, mixed, nothing, nullItem, objects, optional, parse, request, stream, throws, wildcardSet",
                e.getMessage());
    }

    @Test
    void eachDispatcherHasItsOwnSpiderInstance() throws Exception {
        Dispatcher first = shapes().newDispatcher();
        var crawl = new RecordingCrawl(page(""));
        first.dispatch("counter", crawl.response, crawl);
        first.dispatch("counter", crawl.response, crawl);
        shapes().newDispatcher().dispatch("counter", crawl.response, crawl);
        assertEquals(
                List.of("Thing[name=calls=1]", "Thing[name=calls=2]", "Thing[name=calls=1]"),
                crawl.items.stream().map(String::valueOf).toList());
    }

    @Test
    void inheritedCallbacksAreDispatchedAndOverridesWin() throws Exception {
        Compilation c = Compilations.compile("inherit/BaseSpider.java", "inherit/ChildSpider.java");
        assertThat(c).succeededWithoutWarnings();
        var d = (SpiderDefinition) new GeneratedClassLoader(c)
                .load("test.inherit.ChildSpider_Dispatch")
                .getConstructor()
                .newInstance();
        assertEquals(List.of("detail", "overridden", "parse"), d.callbacks());
        var crawl = new RecordingCrawl(page(""));
        d.newDispatcher().dispatch("detail", crawl.response, crawl);
        d.newDispatcher().dispatch("overridden", crawl.response, crawl);
        assertEquals(
                List.of(URL + "#base", "https://child.example/"),
                crawl.requests.stream().map(Request::url).toList());
    }
}
