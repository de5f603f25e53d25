package io.spinneret.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/** Callback names used in method bodies, checked with the javac Tree API. */
class CallbackErrorsTest {
    @Test
    void misspelledCallbackInCrawlFollowIsAnErrorOnThatLiteral() {
        Compilation c = Compilations.compile("callbacks/ErroneousFollowCallback.java");
        assertThat(c).failed();
        assertThat(c).hadErrorCount(1);
        assertThat(c)
                .hadErrorContaining(
                        "[UnknownCallback] no callback 'detial' in spider 'books'; did you mean 'detail'? Callbacks: detail, parse")
                .inFile(Compilations.source("callbacks/ErroneousFollowCallback.java"))
                .onLineContaining("crawl.follow(href, \"detial\");");
    }

    @Test
    void misspelledCallbackInResponseFollowIsAnError() {
        Compilation c = Compilations.compile("callbacks/ErroneousResponseFollowCallback.java");
        assertThat(c).hadErrorCount(1);
        assertThat(c)
                .hadErrorContaining(
                        "no callback 'nxet' in spider 'response-follow'; did you mean 'next'? Callbacks: next, parse")
                .inFile(Compilations.source("callbacks/ErroneousResponseFollowCallback.java"))
                .onLineContaining("\"nxet\"");
    }

    @Test
    void misspelledCallbackInRequestBuilderIsAnError() {
        Compilation c = Compilations.compile("callbacks/ErroneousBuilderCallback.java");
        assertThat(c).hadErrorCount(1);
        assertThat(c)
                .hadErrorContaining("no callback 'api_result' in spider 'builder'; did you mean 'apiResult'?")
                .inFile(Compilations.source("callbacks/ErroneousBuilderCallback.java"))
                .onLineContaining(".callback(\"api_result\")");
    }

    @Test
    void unknownCallbackInRequestOfIsAnErrorListingTheCallbacks() {
        Compilation c = Compilations.compile("callbacks/ErroneousRequestOfCallback.java");
        assertThat(c).hadErrorCount(1);
        assertThat(c)
                .hadErrorContaining(
                        "[UnknownCallback] no callback 'zzz' in spider 'request-of'; Callbacks: item, parse")
                .inFile(Compilations.source("callbacks/ErroneousRequestOfCallback.java"))
                .onLineContaining("\"zzz\"");
    }

    @Test
    void constantsNamingUnknownCallbacksAreErrors() {
        Compilation c = Compilations.compile("callbacks/ErroneousConstantCallback.java");
        var file = Compilations.source("callbacks/ErroneousConstantCallback.java");
        assertThat(c).hadErrorCount(2);
        assertThat(c)
                .hadErrorContaining("no callback 'detial' in spider 'constants'")
                .inFile(file)
                .onLineContaining("MISSPELT);");
        assertThat(c)
                .hadErrorContaining("no callback 'lsting' in spider 'constants'; did you mean 'listing'?")
                .inFile(file)
                .onLineContaining("crawl.follow(\"c.html\", local)");
    }

    @Test
    void nonConstantCallbackIsAWarningAndCompiles() {
        Compilation c = Compilations.compile("callbacks/NonConstantCallback.java");
        assertThat(c).succeeded();
        assertThat(c).hadWarningCount(1);
        assertThat(c)
                .hadWarningContaining("[NonConstantCallback] callback name is not a compile-time constant")
                .inFile(Compilations.source("callbacks/NonConstantCallback.java"))
                .onLineContaining("crawl.follow(\"a.html\", next)");
    }

    @Test
    void constantsFromFieldsLocalsImportsAndGeneratedCallbacksClassAreAccepted() {
        Compilation c = Compilations.compile("callbacks/ConstantCallbacks.java", "callbacks/Names.java");
        assertThat(c).succeededWithoutWarnings();
    }
}
