package io.spinneret.processor;

import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.BlockTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.StatementTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import org.jspecify.annotations.Nullable;

/**
 * Evaluates the compile-time constant value of an expression in a method body, before javac has
 * attributed it: string literals, {@code final} locals, {@code static final} fields (also through
 * imports and static imports), string concatenation, and the constants of
 * {@code <Spider>_Callbacks} classes even before they are generated. Anything else is "not a
 * constant" (empty).
 */
final class ConstantResolver {
    private final Trees trees;
    private final Elements elements;
    private final Map<String, Map<String, String>> callbackConstants;
    private final CompilationUnitTree unit;

    ConstantResolver(
            Trees trees,
            Elements elements,
            Map<String, Map<String, String>> callbackConstants,
            CompilationUnitTree unit) {
        this.trees = trees;
        this.elements = elements;
        this.callbackConstants = callbackConstants;
        this.unit = unit;
    }

    Optional<Object> resolve(TreePath path) {
        return resolve(path.getLeaf(), path, 0);
    }

    private Optional<Object> resolve(Tree tree, TreePath context, int depth) {
        if (depth > 16) return Optional.empty();
        return switch (tree) {
            case LiteralTree l -> Optional.ofNullable(l.getValue());
            case ParenthesizedTree p -> resolve(p.getExpression(), context, depth + 1);
            case BinaryTree b
            when b.getKind() == Tree.Kind.PLUS -> {
                Optional<Object> left = resolve(b.getLeftOperand(), context, depth + 1);
                Optional<Object> right = resolve(b.getRightOperand(), context, depth + 1);
                yield left.isPresent()
                                && right.isPresent()
                                && (left.get() instanceof String || right.get() instanceof String)
                        ? Optional.of(String.valueOf(left.get()) + right.get())
                        : Optional.empty();
            }
            case IdentifierTree id -> identifier(id.getName().toString(), context, depth);
            case MemberSelectTree select -> memberSelect(select);
            default -> Optional.empty();
        };
    }

    private Optional<Object> identifier(String name, TreePath context, int depth) {
        // a final local declared before the use, in an enclosing block
        Tree child = context.getLeaf();
        for (TreePath p = context.getParentPath(); p != null; child = p.getLeaf(), p = p.getParentPath()) {
            if (p.getLeaf() instanceof BlockTree block) {
                for (StatementTree s : block.getStatements()) {
                    if (s == child) break;
                    if (s instanceof VariableTree v && v.getName().contentEquals(name)) {
                        boolean isFinal = v.getModifiers().getFlags().contains(Modifier.FINAL);
                        return isFinal && v.getInitializer() != null
                                ? resolve(v.getInitializer(), new TreePath(p, s), depth + 1)
                                : Optional.empty();
                    }
                }
            }
            if (p.getLeaf() instanceof ClassTree && trees.getElement(p) instanceof TypeElement type) {
                Optional<VariableElement> field = field(type, name);
                if (field.isPresent()) return Optional.ofNullable(field.get().getConstantValue());
            }
        }
        // static imports
        for (ImportTree i : unit.getImports()) {
            if (!i.isStatic() || !(i.getQualifiedIdentifier() instanceof MemberSelectTree q)) continue;
            String member = q.getIdentifier().toString();
            if (member.equals(name) || member.equals("*")) {
                TypeElement type = elements.getTypeElement(q.getExpression().toString());
                if (type != null) {
                    Optional<VariableElement> field = field(type, name);
                    if (field.isPresent())
                        return Optional.ofNullable(field.get().getConstantValue());
                }
            }
        }
        return Optional.empty();
    }

    private Optional<Object> memberSelect(MemberSelectTree select) {
        String member = select.getIdentifier().toString();
        String qualifier = select.getExpression().toString();
        String simple = qualifier.substring(qualifier.lastIndexOf('.') + 1);
        Map<String, String> generated = callbackConstants.get(simple);
        if (generated != null) return Optional.ofNullable(generated.get(member));
        TypeElement type = type(qualifier);
        if (type == null) return Optional.empty();
        return field(type, member).map(VariableElement::getConstantValue);
    }

    private Optional<VariableElement> field(TypeElement type, String name) {
        for (VariableElement f : ElementFilter.fieldsIn(elements.getAllMembers(type))) {
            if (f.getSimpleName().contentEquals(name)) return Optional.of(f);
        }
        return Optional.empty();
    }

    /** Resolves a type name as written in the unit: qualified, nested, imported, same package or java.lang. */
    private @Nullable TypeElement type(String written) {
        TypeElement direct = elements.getTypeElement(written);
        if (direct != null) return direct;
        int dot = written.indexOf('.');
        String head = dot < 0 ? written : written.substring(0, dot);
        String rest = dot < 0 ? "" : written.substring(dot);
        String pkg = unit.getPackageName() == null ? "" : unit.getPackageName().toString();
        for (Tree t : unit.getTypeDecls()) {
            TreePath path = trees.getPath(unit, t);
            if (path != null && trees.getElement(path) instanceof TypeElement top) {
                TypeElement nested = memberType(top, head);
                if (nested != null)
                    return rest.isEmpty() ? nested : elements.getTypeElement(nested.getQualifiedName() + rest);
            }
        }
        for (ImportTree i : unit.getImports()) {
            if (i.isStatic()) continue;
            String imported = i.getQualifiedIdentifier().toString();
            if (imported.endsWith("." + head)) {
                TypeElement e = elements.getTypeElement(imported + rest);
                if (e != null) return e;
            }
        }
        TypeElement samePackage = elements.getTypeElement(pkg.isEmpty() ? written : pkg + "." + written);
        if (samePackage != null) return samePackage;
        for (ImportTree i : unit.getImports()) {
            String imported = i.getQualifiedIdentifier().toString();
            if (!i.isStatic() && imported.endsWith(".*")) {
                TypeElement e = elements.getTypeElement(imported.substring(0, imported.length() - 1) + written);
                if (e != null) return e;
            }
        }
        return elements.getTypeElement("java.lang." + written);
    }

    private @Nullable TypeElement memberType(TypeElement in, String name) {
        if (in.getSimpleName().contentEquals(name)) return in;
        for (Element e : elements.getAllMembers(in)) {
            if ((e.getKind().isClass() || e.getKind().isInterface() || e.getKind() == ElementKind.RECORD)
                    && e.getSimpleName().contentEquals(name)) {
                return (TypeElement) e;
            }
        }
        for (TypeElement nested : ElementFilter.typesIn(in.getEnclosedElements())) {
            TypeElement found = memberType(nested, name);
            if (found != null) return found;
        }
        return null;
    }
}
