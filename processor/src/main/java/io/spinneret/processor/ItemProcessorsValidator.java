package io.spinneret.processor;

import com.palantir.javapoet.ClassName;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import javax.tools.Diagnostic;
import org.jspecify.annotations.Nullable;

/**
 * Checks a spider's {@code @ItemProcessors} and reads them into {@link ProcessorModel}s: each
 * class literal must name a concrete class with a no-argument constructor the spider's package
 * can call, implementing {@code io.spinneret.items.ItemProcessor<X>} for an {@code @Item} record
 * {@code X} (errors, on the literal); a processor of a type the spider provably never emits gets a
 * warning. What a spider emits is read from its handlers' return types; a handler body that calls
 * {@code emit(...)}, or a return type that may hold any object, makes it unknown (no warning).
 */
final class ItemProcessorsValidator {
    static final String ITEM_PROCESSORS = "io.spinneret.annotations.ItemProcessors";
    static final String ITEM_PROCESSOR = "io.spinneret.items.ItemProcessor";

    private final Elements elements;
    private final @Nullable Trees trees;
    private final ReturnTypes returnTypes;

    ItemProcessorsValidator(Elements elements, Types types, @Nullable Trees trees) {
        this.elements = elements;
        this.trees = trees;
        this.returnTypes = new ReturnTypes(elements, types);
    }

    /** The processors, in order; problems go into {@code report}. */
    List<ProcessorModel> validate(TypeElement spider, Report report) {
        AnnotationMirror mirror = Annotations.find(spider, ITEM_PROCESSORS).orElse(null);
        if (mirror == null) return List.of();
        List<ProcessorModel> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        Emitted emitted = null;
        String spiderName = Annotations.find(spider, Names.SPIDER)
                .map(m -> Annotations.string(m, "name", ""))
                .orElse("");
        for (AnnotationValue v : Annotations.array(mirror, "value")) {
            if (!(v.getValue() instanceof DeclaredType type) || type.getKind() == TypeKind.ERROR)
                continue; // javac reports it
            TypeElement processor = (TypeElement) type.asElement();
            String name = processor.getQualifiedName().toString();
            if (!seen.add(name)) {
                report.error(spider, mirror, v, Message.DUPLICATE_ITEM_PROCESSOR.format(processor.getSimpleName()));
                continue;
            }
            TypeElement item = itemType(processor, spider, mirror, v, report);
            if (item == null || !constructible(processor, spider, mirror, v, report)) continue;
            if (emitted == null) emitted = emitted(spider);
            if (!emitted.unknown
                    && !emitted.items.contains(item.getQualifiedName().toString())) {
                report.add(
                        Diagnostic.Kind.WARNING,
                        Message.UNUSED_ITEM_PROCESSOR.format(
                                processor.getSimpleName(),
                                item.getSimpleName(),
                                spiderName,
                                emitted.items.isEmpty() ? "no items" : String.join(", ", simpleNames(emitted.items))),
                        spider,
                        mirror,
                        v);
            }
            out.add(new ProcessorModel(ClassName.get(processor), ClassName.get(item)));
        }
        return out;
    }

    /** The {@code X} of {@code ItemProcessor<X>}, an {@code @Item} record, or null after reporting. */
    private @Nullable TypeElement itemType(
            TypeElement processor, TypeElement spider, AnnotationMirror mirror, AnnotationValue v, Report report) {
        DeclaredType implemented = supertype(processor.asType(), ITEM_PROCESSOR);
        String simple = processor.getSimpleName().toString();
        if (implemented == null) {
            report.error(
                    spider, mirror, v, Message.NOT_AN_ITEM_PROCESSOR.format(processor.getQualifiedName(), "", simple));
            return null;
        }
        if (implemented.getTypeArguments().size() != 1
                || !(implemented.getTypeArguments().get(0) instanceof DeclaredType x)
                || !Annotations.has(x.asElement(), Names.ITEM)) {
            String got = implemented.getTypeArguments().isEmpty()
                    ? " (it implements the raw type)"
                    : "; it processes " + implemented.getTypeArguments().get(0) + ", which is not an @Item record";
            report.error(
                    spider, mirror, v, Message.NOT_AN_ITEM_PROCESSOR.format(processor.getQualifiedName(), got, simple));
            return null;
        }
        return (TypeElement) x.asElement();
    }

