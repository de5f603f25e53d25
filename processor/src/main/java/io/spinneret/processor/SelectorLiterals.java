package io.spinneret.processor;

import io.spinneret.annotations.XPathTarget;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.nodes.Document;
import org.jsoup.select.QueryParser;

/**
 * The checks of selector strings, by the engines the runtime selects with: a CSS selector must
 * parse with jsoup ({@code [BadSelector]}: the response's {@code css}, {@code cssFirst},
 * {@code textOf}, {@code attrOf}, jsoup's {@code select}, {@code @Parse(requires)} and link rules);
 * an XPath expression must evaluate with jsoup's {@code selectXpath} to nodes ({@code [BadXPath]}:
 * the response's {@code xpath} and {@code xpathTexts}), and one given to {@code xpath}, which
 * gives elements, must not end on text nodes or attributes ({@code [XPathNotElements]}).
 */
final class SelectorLiterals {
    /** The engine's complaint about an expression whose value is a string, number or boolean, not nodes. */
    private static final Pattern NOT_NODES = Pattern.compile("Can not convert #(\\w+) to a NodeList!");

    private SelectorLiterals() {}

    /** The error message for a CSS selector jsoup cannot parse, if it cannot. */
    static Optional<String> css(String css) {
        try {
            QueryParser.parse(css);
            return Optional.empty();
        } catch (RuntimeException e) {
            return Optional.of(Message.BAD_SELECTOR.format(css, e.getMessage()));
        }
    }

    /**
     * The error message for an XPath expression given to the response's {@code method}
     * ({@code xpath} or {@code xpathTexts}), if it is wrong there.
     */
    static Optional<String> xpath(String method, String xpath) {
        Optional<String> problem = xpathProblem(xpath);
        if (problem.isPresent()) return Optional.of(Message.BAD_XPATH.format(xpath, problem.get()));
        XPathTarget target = XPathTarget.of(xpath);
        if (method.equals("xpath") && target.kind() != XPathTarget.Kind.ELEMENTS) {
            return Optional.of(
                    Message.XPATH_NOT_ELEMENTS.format(xpath, target.kind().description(), xpath));
        }
        return Optional.empty();
    }

    /**
     * Why jsoup cannot evaluate {@code xpath}, as it does on a page (compiled, then evaluated to
     * nodes), here on an empty one: a syntax error, an unknown function, or a value that is no
     * node set ({@code string(//title)}).
     */
    private static Optional<String> xpathProblem(String xpath) {
        try {
            Document.createShell("").selectXpath(xpath);
            return Optional.empty();
        } catch (RuntimeException e) {
            Throwable root = e;
            while (root.getCause() != null) root = root.getCause();
            String reason = String.valueOf(root.getMessage()).strip();
            Matcher notNodes = NOT_NODES.matcher(reason);
            return Optional.of(
                    notNodes.matches()
                            ? "its value is a " + notNodes.group(1).toLowerCase(Locale.ROOT) + ", not nodes"
                            : reason);
        }
    }
}
