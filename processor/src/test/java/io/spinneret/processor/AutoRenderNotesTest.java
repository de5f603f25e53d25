package io.spinneret.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/**
 * The compile-time report of what {@code renderer = auto} judges each callback's HTTP pages by: a
 * note naming the selector literals read from its body, or a note naming a callback whose
 * selectors cannot be read (then sampled by rendering); and the generated {@code pageNeeds()}.
 */
class AutoRenderNotesTest {
    private static Compilation compile() {
        return Compilations.compile("autorender/JudgedSpider.java", "autorender/Product.java");
    }

    @Test
    void aCallbackWhoseSelectorsAreReadIsNotedWithThem() {
        Compilation c = compile();
        var file = Compilations.source("autorender/JudgedSpider.java");
        assertThat(c).succeededWithoutWarnings();
        assertThat(c)
                .hadNoteContaining("[AutoRender] callback 'parse' of spider 'judged': renderer = auto judges its HTTP"
                        + " pages by \"article h3 a\", \"li.next a\", and on yielding an item or a request")
                .inFile(file)
                .onLineContaining("void parse(");
        assertThat(c)
                .hadNoteContaining("callback 'detail' of spider 'judged': renderer = auto judges its HTTP pages by"
                        + " \"h1\", \"p.price\", \"xpath //table//td[1]/text()\", and on yielding an item")
                .inFile(file)
                .onLineContaining("void detail(");
    }

    @Test
    void aCallbackWhoseSelectorsCannotBeReadIsNotedAsSampled() {
        Compilation c = compile();
        var file = Compilations.source("autorender/JudgedSpider.java");
        assertThat(c)
                .hadNoteContaining("[AutoRender] callback 'built' of spider 'judged': its selectors cannot be read"
                        + " (the selector of page.textOf(\"div.\" + field) is built at run time), so renderer = auto"
                        + " samples its pages by rendering")
                .inFile(file)
                .onLineContaining("void built(");
        assertThat(c)
                .hadNoteContaining("callback 'handed' of spider 'judged': its selectors cannot be read (the response"
                        + " is passed to title(page))")
                .inFile(file)
                .onLineContaining("void handed(");
    }

    @Test
    void theReadSelectorsAreGeneratedIntoTheDispatchTable() {
        String dispatch = Compilations.generatedSource(compile(), "test.JudgedSpider_Dispatch");
        assertTrue(
                dispatch.contains("Map.entry(\"detail\", new PageNeeds(List.of(\"h1\", \"p.price\"),"
                        + " List.of(\"//table//td[1]/text()\"), true))"),
                dispatch);
        assertTrue(
                dispatch.contains("Map.entry(\"parse\", new PageNeeds(List.of(\"article h3 a\", \"li.next a\"),"
                        + " List.of(), false))"),
                dispatch);
        assertTrue(
                !dispatch.contains("\"built\", new PageNeeds") && !dispatch.contains("\"handed\", new PageNeeds"),
                "unread callbacks are left to sampling: " + dispatch);
    }
}
