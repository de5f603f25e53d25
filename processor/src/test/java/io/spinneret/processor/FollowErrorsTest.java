package io.spinneret.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/** Compile errors on the literals of @Follow rules and of page.links() chains. */
class FollowErrorsTest {
    @Test
    void followRulesWithUnknownCallbacksBadRegexesGlobsSelectorsAndNamesAreErrorsOnTheirLiteral() {
        Compilation c = Compilations.compile("follow/ErroneousFollow.java");
        var file = Compilations.source("follow/ErroneousFollow.java");
        assertThat(c)
                .hadErrorContaining(
                        "[UnknownCallback] no callback 'detial' in spider 'erroneous_follow'; did you mean 'detail'?"
                                + " Callbacks: detail, parse")
                .inFile(file)
                .onLineContaining("@Follow(callback = \"detial\")");
        assertThat(c)
                .hadErrorContaining("[BadRegex] regular expression \"/books/(\\d+\" does not compile: Unclosed group")
                .inFile(file)
                .onLineContaining("/books/(");
        assertThat(c)
                .hadErrorContaining("[BadGlob] glob \"/shop/[abc\" does not compile: unclosed '[' at index 6")
                .inFile(file)
                .onLineContaining("/shop/[abc");
        assertThat(c)
                .hadErrorContaining(
                        "[BadRegex] regular expression \"*.pdf\" does not compile: Dangling meta character '*'")
                .inFile(file)
                .onLineContaining("deny = \"*.pdf\"");
        assertThat(c)
                .hadErrorContaining("[BadSelector] CSS selector \"div[data-id\" does not parse")
                .inFile(file)
                .onLineContaining("div[data-id");
        assertThat(c)
                .hadErrorContaining("[BadGlob] glob \"/x/{a,b\" does not compile: unclosed '{' at index 3")
                .inFile(file)
                .onLineContaining("/x/{a,b");
        assertThat(c)
                .hadErrorContaining(
                        "[UnknownCallback] no callback 'pars' in spider 'erroneous_follow'; did you mean 'parse'?")
                .inFile(file)
                .onLineContaining("on = \"pars\"");
        assertThat(c)
                .hadErrorContaining("[BadLinkTag] 'a href' is not a tag or attribute name")
                .inFile(file)
                .onLineContaining("tags = \"a href\"");
        assertThat(c)
                .hadErrorContaining(
                        "[UnknownCallback] no callback 'failed' in spider 'erroneous_follow'; 'failed' is an @Errback")
                .inFile(file)
                .onLineContaining("@Follow(callback = \"failed\")");
        assertThat(c).hadErrorCount(9);
    }

    @Test
    void literalsOfLinksChainsAreCheckedAndOtherCallsAreNot() {
        Compilation c = Compilations.compile("follow/ErroneousLinksChain.java");
        var file = Compilations.source("follow/ErroneousLinksChain.java");
        assertThat(c)
                .hadErrorContaining("[BadSelector] CSS selector \"nav >\" does not parse")
                .inFile(file)
                .onLineContaining("nav >");
        assertThat(c)
                .hadErrorContaining("[BadRegex] regular expression \"page-(\\d+\" does not compile: Unclosed group")
                .inFile(file)
                .onLineContaining("page-(");
        assertThat(c)
                .hadErrorContaining("[BadGlob] glob \"**.{pdf,zip\" does not compile: unclosed '{' at index 3")
                .inFile(file)
                .onLineContaining("**.{pdf,zip");
        assertThat(c)
                .hadErrorContaining("[UnknownCallback] no callback 'detial' in spider 'erroneous_links'")
                .inFile(file)
                .onLineContaining("\"detial\"");
        assertThat(c)
                .hadErrorContaining("[BadRegex] regular expression \"[z-a]\" does not compile: Illegal character range")
                .inFile(file)
                .onLineContaining("[z-a]");
        assertThat(c)
                .hadErrorContaining("[BadLinkTag] 'data src' is not a tag or attribute name")
                .inFile(file)
                .onLineContaining("data src");
        assertThat(c).hadErrorCount(6);
    }
}
