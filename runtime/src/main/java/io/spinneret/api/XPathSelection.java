package io.spinneret.api;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.Elements;

/**
 * XPath on a page, by jsoup: {@link Response#xpath} gives elements, {@link Response#xpathTexts}
 * strings, also of the text nodes ({@code //title/text()}) and attributes ({@code //a/@href}) an
 * expression may end on, which are no elements. Stateless.
 */
final class XPathSelection {
    /** A last step that selects text nodes: {@code .../text()}. */
    private static final Pattern TEXT_STEP = Pattern.compile("(?s).*/text\\(\\)\\s*");
    /** A last step that selects an attribute: {@code .../@name}. */
    private static final Pattern ATTRIBUTE_STEP = Pattern.compile("(?s)(.*)/@([\\w:.\\-]+)\\s*");

    private XPathSelection() {}

    /**
     * @throws IllegalArgumentException if the expression ends on text nodes or an attribute, which
     *     are no elements (it would select nothing, whatever the page): use xpathTexts
     */
    static Elements elements(Document document, String xpath) {
        boolean text = TEXT_STEP.matcher(xpath).matches();
        if (text || ATTRIBUTE_STEP.matcher(xpath).matches()) {
            String what = text ? "text nodes" : "attributes";
            throw new IllegalArgumentException("xpath(\"" + xpath + "\") selects " + what
                    + ", which are no elements: use xpathTexts(\"" + xpath + "\") for their strings");
        }
        return document.selectXpath(xpath);
    }

    /** The strings of what {@code xpath} selects: text nodes' text, attributes' values, elements' text. */
    static List<String> texts(Document document, String xpath) {
        if (TEXT_STEP.matcher(xpath).matches()) {
            return document.selectXpath(xpath, TextNode.class).stream()
                    .map(TextNode::text)
                    .toList();
        }
        Matcher attribute = ATTRIBUTE_STEP.matcher(xpath);
        if (attribute.matches()) return document.selectXpath(attribute.group(1)).eachAttr(attribute.group(2));
        return document.selectXpath(xpath).eachText();
    }
}
