package io.spinneret.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/**
 * XPath literals given to a {@code Response}'s {@code xpath} and {@code xpathTexts}, in any method
 * of a spider: one jsoup cannot evaluate is {@code [BadXPath]}, and one of text nodes or
 * attributes given to {@code xpath}, which gives elements, is {@code [XPathNotElements]}.
 */
class XPathLiteralErrorsTest {
    @Test
    void anXPathJsoupCannotEvaluateIsAnErrorOnTheArgument() {
        Compilation c = Compilations.compile("selectors/ErroneousXPath.java");
        var file = Compilations.source("selectors/ErroneousXPath.java");
        assertThat(c).hadErrorCount(6);
        assertThat(c)
                .hadErrorContaining("[BadXPath] XPath \"//p[@class='x'\" does not evaluate: Expected ], but found:")
                .inFile(file)
                .onLineContaining("page.xpath(\"//p[@class='x'\")");
        assertThat(c)
                .hadErrorContaining("[BadXPath] XPath \"//table//tr[\" does not evaluate: A location path was expected")
                .inFile(file)
                .onLineContaining("xpathTexts(ROWS)");
        assertThat(c)
                .hadErrorContaining("[BadXPath] XPath \"string(//title)\" does not evaluate: its value is a string,"
                        + " not nodes; XPath 1.0 as jsoup's selectXpath evaluates it (javax.xml.xpath): a path that"
                        + " selects nodes, such as //h1, //a/@href or //title/text()")
                .inFile(file)
                .onLineContaining("string(//title)");
        assertThat(c)
                .hadErrorContaining(
                        "[BadXPath] XPath \"shout(//h1)\" does not evaluate: Could not find function: shout")
                .inFile(file)
                .onLineContaining("shout(//h1)");
        assertThat(c)
                .hadErrorContaining("[BadXPath] XPath \"//td/\" does not evaluate: A location step was expected")
                .inFile(file)
                .onLineContaining("same.xpathTexts(\"//td/\")");
        assertThat(c)
                .hadErrorContaining("[BadXPath] XPath \"//title/text(\" does not evaluate")
                .inFile(file)
                .onLineContaining("//title/text(\"");
    }

    @Test
    void textNodesOrAttributesGivenToXpathAreAnErrorThatPointsAtXpathTexts() {
        Compilation c = Compilations.compile("selectors/XPathOfText.java");
        var file = Compilations.source("selectors/XPathOfText.java");
        assertThat(c).hadErrorCount(5);
        assertThat(c)
                .hadErrorContaining("[XPathNotElements] xpath(\"//head/title/text()\") selects text nodes, which are no"
                        + " elements, and fails at run time; did you mean xpathTexts(\"//head/title/text()\")? It gives"
                        + " their strings")
                .inFile(file)
                .onLineContaining("page.xpath(TITLE + \"/text()\")");
        assertThat(c)
                .hadErrorContaining("[XPathNotElements] xpath(\"//a/@href\") selects attributes, which are no elements")
                .inFile(file)
                .onLineContaining("page.xpath(\"//a/@href\")");
        assertThat(c)
                .hadErrorContaining("did you mean xpathTexts(\"//@data-id\")?")
                .inFile(file)
                .onLineContaining("page.xpath(\"//@data-id\")");
        // the last step read through its predicates, the parentheses around it and a union's branches
        assertThat(c)
                .hadErrorContaining("[XPathNotElements] xpath(\"//td/text()[2]\") selects text nodes")
                .inFile(file)
                .onLineContaining("page.xpath(\"//td/text()[2]\")");
        assertThat(c)
                .hadErrorContaining("[XPathNotElements] xpath(\"(//a/@href)[1] | //link/@href\") selects attributes")
                .inFile(file)
                .onLineContaining("page.xpath(\"(//a/@href)[1]");
    }

    @Test
    void aSpiderWithValidSelectorLiteralsCompilesWithoutWarnings() {
        Compilation c = Compilations.compile("selectors/ValidSelectors.java");
        assertThat(c).succeededWithoutWarnings();
    }
}
