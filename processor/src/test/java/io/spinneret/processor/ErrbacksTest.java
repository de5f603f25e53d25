package io.spinneret.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.testing.compile.Compilation;
import io.spinneret.api.Failure;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.api.UnknownCallbackException;
import io.spinneret.internal.Dispatcher;
import io.spinneret.internal.SpiderDefinition;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code @Errback} methods: generated dispatch, and the compile errors about them and their names. */
class ErrbacksTest {
    static final String URL = "https://errbacks.example/a.html";

    static Compilation compiled;

    static synchronized Compilation compiled() {
        if (compiled == null) {
            compiled = Compilations.compile("errbacks/ErrbackSpider.java");
            assertThat(compiled).succeededWithoutWarnings();
        }
        return compiled;
    }

    static SpiderDefinition definition() throws Exception {
        return (SpiderDefinition) new GeneratedClassLoader(compiled())
                .load("test.errbacks.ErrbackSpider_Dispatch")
                .getConstructor()
                .newInstance();
    }

    static Failure notFound() {
        Response page = new Response(Request.of(URL), URL, 404, Map.of(), "gone".getBytes(StandardCharsets.UTF_8));
        return new Failure(Request.of(URL, "detail"), "HTTP 404", null, page);
    }

    static Failure refused() {
        return new Failure(Request.of(URL, "detail"), "connection refused", new ConnectException("refused"), null);
    }

    @Test
    void errbackSpiderMatchesGoldenSource() {
        Golden.assertGenerated(
                getClass(),
                "errbackSpiderMatchesGoldenSource",
                compiled(),
                "test.errbacks.ErrbackSpider_Dispatch",
                "test.errbacks.ErrbackSpider_Callbacks");
    }

    @Test
    void errbacksAreListedApartFromCallbacks() throws Exception {
        SpiderDefinition d = definition();
        assertEquals(List.of("detail", "parse"), d.callbacks());
        assertEquals(List.of("elsewhere", "gone", "logged"), d.errbacks());
    }

    @Test
    void errbacksReceiveTheFailureAndTheirResultsReachTheCrawl() throws Exception {
        Dispatcher dispatcher = definition().newDispatcher();
        Failure failure = notFound();
        var crawl = new RecordingCrawl(failure.response());
        dispatcher.dispatchFailure("gone", failure, crawl);
        dispatcher.dispatchFailure("elsewhere", refused(), crawl);
        dispatcher.dispatchFailure("logged", refused(), crawl);
        assertEquals(
                List.of(
                        "Gone[url=" + URL + ", status=404, reason=HTTP 404]",
                        "Gone[url=" + URL + ", status=0, reason=logged: connection refused]"),
                crawl.items.stream().map(String::valueOf).toList());
        assertEquals(
                List.of("https://mirror.example/a.html -> detail"),
                crawl.requests.stream()
                        .map(r -> r.url() + " -> " + r.callback())
                        .toList());
    }

    @Test
    void parseCallbackSetsErrbacksOnItsRequests() throws Exception {
        Response index = new Response(
                Request.of("https://errbacks.example/"), "https://errbacks.example/", 200, Map.of(), new byte[0]);
        var crawl = new RecordingCrawl(index);
        definition().newDispatcher().dispatch("parse", index, crawl);
        assertEquals(
                Arrays.asList("gone", "elsewhere", null),
                crawl.requests.stream().map(Request::errback).toList());
    }

    @Test
    void unknownErrbackThrowsNamingTheSpidersErrbacks() throws Exception {
        var crawl = new RecordingCrawl(null);
        var e = assertThrows(
                UnknownCallbackException.class,
                () -> definition().newDispatcher().dispatchFailure("detail", refused(), crawl));
        assertEquals(
                "spider 'errbacks' has no errback 'detail'; its errbacks are elsewhere, gone, logged", e.getMessage());
    }

    @Test
    void callbacksClassHasConstantsForErrbacks() throws Exception {
        Class<?> constants = new GeneratedClassLoader(compiled()).load("test.errbacks.ErrbackSpider_Callbacks");
        assertEquals("gone", constants.getField("GONE").get(null));
        assertEquals("detail", constants.getField("DETAIL").get(null));
    }

    @Test
    void errbackNamesInBodiesAreCheckedAgainstErrbacksAndCallbackNamesAgainstCallbacks() {
        Compilation c = Compilations.compile("errbacks/ErroneousErrbacks.java");
        var file = Compilations.source("errbacks/ErroneousErrbacks.java");
        assertThat(c).hadErrorCount(3);
        assertThat(c)
                .hadErrorContaining(
                        "[UnknownErrback] no errback 'gnoe' in spider 'bad-errbacks'; did you mean 'gone'? Errbacks: gone")
                .inFile(file)
                .onLineContaining("errback(\"gnoe\")");
        assertThat(c)
                .hadErrorContaining(
                        "no errback 'detail' in spider 'bad-errbacks'; 'detail' is a @Parse callback, which handles "
                                + "responses, not failures. Errbacks: gone")
                .inFile(file)
                .onLineContaining("errback(\"detail\")");
        assertThat(c)
                .hadErrorContaining(
                        "no callback 'gone' in spider 'bad-errbacks'; 'gone' is an @Errback, which handles failures, "
                                + "not responses. Callbacks: detail, parse")
                .inFile(file)
                .onLineContaining("callback(\"gone\")");
    }

    @Test
    void errbackMethodsAreCheckedLikeCallbacksWithFailureInPlaceOfResponse() {
        Compilation c = Compilations.compile("errbacks/ErroneousErrbackMethods.java");
        var file = Compilations.source("errbacks/ErroneousErrbackMethods.java");
        assertThat(c).hadErrorCount(5);
        assertThat(c)
                .hadErrorContaining(
                        "[UnsupportedParameter] @Parse method takesFailure() has a parameter of type io.spinneret.api.Failure; "
                                + "its parameters are Response and Crawl")
                .inFile(file)
                .onLineContaining("void takesFailure(");
        assertThat(c)
                .hadErrorContaining(
                        "[UnsupportedParameter] @Errback method takesResponse() has a parameter of type io.spinneret.api.Response; "
                                + "its parameters are Failure and Crawl")
                .inFile(file)
                .onLineContaining("void takesResponse(");
        assertThat(c)
                .hadErrorContaining("[PrivateCallback] @Errback method hidden() must not be private")
                .inFile(file)
                .onLineContaining("void hidden(");
        assertThat(c)
                .hadErrorContaining("[ParseAndErrback] method both() is annotated both @Parse and @Errback")
                .inFile(file)
                .onLineContaining("void both(");
        assertThat(c)
                .hadErrorContaining(
                        "[DuplicateCallback] callback 'parse' is already defined by method parse() in spider 'bad-errback-methods'; "
                                + "callbacks and errbacks share one set of names")
                .inFile(file)
                .onLineContaining("@Errback(name = \"parse\")");
    }
}
