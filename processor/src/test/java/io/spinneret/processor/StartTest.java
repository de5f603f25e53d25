package io.spinneret.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import io.spinneret.api.Request;
import io.spinneret.internal.SpiderDefinition;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code @Start} methods: generated dispatch, and the compile errors about them. */
class StartTest {
    @Test
    void startMethodSchedulesTheStartRequestsOnTheCrawl() throws Exception {
        Compilation c = Compilations.compile("starts/StartSpider.java");
        assertThat(c).succeededWithoutWarnings();
        Golden.assertGenerated(
                getClass(), "startMethodSchedulesTheStartRequestsOnTheCrawl", c, "test.starts.StartSpider_Dispatch");
        var definition = (SpiderDefinition) new GeneratedClassLoader(c)
                .load("test.starts.StartSpider_Dispatch")
                .getConstructor()
                .newInstance();
        var crawl = new RecordingCrawl(null);
        assertTrue(definition.newDispatcher().start(definition.startUrls(), crawl));
        assertEquals(
                List.of(
                        "POST https://api.example/login -> login",
                        "GET https://a.example/ -> parse, on failure failed",
                        "GET https://b.example/ -> parse, on failure failed"),
                crawl.requests.stream().map(Request::toString).toList());
        assertEquals("en", crawl.requests.get(1).headers().get("Accept-Language"));
    }

    @Test
    void aSpiderWithoutOneLeavesTheStartUrlsToTheRuntime() throws Exception {
        SpiderDefinition shapes = DispatchGenerationTest.shapes();
        var crawl = new RecordingCrawl(null);
        assertFalse(shapes.newDispatcher().start(shapes.startUrls(), crawl));
        assertEquals(List.of(), crawl.requests);
    }

    @Test
    void oneStartMethodWithStartUrlsAndCrawlParametersReturningRequests() {
        Compilation c = Compilations.compile("starts/ErroneousStarts.java");
        var file = Compilations.source("starts/ErroneousStarts.java");
        assertThat(c).hadErrorCount(6);
        assertThat(c)
                .hadErrorContaining(
                        "[DuplicateStart] spider 'bad-starts' has more than one @Start method: method first() and method second()")
                .inFile(file)
                .onLineContaining("Thing second(");
        assertThat(c)
                .hadErrorContaining(
                        "[UnsupportedParameter] @Start method second() has a parameter of type java.lang.String; "
                                + "its parameters are List<String> and Crawl")
                .inFile(file)
                .onLineContaining("Thing second(");
        assertThat(c)
                .hadErrorContaining(
                        "[StartReturnsItems] @Start method second() returns test.starts.ErroneousStarts.Thing, "
                                + "but it makes requests, not items")
                .inFile(file)
                .onLineContaining("Thing second(");
        assertThat(c)
                .hadErrorContaining("[StartAndCallback] method both() is annotated @Start and @Parse or @Errback")
                .inFile(file)
                .onLineContaining("void both(");
        assertThat(c)
                .hadErrorContaining(
                        "[UnsupportedParameter] @Start method both() has a parameter of type io.spinneret.api.Response")
                .inFile(file)
                .onLineContaining("void both(");
    }

    @Test
    void callbackNamesInTheStartMethodAreChecked() {
        Compilation c = Compilations.compile("starts/ErroneousStartBody.java");
        assertThat(c).hadErrorCount(1);
        assertThat(c)
                .hadErrorContaining(
                        "[UnknownCallback] no callback 'detial' in spider 'bad-start-body'; did you mean 'detail'?")
                .inFile(Compilations.source("starts/ErroneousStartBody.java"))
                .onLineContaining("\"detial\"");
    }
}
