package io.spinneret.processor;

import com.sun.source.tree.BlockTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import javax.tools.Diagnostic;
import org.jspecify.annotations.Nullable;

/**
 * Checks the literals inside a spider's method bodies with the javac Tree API: callback names
 * given to {@code follow(href, "cb", ...)}, {@code .callback("cb")} of request builders and
 * {@code Request.of(url, "cb")}; URLs given to {@code follow}, {@code crawl.fetch},
 * {@code Request.of} and {@code Request.builder} (see {@link UrlLiterals}); errback names given to
 * {@code .errback("eb")} and {@code withErrback("eb")}; and CSS selectors given to {@code css},
 * {@code cssFirst}, {@code textOf}, {@code attrOf}, {@code select} and {@code selectFirst}, and
 * XPath expressions given to a {@code Response}'s {@code xpath} and {@code xpathTexts} (see
 * {@link SelectorLiterals}); and the selectors, regexes, globs and names given to a
 * {@code links()} chain or a {@code LinkSelector} (see {@link LinkLiterals}).
 *
 * <p>Trees are not attributed yet during annotation processing, so calls are recognised by method
 * name and arity on a receiver, and constant expressions are evaluated by {@link ConstantResolver}.
 * A callback argument that is not a constant gets a warning: it is checked at run time instead.
 */
final class BodyScanner {
    private static final Set<String> SELECTOR_METHODS =
            Set.of("css", "cssFirst", "textOf", "attrOf", "select", "selectFirst");
    /** The XPath methods of {@code Response}; other objects' {@code xpath} methods are left alone. */
    private static final Set<String> XPATH_METHODS = Set.of("xpath", "xpathTexts");

    private final Trees trees;
    private final Elements elements;
    private final ProcessingState state;

    BodyScanner(Trees trees, Elements elements, ProcessingState state) {
        this.trees = trees;
        this.elements = elements;
        this.state = state;
    }

