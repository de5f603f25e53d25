package io.spinneret.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import org.jspecify.annotations.Nullable;

/** Reads annotations through mirrors, never through Class objects. */
final class Annotations {
    private Annotations() {}

    static Optional<AnnotationMirror> find(Element element, String qualifiedName) {
        for (AnnotationMirror m : element.getAnnotationMirrors()) {
            if (((TypeElement) m.getAnnotationType().asElement())
                    .getQualifiedName()
                    .contentEquals(qualifiedName)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }

    static boolean has(Element element, String qualifiedName) {
        return find(element, qualifiedName).isPresent();
    }

    /** The explicitly written value of an attribute, or null when the default applies. */
    static @Nullable AnnotationValue explicit(AnnotationMirror mirror, String attribute) {
        for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> e :
                mirror.getElementValues().entrySet()) {
            if (e.getKey().getSimpleName().contentEquals(attribute)) return e.getValue();
        }
        return null;
    }

    /** A string attribute, or {@code fallback} when not written. */
    static String string(AnnotationMirror mirror, String attribute, String fallback) {
        AnnotationValue v = explicit(mirror, attribute);
        return v != null && v.getValue() instanceof String s ? s : fallback;
    }

    /** The elements of an array attribute as written ({@code "x"} counts as {@code {"x"}}); empty when not written. */
    static List<? extends AnnotationValue> array(AnnotationMirror mirror, String attribute) {
        AnnotationValue v = explicit(mirror, attribute);
        if (v == null) return List.of();
        if (v.getValue() instanceof List<?> list) {
            @SuppressWarnings("unchecked")
            List<? extends AnnotationValue> values = (List<? extends AnnotationValue>) list;
            return values;
        }
        return List.of(v);
    }

    /** The strings of an array attribute as written; empty when not written. */
    static List<String> strings(AnnotationMirror mirror, String attribute) {
        List<String> out = new ArrayList<>();
        for (AnnotationValue v : array(mirror, attribute)) {
            if (v.getValue() instanceof String s) out.add(s);
        }
        return out;
    }

    /** An enum attribute's constant name, or {@code fallback}. */
    static String enumName(AnnotationMirror mirror, String attribute, String fallback) {
        AnnotationValue v = explicit(mirror, attribute);
        return v != null && v.getValue() instanceof VariableElement ve
                ? ve.getSimpleName().toString()
                : fallback;
    }
}
