package io.spinneret.api;

import io.spinneret.annotations.XPathTarget;
import java.util.ArrayList;
import java.util.List;
import org.jsoup.helper.W3CDom;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.Elements;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * XPath on a page, by jsoup: {@link Response#xpath} gives elements, {@link Response#xpathTexts}
 * the strings of whatever the expression selects: elements' text, text nodes
 * ({@code //td/text()[2]}), attributes ({@code //a/@href}), comments. Stateless.
 */
final class XPathSelection {
    private XPathSelection() {}

    /**
     * @throws IllegalArgumentException if the expression ends on text nodes, attributes or comments,
     *     which are no elements (it would select nothing, whatever the page): use xpathTexts
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

    /**
     * The strings of what {@code xpath} selects, in document order: an element's text (as jsoup's
     * {@link Element#text()}), a text node's text, an attribute's value, a comment's data. The
     * expression is evaluated as jsoup's {@code selectXpath} does (on the page converted to a W3C
     * DOM), but every node it selects is kept: jsoup maps back only elements and text nodes, and
     * would drop attributes.
     */
    static List<String> texts(Document document, String xpath) {
        W3CDom w3c = new W3CDom().namespaceAware(false);
        org.w3c.dom.Document converted = w3c.fromJsoup(document);
        NodeList nodes = w3c.selectXpath(xpath, w3c.contextNode(converted));
        List<String> out = new ArrayList<>(nodes.getLength());
        for (int i = 0; i < nodes.getLength(); i++) {
            Node node = nodes.item(i);
            out.add(
                    switch (node.getUserData(W3CDom.SourceProperty)) {
                        case Element e -> e.text();
                        case TextNode t -> t.text();
                        case null, default -> {
                            String value = node.getNodeValue(); // an attribute's value, a comment's data
                            yield value != null ? value : node.getTextContent();
                        }
                    });
        }
        return out;
    }
}
