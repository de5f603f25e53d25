package io.spinneret.processor;

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
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import javax.tools.Diagnostic;

/**
 * Checks the literals inside a spider's method bodies with the javac Tree API: callback names
 * given to {@code follow(href, "cb", ...)}, {@code .callback("cb")} of request builders and
 * {@code Request.of(url, "cb")}; URLs given to {@code follow}, {@code crawl.fetch},
 * {@code Request.of} and {@code Request.builder} (see {@link UrlLiterals}); errback names given to
 * {@code .errback("eb")} and {@code withErrback("eb")}; and CSS selectors given to {@code css},
 * {@code cssFirst}, {@code textOf}, {@code attrOf}, {@code select} and {@code selectFirst}; and
 * the selectors, regexes, globs and names given to a {@code links()} chain or a
 * {@code LinkSelector} (see {@link LinkLiterals}).
 *
 * <p>Trees are not attributed yet during annotation processing, so calls are recognised by method
 * name and arity on a receiver, and constant expressions are evaluated by {@link ConstantResolver}.
 * A callback argument that is not a constant gets a warning: it is checked at run time instead.
 */
final class BodyScanner {
    private static final Set<String> SELECTOR_METHODS =
            Set.of("css", "cssFirst", "textOf", "attrOf", "select", "selectFirst");

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
                        url(args.get(0));
                        if (args.size() >= 2) callback(args.get(1));
                    } else if (method.equals("fetch")
                            && args.size() == 1
                            && onCrawl(select.getExpression(), getCurrentPath())) {
                        url(args.get(0));
                    } else if (method.equals("callback") && args.size() == 1) {
                        callback(args.get(0));
                    } else if ((method.equals("errback") || method.equals("withErrback")) && args.size() == 1) {
                        errback(args.get(0));
                    } else if (onRequest && (method.equals("of") || method.equals("builder")) && !args.isEmpty()) {
                        url(args.get(0));
                        if (method.equals("of") && args.size() == 2) callback(args.get(1));
                    } else if (LinkLiterals.METHODS.contains(method) && LinkLiterals.onLinks(select.getExpression())) {
                        for (ExpressionTree arg : args) linkLiteral(method, arg);
                    } else if (SELECTOR_METHODS.contains(method) && !args.isEmpty()) {
                        selector(args.get(0));
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

            /** An argument of {@code links().css/allow/deny/allowGlob/denyGlob/tags/attrs(...)}. */
            private void linkLiteral(String method, ExpressionTree arg) {
                Optional<Object> value = constants.resolve(new TreePath(getCurrentPath(), arg));
                if (value.isPresent() && value.get() instanceof String literal) {
                    LinkLiterals.check(method, literal)
                            .ifPresent(m -> report.atTree(Diagnostic.Kind.ERROR, m, arg, unit));
                }
            }

            /** A URL given as a constant: relative, or http(s) (computed URLs are checked when they are used). */
            private void url(ExpressionTree arg) {
                Optional<Object> value = constants.resolve(new TreePath(getCurrentPath(), arg));
                if (value.isPresent() && value.get() instanceof String literal) {
                    UrlLiterals.check(literal).ifPresent(m -> report.atTree(Diagnostic.Kind.ERROR, m, arg, unit));
                }
            }

            private void selector(ExpressionTree arg) {
                Optional<Object> value = constants.resolve(new TreePath(getCurrentPath(), arg));
                if (value.isEmpty() || !(value.get() instanceof String css)) return; // computed selectors are normal
                LinkLiterals.selector(css).ifPresent(m -> report.atTree(Diagnostic.Kind.ERROR, m, arg, unit));
            }
        }.scan(path, null);
        return report;
    }

    /**
     * Whether {@code receiver} names a parameter declared as {@code Crawl} by a method or lambda
     * enclosing {@code at}: {@code fetch} is a common name, so only {@code crawl.fetch(...)} of
     * the callback's own {@code Crawl} is checked.
     */
    private static boolean onCrawl(ExpressionTree receiver, TreePath at) {
        if (!(receiver instanceof IdentifierTree id)) return false;
        for (TreePath p = at; p != null; p = p.getParentPath()) {
            List<? extends VariableTree> params = p.getLeaf() instanceof MethodTree m
                    ? m.getParameters()
                    : p.getLeaf() instanceof LambdaExpressionTree l ? l.getParameters() : List.of();
            for (VariableTree v : params) {
                if (v.getName().contentEquals(id.getName())) {
                    String type = v.getType() == null ? "" : v.getType().toString();
                    return type.equals("Crawl") || type.endsWith(".Crawl");
                }
            }
        }
        return false;
    }
}