    Report scan(TypeElement spider) {
        Report report = new Report();
        TreePath path = trees.getPath(spider);
        if (path == null) return report; // compiled from a class file: nothing to scan
        String spiderName = Annotations.find(spider, Names.SPIDER)
                .map(m -> Annotations.string(m, "name", ""))
                .orElse("");
        var handlers = ParseMethods.of(spider, elements);
        List<String> callbacks = handlers.stream()
                .filter(m -> !ParseMethods.isErrback(m))
                .map(ParseMethods::callbackName)
                .sorted()
                .distinct()
                .toList();
        List<String> errbacks = handlers.stream()
                .filter(ParseMethods::isErrback)
                .map(ParseMethods::callbackName)
                .sorted()
                .distinct()
                .toList();
        CompilationUnitTree unit = path.getCompilationUnit();
        ConstantResolver constants = new ConstantResolver(trees, elements, state.callbackConstants, unit);
        String constantsClass = Names.flatName(spider) + "_Callbacks";

        new TreePathScanner<Void, Void>() {
            @Override
            public Void visitClass(ClassTree node, Void unused) {
                if (node != path.getLeaf()) {
                    Element e = trees.getElement(getCurrentPath());
                    if (e != null && Annotations.has(e, Names.SPIDER)) return null; // checked on its own
                }
                return super.visitClass(node, unused);
            }

            @Override
            public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
                if (node.getMethodSelect() instanceof MemberSelectTree select) {
                    String method = select.getIdentifier().toString();
                    List<? extends ExpressionTree> args = node.getArguments();
                    String receiver = select.getExpression().toString();
                    boolean onRequest = receiver.equals("Request") || receiver.endsWith(".Request");
                    if (method.equals("follow") && !args.isEmpty()) {
                        literal(args.get(0), UrlLiterals::check);
                        if (args.size() >= 2) callback(args.get(1));
                    } else if (method.equals("fetch")
                            && args.size() == 1
                            && declaredAs(select.getExpression(), getCurrentPath(), "Crawl")) {
                        literal(args.get(0), UrlLiterals::check);
                    } else if (method.equals("callback") && args.size() == 1) {
                        callback(args.get(0));
                    } else if ((method.equals("errback") || method.equals("withErrback")) && args.size() == 1) {
                        errback(args.get(0));
                    } else if (onRequest && (method.equals("of") || method.equals("builder")) && !args.isEmpty()) {
                        literal(args.get(0), UrlLiterals::check);
                        if (method.equals("of") && args.size() == 2) callback(args.get(1));
                    } else if (LinkLiterals.METHODS.contains(method) && LinkLiterals.onLinks(select.getExpression())) {
                        for (ExpressionTree arg : args) literal(arg, l -> LinkLiterals.check(method, l));
                    } else if (SELECTOR_METHODS.contains(method) && !args.isEmpty()) {
                        literal(args.get(0), SelectorLiterals::css);
                    } else if (XPATH_METHODS.contains(method)
                            && args.size() == 1
                            && declaredAs(select.getExpression(), getCurrentPath(), "Response")) {
                        literal(args.get(0), x -> SelectorLiterals.xpath(method, x));
                    }
                }
                return super.visitMethodInvocation(node, unused);
            }

            private void callback(ExpressionTree arg) {
                Optional<Object> value = constants.resolve(new TreePath(getCurrentPath(), arg));
                if (value.isEmpty() || !(value.get() instanceof String name)) {
                    report.atTree(
                            Diagnostic.Kind.WARNING, Message.NON_CONSTANT_CALLBACK.format(constantsClass), arg, unit);
                } else if (!callbacks.contains(name)) {
                    report.atTree(
                            Diagnostic.Kind.ERROR,
                            Suggestions.unknownCallback(name, spiderName, callbacks, errbacks),
                            arg,
                            unit);
                }
            }

            private void errback(ExpressionTree arg) {
                if (arg.getKind() == Tree.Kind.NULL_LITERAL) return; // no errback
                Optional<Object> value = constants.resolve(new TreePath(getCurrentPath(), arg));
                if (value.isEmpty()) {
                    report.atTree(
                            Diagnostic.Kind.WARNING, Message.NON_CONSTANT_CALLBACK.format(constantsClass), arg, unit);
                } else if (value.get() instanceof String name && !errbacks.contains(name)) {
                    String hint = callbacks.contains(name)
                            ? "; '" + name + "' is a @Parse callback, which handles responses, not failures."
                            : Suggestions.didYouMean(name, errbacks);
                    report.atTree(
                            Diagnostic.Kind.ERROR,
                            Message.UNKNOWN_ERRBACK.format(
                                    name,
                                    spiderName,
                                    hint,
                                    errbacks.isEmpty() ? "(none)" : String.join(", ", errbacks)),
                            arg,
                            unit);
                }
            }

            /**
             * Reports what {@code check} finds wrong with {@code arg}, when it is a string constant;
             * a string computed at run time is checked when it is used.
             */
            private void literal(ExpressionTree arg, Function<String, Optional<String>> check) {
                Optional<Object> value = constants.resolve(new TreePath(getCurrentPath(), arg));
                if (value.isPresent() && value.get() instanceof String literal) {
                    check.apply(literal).ifPresent(m -> report.atTree(Diagnostic.Kind.ERROR, m, arg, unit));
                }
            }
        }.scan(path, null);
        return report;
    }

    /**
     * Whether {@code receiver} names a variable declared with {@code type} (its simple or qualified
     * name) where {@code at} is: a parameter of an enclosing method or lambda, or a local declared
     * before it in an enclosing block. {@code fetch} and {@code xpath} are common names, so only
     * {@code crawl.fetch(...)} of a {@code Crawl} and {@code page.xpath(...)} of a {@code Response}
     * are checked.
     */
    private static boolean declaredAs(ExpressionTree receiver, TreePath at, String type) {
        if (!(receiver instanceof IdentifierTree id)) return false;
        Tree child = null;
        for (TreePath p = at; p != null; child = p.getLeaf(), p = p.getParentPath()) {
            for (Tree declaration : declarationsBefore(p.getLeaf(), child)) {
                if (declaration instanceof VariableTree v && v.getName().contentEquals(id.getName())) {
                    String declared = v.getType() == null ? "" : v.getType().toString();
                    return declared.equals(type) || declared.endsWith("." + type);
                }
            }
        }
        return false;
    }

    /** The variables {@code scope} declares for {@code child}: its parameters, or the statements of a block before it. */
    private static List<? extends Tree> declarationsBefore(Tree scope, @Nullable Tree child) {
        return switch (scope) {
            case MethodTree m -> m.getParameters();
            case LambdaExpressionTree l -> l.getParameters();
            case BlockTree b -> {
                int i = b.getStatements().indexOf(child);
                yield i < 0 ? List.of() : b.getStatements().subList(0, i);
            }
            default -> List.of();
        };
    }
}
