package io.spinneret.processor;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.Trees;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;
import org.jspecify.annotations.Nullable;

/**
 * Problems found by a validator, each pinned to the most precise spot available: an element, an
 * annotation on it, one value of that annotation, or a tree inside a method body. Validators only
 * collect; a step prints the report and generates code only when it has no errors.
 */
final class Report {
    /** One diagnostic and where it goes. */
    record Problem(
            Diagnostic.Kind kind,
            String message,
            @Nullable Element element,
            @Nullable AnnotationMirror mirror,
            @Nullable AnnotationValue value,
            @Nullable Tree tree,
            @Nullable CompilationUnitTree unit) {}

    private final List<Problem> problems = new ArrayList<>();

    Report error(Element element, String message) {
        return add(Diagnostic.Kind.ERROR, message, element, null, null);
    }

    Report error(Element element, @Nullable AnnotationMirror mirror, String message) {
        return add(Diagnostic.Kind.ERROR, message, element, mirror, null);
    }

    Report error(Element element, @Nullable AnnotationMirror mirror, @Nullable AnnotationValue value, String message) {
        return add(Diagnostic.Kind.ERROR, message, element, mirror, value);
    }

    Report add(
            Diagnostic.Kind kind,
            String message,
            Element element,
            @Nullable AnnotationMirror mirror,
            @Nullable AnnotationValue value) {
        problems.add(new Problem(kind, message, element, mirror, value, null, null));
        return this;
    }

    Report atTree(Diagnostic.Kind kind, String message, Tree tree, CompilationUnitTree unit) {
        problems.add(new Problem(kind, message, null, null, null, tree, unit));
        return this;
    }

    Report addAll(Report other) {
        problems.addAll(other.problems);
        return this;
    }

    List<Problem> problems() {
        return problems;
    }

    boolean hasErrors() {
        return problems.stream().anyMatch(p -> p.kind() == Diagnostic.Kind.ERROR);
    }

    /** Prints every problem; tree problems need {@code trees}, which is null outside javac. */
    void print(Messager messager, @Nullable Trees trees) {
        for (Problem p : problems) {
            if (p.tree() != null && p.unit() != null && trees != null) {
                trees.printMessage(p.kind(), p.message(), p.tree(), p.unit());
            } else if (p.value() != null) {
                messager.printMessage(p.kind(), p.message(), p.element(), p.mirror(), p.value());
            } else if (p.mirror() != null) {
                messager.printMessage(p.kind(), p.message(), p.element(), p.mirror());
            } else if (p.element() != null) {
                messager.printMessage(p.kind(), p.message(), p.element());
            } else {
                messager.printMessage(p.kind(), p.message());
            }
        }
    }
}
