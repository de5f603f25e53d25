package io.spinneret.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/** URL literals given to follow, crawl.fetch, Request.of and Request.builder. */
class UrlLiteralErrorsTest {
    @Test
    void aUrlWithAnotherSchemeThanHttpIsAnErrorOnItsArgument() {
        Compilation c = Compilations.compile("urls/ErroneousUrls.java");
        var file = Compilations.source("urls/ErroneousUrls.java");
        assertThat(c).hadErrorCount(5);
        assertThat(c)
                .hadErrorContaining(
                        "[BadUrl] 'mailto:someone@example.com' is no http(s) URL and no URL relative to the page:"
                                + " its scheme is 'mailto'; write https://... for another site, or a path like /page/2 for this one")
                .inFile(file)
                .onLineContaining("mailto:");
        assertThat(c)
                .hadErrorContaining("its scheme is 'javascript'")
                .inFile(file)
                .onLineContaining("javascript:");
        assertThat(c)
                .hadErrorContaining(
                        "'localhost:8080/login' is no http(s) URL and no URL relative to the page: its scheme is"
                                + " 'localhost' (did you mean 'http://localhost:8080/login'?)")
                .inFile(file)
                .onLineContaining("crawl.fetch(LOGIN)");
        assertThat(c).hadErrorContaining("its scheme is 'ftp'").inFile(file).onLineContaining("Request.of(");
        assertThat(c).hadErrorContaining("its scheme is 'file'").inFile(file).onLineContaining("Request.builder(");
    }

    @Test
    void relativeAndHttpUrlsComputedOnesAndAnotherObjectsFetchPass() {
        Compilation c = Compilations.compile("urls/FineUrls.java");
        assertThat(c).succeededWithoutWarnings();
    }
}