    private boolean constructible(
            TypeElement processor, TypeElement spider, AnnotationMirror mirror, AnnotationValue v, Report report) {
        String name = processor.getQualifiedName().toString();
        String why = null;
        boolean samePackage = Names.packageOf(processor).equals(Names.packageOf(spider));
        if (processor.getKind() != ElementKind.CLASS) why = "is not a class";
        else if (processor.getModifiers().contains(Modifier.ABSTRACT)) why = "is abstract";
        else if (processor.getNestingKind().isNested()
                && !processor.getModifiers().contains(Modifier.STATIC)) why = "is an inner (non-static) class";
        else if (processor.getModifiers().contains(Modifier.PRIVATE)
                || !samePackage && !processor.getModifiers().contains(Modifier.PUBLIC)) {
            why = "cannot be seen from package '" + Names.packageOf(spider) + "'";
        } else {
            boolean ok = false;
            for (ExecutableElement c : ElementFilter.constructorsIn(processor.getEnclosedElements())) {
                if (!c.getParameters().isEmpty() || c.getModifiers().contains(Modifier.PRIVATE)) continue;
                if (samePackage || c.getModifiers().contains(Modifier.PUBLIC)) ok = true;
            }
            if (!ok) why = "has no no-argument constructor that package '" + Names.packageOf(spider) + "' can call";
        }
        if (why != null) report.error(spider, mirror, v, Message.BAD_ITEM_PROCESSOR.format(name, why));
        return why == null;
    }

    /** What the spider's handlers may emit: qualified names of item records, or unknown. */
    private static final class Emitted {
        final Set<String> items = new TreeSet<>();
        boolean unknown;
    }

    private Emitted emitted(TypeElement spider) {
        Emitted e = new Emitted();
        for (ExecutableElement m : ParseMethods.of(spider, elements)) collect(m.getReturnType(), e, 0);
        if (!e.unknown) e.unknown = callsEmit(spider);
        return e;
    }

    private void collect(TypeMirror t, Emitted e, int depth) {
        if (depth > 8) {
            e.unknown = true;
            return;
        }
        switch (t.getKind()) {
            case VOID -> {}
            case ARRAY -> collect(((ArrayType) t).getComponentType(), e, depth + 1);
            case DECLARED -> {
                DeclaredType d = (DeclaredType) t;
                TypeElement element = (TypeElement) d.asElement();
                if (Annotations.has(element, Names.ITEM)) {
                    e.items.add(element.getQualifiedName().toString());
                } else if (element.getQualifiedName().contentEquals(Names.REQUEST_NAME)) {
                    // requests are no items
                } else if (!d.getTypeArguments().isEmpty() && isContainer(d)) {
                    for (TypeMirror a : d.getTypeArguments()) collect(a, e, depth + 1);
                } else {
                    e.unknown = true;
                }
            }
            default -> e.unknown = true;
        }
    }

    private boolean isContainer(DeclaredType d) {
        String name = ((TypeElement) d.asElement()).getQualifiedName().toString();
        return name.equals("java.util.Optional")
                || supertype(d, "java.lang.Iterable") != null
                || supertype(d, "java.util.stream.Stream") != null;
    }

    /** Whether a method body of the spider calls a method named {@code emit}; true when bodies cannot be read. */
    private boolean callsEmit(TypeElement spider) {
        if (trees == null) return true;
        TreePath path = trees.getPath(spider);
        if (path == null) return true;
        boolean[] found = {false};
        new TreePathScanner<Void, Void>() {
            @Override
            public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
                String name = switch (node.getMethodSelect()) {
                    case MemberSelectTree s -> s.getIdentifier().toString();
                    case IdentifierTree i -> i.getName().toString();
                    default -> "";
                };
                if (name.equals("emit")) found[0] = true;
                return super.visitMethodInvocation(node, unused);
            }
        }.scan(path, null);
        return found[0];
    }

    private @Nullable DeclaredType supertype(TypeMirror type, String name) {
        return type instanceof DeclaredType d ? returnTypes.supertype(d, name) : null;
    }

    private static List<String> simpleNames(Set<String> qualified) {
        return qualified.stream().map(q -> q.substring(q.lastIndexOf('.') + 1)).toList();
    }
}
