package io.spinneret.processor;

import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.NewArrayTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;
import org.jspecify.annotations.Nullable;

/**
 * Puts a problem of a {@code @Follow} rule on its literal. javac cannot place a diagnostic on a
 * value of an annotation it has wrapped in a container ({@code @Follow.List}, for a rule that is
 * repeated), so the literal is found in the class's source tree: the n-th {@code @Follow}
 * written, its attribute, the element of the array. Falls back to the annotation mirror (or the
 * class) where there is no tree, as in a non-javac compiler.
 */
final class FollowTrees {
    private final @Nullable Trees trees;
    private final TypeElement spider;
    private final @Nullable CompilationUnitTree unit;
    private final List<? extends AnnotationTree> follows;

    FollowTrees(@Nullable Trees trees, TypeElement spider) {
        this.trees = trees;
        this.spider = spider;
        TreePath path = trees == null ? null : trees.getPath(spider);
        this.unit = path == null ? null : path.getCompilationUnit();
        this.follows = path == null || !(path.getLeaf() instanceof ClassTree c)
                ? List.of()
                : c.getModifiers().getAnnotations().stream()
                        .filter(FollowTrees::isFollow)
                        .toList();
    }

    private static boolean isFollow(AnnotationTree a) {
        String type = a.getAnnotationType().toString();
        return type.equals("Follow") || type.endsWith(".Follow");
    }

    /**
     * Reports an error on the literal of rule {@code rule} (its position among the {@code @Follow}s),
     * {@code attribute}'s element {@code index}; on the whole annotation when {@code attribute} is null.
     */
    void error(
            Report report,
            int rule,
            AnnotationMirror mirror,
            @Nullable String attribute,
            int index,
            @Nullable AnnotationValue value,
            String message) {
        Tree tree = rule < follows.size() ? find(follows.get(rule), attribute, index) : null;
        if (tree != null && unit != null) {
            report.atTree(Diagnostic.Kind.ERROR, message, tree, unit);
        } else if (value != null) {
            report.error(spider, mirror, value, message);
        } else {
            report.error(spider, mirror, message);
        }
    }

    private static @Nullable Tree find(AnnotationTree follow, @Nullable String attribute, int index) {
        if (attribute == null) return follow;
        for (ExpressionTree arg : follow.getArguments()) {
            if (arg instanceof AssignmentTree a
                    && a.getVariable() instanceof IdentifierTree id
                    && id.getName().contentEquals(attribute)) {
                if (a.getExpression() instanceof NewArrayTree array) {
                    return array.getInitializers() != null
                                    && index < array.getInitializers().size()
                            ? array.getInitializers().get(index)
                            : a;
                }
                return a.getExpression();
            }
        }
        return follow;
    }
}
