package io.spinneret.processor;

import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.util.Elements;
import javax.tools.Diagnostic;
import org.jspecify.annotations.Nullable;

/**
 * What each callback looks for on its page, read from its body at compile time for
 * {@code renderer = AUTO}: the selector literals it passes to {@code css}, {@code cssFirst},
 * {@code textOf}, {@code attrOf}, {@code xpath} and {@code xpathTexts} of its {@code Response}
 * parameter, and whether it yields items ({@code emit} in its body, or a return type that is not
 * {@code void} or a request). A callback is readable when every use of the response is such a call
 * with a constant selector, or one of the accessors that read no page content ({@code url()},
 * {@code request()}, {@code follow(...)}, ...); a selector built at run time, the response handed to
 * another method, or a call that reads the page some other way ({@code document()},
 * {@code links()}, {@code json()}, ...) makes it unreadable, and AUTO samples it by rendering.
 * Each callback gets a note saying which of the two it is.
 */
final class PageNeedsReader {
    private static final Set<String> CSS = Set.of("css", "cssFirst", "textOf", "attrOf");
    private static final Set<String> XPATH = Set.of("xpath", "xpathTexts");
    /** Response methods that read nothing of the page's content. */
    private static final Set<String> NEUTRAL = Set.of(
            "url",
            "request",
            "status",
            "depth",
            "isHtml",
            "headers",
            "header",
            "meta",
            "charset",
            "canonicalUrl",
            "robots",
            "metaRefresh",
            "urlJoin",
            "follow",
            "toString");

    private PageNeedsReader() {}

    /** Callback name to what it needs, for the readable callbacks; a note per callback in {@code report}. */
    static Map<String, PageNeedsModel> read(Trees trees, TypeElement spider, Elements elements, Report report) {
        Map<String, PageNeedsModel> out = new TreeMap<>();
        TreePath spiderPath = trees.getPath(spider);
        if (spiderPath == null) return out; // compiled from a class file
        String spiderName = Annotations.find(spider, Names.SPIDER)
                .map(m -> Annotations.string(m, "name", ""))
                .orElse("");
        for (ExecutableElement method : ParseMethods.of(spider, elements)) {
            if (ParseMethods.isErrback(method)) continue;
            String callback = ParseMethods.callbackName(method);
            if (out.containsKey(callback)) continue;
            TreePath path = trees.getPath(method);
            if (path == null || !(path.getLeaf() instanceof MethodTree tree) || tree.getBody() == null) continue;
            ConstantResolver constants = new ConstantResolver(trees, elements, Map.of(), path.getCompilationUnit());
            Reading reading = new Reading(responseName(tree), constants);
            reading.scan(new TreePath(path, tree.getBody()), null);
            boolean items = reading.emits || yieldsItems(method);
            if (reading.unreadable != null) {
                report.add(
                        Diagnostic.Kind.NOTE,
                        Message.UNREAD_SELECTORS.format(callback, spiderName, reading.unreadable),
                        method,
                        null,
                        null);
                continue;
            }
            PageNeedsModel needs = new PageNeedsModel(List.copyOf(reading.css), List.copyOf(reading.xpath), items);
            report.add(
                    Diagnostic.Kind.NOTE,
                    Message.JUDGED_BY_SELECTORS.format(callback, spiderName, needs.describe()),
                    method,
                    null,
                    null);
            out.put(callback, needs);
        }
        return out;
    }

    private static @Nullable String responseName(MethodTree method) {
        for (VariableTree v : method.getParameters()) {
            String type = v.getType() == null ? "" : v.getType().toString();
            if (type.equals("Response") || type.endsWith(".Response"))
                return v.getName().toString();
        }
        return null;
    }

    /** A return type that carries items: not void, and not a request or requests. */
    private static boolean yieldsItems(ExecutableElement method) {
        if (method.getReturnType().getKind() == TypeKind.VOID) return false;
        String type = method.getReturnType().toString();
        return !type.contains("Request") && !type.equals("java.lang.Object");
    }

    /** One callback body read: its selectors, or why they cannot be read. */
    private static final class Reading extends TreePathScanner<Void, Void> {
        private final @Nullable String response;
        private final ConstantResolver constants;
        final Set<String> css = new LinkedHashSet<>();
        final Set<String> xpath = new LinkedHashSet<>();
        boolean emits;

        @Nullable
        String unreadable;

        Reading(@Nullable String response, ConstantResolver constants) {
            this.response = response;
            this.constants = constants;
        }

        @Override
        public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
            if (node.getMethodSelect() instanceof MemberSelectTree select
                    && select.getIdentifier().contentEquals("emit")) emits = true;
            return super.visitMethodInvocation(node, unused);
        }

        @Override
        public Void visitIdentifier(IdentifierTree node, Void unused) {
            if (response != null && unreadable == null && node.getName().contentEquals(response)) use();
            return super.visitIdentifier(node, unused);
        }

        /** A use of the response identifier: the call it is the receiver of, or something unreadable. */
        private void use() {
            TreePath parent = getCurrentPath().getParentPath();
            TreePath grand = parent == null ? null : parent.getParentPath();
            if (!(parent != null && parent.getLeaf() instanceof MemberSelectTree select)
                    || grand == null
                    || !(grand.getLeaf() instanceof MethodInvocationTree call)
                    || call.getMethodSelect() != select) {
                unreadable = (parent != null && parent.getLeaf() instanceof MethodInvocationTree
                                ? "the response is passed to "
                                : "the response is used in ")
                        + parentText(parent);
                return;
            }
            String method = select.getIdentifier().toString();
            boolean isCss = CSS.contains(method);
            if (!isCss && !XPATH.contains(method)) {
                if (!NEUTRAL.contains(method)) unreadable = "it reads the page with " + response + "." + method + "()";
                return;
            }
            List<? extends ExpressionTree> args = call.getArguments();
            Optional<Object> value =
                    args.isEmpty() ? Optional.empty() : constants.resolve(new TreePath(grand, args.get(0)));
            if (value.isEmpty() || !(value.get() instanceof String selector)) {
                unreadable = "the selector of " + response + "." + method + "(" + (args.isEmpty() ? "" : args.get(0))
                        + ") is built at run time";
                return;
            }
            (isCss ? css : xpath).add(selector);
        }

        private String parentText(@Nullable TreePath parent) {
            if (parent == null) return String.valueOf(response);
            Tree leaf = parent.getLeaf();
            String text = leaf.toString();
            return text.length() > 60 ? text.substring(0, 57) + "..." : text;
        }
    }
}
