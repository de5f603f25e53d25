package io.spinneret.processor;

import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import io.spinneret.annotations.Glob;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The checks of the strings a link rule is written with, shared by {@code @Follow}
 * ({@link FollowValidator}) and {@code page.links()...} chains ({@link BodyScanner}): CSS
 * selectors jsoup parses ({@link SelectorLiterals}), regexes that compile, globs that compile,
 * plain tag and attribute names.
 */
final class LinkLiterals {
    /** The methods of {@code Links} and {@code LinkSelector} whose string arguments are checked, by the kind of literal. */
    static final Set<String> METHODS = Set.of("css", "allow", "deny", "allowGlob", "denyGlob", "tags", "attrs");

    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_:-]*");

    private LinkLiterals() {}

    /**
     * Whether {@code receiver} is a link chain: a call chain that contains {@code links()}, or
     * starts from {@code LinkSelector}. Trees are not attributed yet, so this goes by names.
     */
    static boolean onLinks(ExpressionTree receiver) {
        for (ExpressionTree t = receiver; ; ) {
            if (t instanceof MethodInvocationTree call) {
                if (call.getMethodSelect() instanceof MemberSelectTree m) {
                    if (m.getIdentifier().contentEquals("links")
                            && call.getArguments().isEmpty()) return true;
                    t = m.getExpression();
                } else if (call.getMethodSelect() instanceof IdentifierTree id) {
                    return id.getName().contentEquals("links")
                            && call.getArguments().isEmpty();
                } else {
                    return false;
                }
            } else if (t instanceof MemberSelectTree m) {
                return m.getExpression().toString().endsWith("LinkSelector")
                        || m.getIdentifier().contentEquals("LinkSelector");
            } else {
                return t instanceof IdentifierTree id && id.getName().contentEquals("LinkSelector");
            }
        }
    }

    /** The error message for {@code literal} given to {@code method} (an attribute of @Follow or a method of a links chain), if any. */
    static Optional<String> check(String method, String literal) {
        return switch (method) {
            case "css" -> SelectorLiterals.css(literal);
            case "allow", "deny" -> regex(literal);
            case "allowGlob", "denyGlob" -> glob(literal);
            case "tags", "attrs" ->
                NAME.matcher(literal).matches() ? Optional.empty() : Optional.of(Message.BAD_LINK_TAG.format(literal));
            default -> Optional.empty();
        };
    }

    static Optional<String> regex(String regex) {
        try {
            Pattern.compile(regex);
            return Optional.empty();
        } catch (PatternSyntaxException e) {
            return Optional.of(Message.BAD_REGEX.format(
                    regex, e.getDescription() + (e.getIndex() >= 0 ? " at index " + e.getIndex() : "")));
        }
    }

    static Optional<String> glob(String glob) {
        try {
            Glob.toRegex(glob);
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(Message.BAD_GLOB.format(glob, e.getMessage()));
        }
    }
}
