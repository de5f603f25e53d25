package io.spinneret.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import org.jspecify.annotations.Nullable;

/**
 * The {@code @Parse} and {@code @Errback} methods of a spider (its handlers), and its
 * {@code @Start} method: its own in source order, then inherited ones not overridden. Callbacks and
 * errbacks share one set of names.
 */
final class ParseMethods {
    private ParseMethods() {}

    static List<ExecutableElement> of(TypeElement spider, Elements elements) {
        return annotated(spider, elements, m -> Annotations.has(m, Names.PARSE) || Annotations.has(m, Names.ERRBACK));
    }

    /** The {@code @Start} methods: one, if the spider is right. */
    static List<ExecutableElement> start(TypeElement spider, Elements elements) {
        return annotated(spider, elements, m -> Annotations.has(m, Names.START));
    }

    /** The {@code @Blocked} methods: at most one, if the spider is right. */
    static List<ExecutableElement> blocked(TypeElement spider, Elements elements) {
        return annotated(spider, elements, m -> Annotations.has(m, Names.BLOCKED));
    }

    private static List<ExecutableElement> annotated(
            TypeElement spider, Elements elements, Predicate<ExecutableElement> wanted) {
        List<ExecutableElement> found = new ArrayList<>();
        List<ExecutableElement> seen = new ArrayList<>();
        for (TypeElement t = spider; t != null; t = superclass(t)) {
            for (ExecutableElement m : ElementFilter.methodsIn(t.getEnclosedElements())) {
                boolean overridden = seen.stream().anyMatch(s -> elements.overrides(s, m, spider));
                seen.add(m);
                if (!overridden && wanted.test(m)) found.add(m);
            }
        }
        return found;
    }

    /** Whether the method is an {@code @Errback} rather than a {@code @Parse} callback. */
    static boolean isErrback(ExecutableElement method) {
        return !Annotations.has(method, Names.PARSE) && Annotations.has(method, Names.ERRBACK);
    }

    /** {@code @Parse} or {@code @Errback}; for a method with both (an error), {@code @Parse}. */
    static AnnotationMirror annotation(ExecutableElement method) {
        return Annotations.find(method, Names.PARSE)
                .or(() -> Annotations.find(method, Names.ERRBACK))
                .orElseThrow();
    }

    /** "Parse" or "Errback", for messages. */
    static String annotationName(ExecutableElement method) {
        return isErrback(method) ? "Errback" : "Parse";
    }

    /** The annotation attribute that names the handler: {@code callback} or {@code name}. */
    static String nameAttribute(ExecutableElement method) {
        return isErrback(method) ? "name" : "callback";
    }

    /** The name requests use: {@code @Parse(callback)}, {@code @Errback(name)}, or the method name. */
    static String callbackName(ExecutableElement method) {
        String given = Annotations.string(annotation(method), nameAttribute(method), "");
        return given.isEmpty() ? method.getSimpleName().toString() : given;
    }

    private static @Nullable TypeElement superclass(TypeElement t) {
        TypeMirror s = t.getSuperclass();
        if (s.getKind() != TypeKind.DECLARED) return null;
        TypeElement e = (TypeElement) ((DeclaredType) s).asElement();
        return e.getQualifiedName().contentEquals("java.lang.Object") ? null : e;
    }
}
