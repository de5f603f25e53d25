package io.spinneret.annotations;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an XPath expression given to a page ends on, read from its last step; shared by the
 * runtime, whose {@code Response.xpath} selects elements and whose {@code Response.xpathTexts}
 * reads the strings of text nodes and attributes, and the annotation processor, which rejects
 * {@code xpath("//a/@href")} at compile time: text nodes and attributes are no elements.
 *
 * <ul>
 *   <li>{@code .../text()} ends on text nodes ({@link Kind#TEXT});</li>
 *   <li>{@code .../@name} and {@code ...//@name} end on an attribute ({@link Kind#ATTRIBUTE});</li>
 *   <li>anything else is taken to select elements ({@link Kind#ELEMENTS}).</li>
 * </ul>
 *
 * @param kind what the expression ends on
 * @param elements the expression of the elements: for an attribute, of the elements that carry it
 *     ({@code //a} for {@code //a/@href}); else the expression itself
 * @param attribute the attribute's name, or {@code ""} when the expression ends on no attribute
 */
public record XPathTarget(Kind kind, String elements, String attribute) {
    /** A last step that selects text nodes: {@code .../text()}. */
    private static final Pattern TEXT_STEP = Pattern.compile("(?s).*/text\\(\\)\\s*");
    /** A last step that selects an attribute: {@code .../@name}. */
    private static final Pattern ATTRIBUTE_STEP = Pattern.compile("(?s)(.*)/@([\\w:.\\-]+)\\s*");

    /** What an XPath expression ends on. */
    public enum Kind {
        /** Elements, as {@code xpath} gives them. */
        ELEMENTS("elements"),
        /** Text nodes, which {@code xpathTexts} reads. */
        TEXT("text nodes"),
        /** Attributes, which {@code xpathTexts} reads. */
        ATTRIBUTE("attributes");

        private final String description;

        Kind(String description) {
            this.description = description;
        }

        /** In words, plural: "text nodes". */
        public String description() {
            return description;
        }
    }

    /** What {@code xpath} ends on; the expression is not parsed, only its last step read. */
    public static XPathTarget of(String xpath) {
        if (TEXT_STEP.matcher(xpath).matches()) return new XPathTarget(Kind.TEXT, xpath, "");
        Matcher attribute = ATTRIBUTE_STEP.matcher(xpath);
        if (!attribute.matches()) return new XPathTarget(Kind.ELEMENTS, xpath, "");
        String before = attribute.group(1);
        // ".../@x" is an attribute of the elements of "..."; "...//@x" (before ends with '/') of
        // those elements and their descendants, which "...//descendant-or-self::*" selects
        String elements = before.endsWith("/") ? before + "descendant-or-self::*" : before;
        return new XPathTarget(Kind.ATTRIBUTE, elements, attribute.group(2));
    }
}
