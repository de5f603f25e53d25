package io.spinneret.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/** Errors in @Spider(settings) entries and in CSS selector literals. */
class SettingsAndSelectorErrorsTest {
    @Test
    void unknownKeysBadValuesAndMalformedEntriesAreErrorsOnTheirArrayElement() {
        Compilation c = Compilations.compile("settings/ErroneousSettings.java");
        var file = Compilations.source("settings/ErroneousSettings.java");
        assertThat(c).hadErrorCount(5);
        assertThat(c)
                .hadErrorContaining(
                        "[UnknownSetting] unknown setting key 'concurency'; did you mean 'concurrency'? Keys: concurrency, ")
                .inFile(file)
                .onLineContaining("\"concurency=4\"");
        assertThat(c)
                .hadErrorContaining("[BadSettingValue] setting 'download_delay' expects a number, got \"soon\"")
                .inFile(file)
                .onLineContaining("\"download_delay=soon\"");
        assertThat(c)
                .hadErrorContaining("setting 'scheduler' expects one of memory, sqlite, redis, got \"postgres\"")
                .inFile(file)
                .onLineContaining("\"scheduler=postgres\"");
        assertThat(c)
                .hadErrorContaining("setting 'start_urls' expects http(s) URLs, got \"file:///etc/passwd\"")
                .inFile(file)
                .onLineContaining("\"start_urls=");
        assertThat(c)
                .hadErrorContaining("[MalformedSetting] setting 'respect_robots' is not key=value")
                .inFile(file)
                .onLineContaining("\"respect_robots\"");
    }

    @Test
    void selectorLiteralsThatJsoupCannotParseAreErrors() {
        Compilation c = Compilations.compile("selectors/ErroneousSelectors.java");
        var file = Compilations.source("selectors/ErroneousSelectors.java");
        assertThat(c).hadErrorCount(6);
        assertThat(c)
                .hadErrorContaining("[BadSelector] CSS selector \"div[data-id\" does not parse")
                .inFile(file)
                .onLineContaining("div[data-id");
        assertThat(c)
                .hadErrorContaining("[BadSelector] CSS selector \"ul:has(\" does not parse")
                .inFile(file)
                .onLineContaining("cssFirst(\"ul:has(\")");
        assertThat(c)
                .hadErrorContaining("CSS selector \"span:bogus\" does not parse")
                .inFile(file)
                .onLineContaining("span:bogus");
        assertThat(c)
                .hadErrorContaining("CSS selector \"p.price:contains(\" does not parse")
                .inFile(file)
                .onLineContaining("textOf(PRICE)");
        assertThat(c)
                .hadErrorContaining("CSS selector \"a:nth-child(x)\" does not parse")
                .inFile(file)
                .onLineContaining("a:nth-child(x)");
        assertThat(c)
                .hadErrorContaining("CSS selector \">\" does not parse")
                .inFile(file)
                .onLineContaining("body.selectFirst");
    }

    @Test
    void aRequiredSelectorThatJsoupCannotParseIsAnErrorOnItsAttribute() {
        Compilation c = Compilations.compile("selectors/ErroneousRequires.java");
        var file = Compilations.source("selectors/ErroneousRequires.java");
        assertThat(c).hadErrorCount(1);
        assertThat(c)
                .hadErrorContaining("[BadSelector] CSS selector \"div[data-id\" does not parse")
                .inFile(file)
                .onLineContaining("requires = \"div[data-id\"");
    }

    @Test
    void aSpiderWithMoreThanTenRequiredSelectorsCompiles() {
        Compilation c = Compilations.compile("selectors/ManyRequires.java");
        assertThat(c).succeeded();
        String dispatch = Compilations.generatedSource(c, "test.selectors.ManyRequires_Dispatch");
        assertTrue(dispatch.contains("Map.entry(\"page11\", \"div.part11\")"), dispatch);
    }
}
