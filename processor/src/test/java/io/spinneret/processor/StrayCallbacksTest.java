package io.spinneret.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/** Handler methods in a class that no spider uses are reported; those of spiders and their bases are not. */
class StrayCallbacksTest {
    @Test
    void handlersOfAClassThatIsNoSpiderAreWarnedAbout() {
        Compilation c = Compilations.compile("stray/Forgotten.java");
        var file = Compilations.source("stray/Forgotten.java");
        assertThat(c).succeeded();
        assertThat(c).hadWarningCount(2);
        assertThat(c)
                .hadWarningContaining(
                        "[NotASpider] @Parse method parse() is in test.stray.Forgotten, which is no @Spider and which no"
                                + " @Spider of this compilation extends: nothing calls it; annotate the class with @Spider(name = \"...\")")
                .inFile(file)
                .onLineContaining("void parse(");
        assertThat(c)
                .hadWarningContaining("[NotASpider] @Errback method failed() is in test.stray.Forgotten")
                .inFile(file)
                .onLineContaining("void failed(");
    }

    @Test
    void argumentsOfAClassThatIsNoSpiderAreWarnedAbout() {
        Compilation c = Compilations.compile("stray/ForgottenArguments.java");
        assertThat(c).succeeded();
        assertThat(c).hadWarningCount(1);
        assertThat(c)
                .hadWarningContaining(
                        "[StrayArgument] @Arg field pages is in test.stray.ForgottenArguments, which is no @Spider"
                                + " and which no @Spider of this compilation extends: nothing sets it")
                .inFile(Compilations.source("stray/ForgottenArguments.java"))
                .onLineContaining("int pages");
    }

    @Test
    void baseClassesOfSpidersAndAbstractClassesAreLeftAlone() {
        Compilation c = Compilations.compile(
                "stray/SharedCallbacks.java",
                "stray/UsesShared.java",
                "stray/AbstractBase.java",
                "inherit/BaseSpider.java",
                "inherit/ChildSpider.java");
        assertThat(c).succeeded();
        assertThat(c).hadWarningCount(0);
    }
}
