package io.spinneret.api;

import io.spinneret.annotations.XPathTarget;
import java.util.List;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.Elements;

/**
 * XPath on a page, by jsoup: {@link Response#xpath} gives elements, {@link Response#xpathTexts}
 * strings, also of the text nodes ({@code //title/text()}) and attributes ({@code //a/@href}) an
 * expression may end on (see {@link XPathTarget}), which are no elements. Stateless.
 */
final class XPathSelection {
    private XPathSelection() {}

    /**
     * @throws IllegalArgumentException if the expression ends on text nodes or an attribute, which
     *     are no elements (it would select nothing, whatever the page): use xpathTexts
     */
    static Elements elements(Document document, String xpath) {
        XPathTarget target = XPathTarget.of(xpath);
        if (target.kind() != XPathTarget.Kind.ELEMENTS) {
            throw new IllegalArgumentException(
                    "xpath(\"" + xpath + "\") selects " + target.kind().description()
                            + ", which are no elements: use xpathTexts(\"" + xpath + "\") for their strings");
        }
        return document.selectXpath(xpath);
    }

    /** The strings of what {@code xpath} selects: text nodes' text, attributes' values, elements' text. */
    static List<String> texts(Document document, String xpath) {
        XPathTarget target = XPathTarget.of(xpath);
        return switch (target.kind()) {
            case TEXT ->
                document.selectXpath(xpath, TextNode.class).stream()
                        .map(TextNode::text)
                        .toList();
            case ATTRIBUTE -> document.selectXpath(target.elements()).eachAttr(target.attribute());
            case ELEMENTS -> document.selectXpath(xpath).eachText();
        };
    }
}
