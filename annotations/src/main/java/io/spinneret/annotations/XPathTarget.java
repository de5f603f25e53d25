package io.spinneret.annotations;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What an XPath expression given to a page ends on, read from its last step; shared by the
 * runtime, whose {@code Response.xpath} selects elements, and the annotation processor, which
 * rejects {@code xpath("//a/@href")} at compile time: text nodes, attributes and comments are no
 * elements ({@code Response.xpathTexts} reads the strings of any of them).
 *
 * <p>The last step is read after dropping the predicates that end the expression and the
 * parentheses around it, in each branch of a union:
 * <ul>
 *   <li>{@code //p/text()}, {@code //td/text()[2]}, {@code (//p/text())[1]} end on text nodes
 *       ({@link Kind#TEXT});</li>
 *   <li>{@code //a/@href}, {@code //@href}, {@code //a/@href[1]}, {@code //a/attribute::href} on
 *       attributes ({@link Kind#ATTRIBUTE});</li>
 *   <li>{@code //comment()} on comments ({@link Kind#COMMENT});</li>
 *   <li>anything else ({@code //p[text()='x']}, {@code //div[@id='a']/span}) is taken to select
 *       elements ({@link Kind#ELEMENTS}).</li>
 * </ul>
 * A union is of elements only if each of its branches is; else it is of the first other kind.
 *
 * @param kind what the expression ends on
 */
public record XPathTarget(Kind kind) {
    private static final Pattern TEXT_STEP = Pattern.compile("(?:[\\w-]+::)?text\\(\\s*\\)");
    private static final Pattern COMMENT_STEP = Pattern.compile("(?:[\\w-]+::)?comment\\(\\s*\\)");
    private static final Pattern ATTRIBUTE_STEP = Pattern.compile("(?:@|attribute::)\\s*[\\w:.*\\-]+");

    /** What an XPath expression ends on. */
    public enum Kind {
        /** Elements, as {@code xpath} gives them. */
        ELEMENTS("elements"),
        /** Text nodes. */
        TEXT("text nodes"),
        /** Attributes. */
        ATTRIBUTE("attributes"),
        /** Comments. */
        COMMENT("comments");

        private final String description;

        Kind(String description) {
            this.description = description;
        }

        /** In words, plural: "text nodes". */
        public String description() {
            return description;
        }
    }

    /** What {@code xpath} ends on; the expression is not parsed, only each branch's last step read. */
    public static XPathTarget of(String xpath) {
        for (String branch : split(xpath, '|')) {
            Kind kind = lastStep(branch);
            if (kind != Kind.ELEMENTS) return new XPathTarget(kind);
        }
        return new XPathTarget(Kind.ELEMENTS);
    }

    private static Kind lastStep(String branch) {
        String s = branch.strip();
        while (!s.isEmpty()) {
            if (s.endsWith("]")) { // a predicate: what it filters is before it
                int open = opening(s, s.length() - 1, '[', ']');
                if (open < 0) break;
                s = s.substring(0, open).strip();
            } else if (s.startsWith("(") && s.endsWith(")") && opening(s, s.length() - 1, '(', ')') == 0) {
                s = s.substring(1, s.length() - 1).strip(); // (path): the path
            } else {
                break;
            }
        }
        List<String> steps = split(s, '/');
        String last = steps.get(steps.size() - 1).strip();
        if (TEXT_STEP.matcher(last).matches()) return Kind.TEXT;
        if (ATTRIBUTE_STEP.matcher(last).matches()) return Kind.ATTRIBUTE;
        if (COMMENT_STEP.matcher(last).matches()) return Kind.COMMENT;
        return Kind.ELEMENTS;
    }

    /**
     * The index of the bracket that {@code close} at {@code end} closes, skipping quoted strings
     * and other brackets; -1 if there is none.
     */
    private static int opening(String s, int end, char open, char close) {
        int depth = 0;
        char quote = 0;
        for (int i = end; i >= 0; i--) {
            char c = s.charAt(i);
            if (quote != 0) {
                if (c == quote) quote = 0;
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == close) {
                depth++;
            } else if (c == open && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    /** {@code s} split at {@code separator} outside quotes, predicates and parentheses. */
    private static List<String> split(String s, char separator) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        char quote = 0;
        int from = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quote != 0) {
                if (c == quote) quote = 0;
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '[' || c == '(') {
                depth++;
            } else if (c == ']' || c == ')') {
                depth--;
            } else if (c == separator && depth == 0) {
                parts.add(s.substring(from, i));
                from = i + 1;
            }
        }
        parts.add(s.substring(from));
        return parts;
    }
}
