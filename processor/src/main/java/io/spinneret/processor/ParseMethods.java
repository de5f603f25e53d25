package io.spinneret.processor;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/** The {@code @Parse} methods of a spider: its own in source order, then inherited ones not overridden. */
final class ParseMethods {
    private ParseMethods() {}

    static List<ExecutableElement> of(TypeElement spider, Elements elements) {
        List<ExecutableElement> found = new ArrayList<>();
        List<ExecutableElement> seen = new ArrayList<>();
        for (TypeElement t = spider; t != null; t = superclass(t)) {
            for (ExecutableElement m : ElementFilter.methodsIn(t.getEnclosedElements())) {
                boolean overridden = seen.stream().anyMatch(s -> elements.overrides(s, m, spider));
                seen.add(m);
                if (!overridden && Annotations.has(m, Names.PARSE)) found.add(m);
            }
        }
        return found;
    }

    /** The callback name: {@code @Parse(callback)} or the method name. */
    static String callbackName(ExecutableElement method) {
        return Annotations.find(method, Names.PARSE)
                .map(p -> Annotations.string(p, "callback", ""))
                .filter(s -> !s.isEmpty())
                .orElse(method.getSimpleName().toString());
    }

    private static TypeElement superclass(TypeElement t) {
        TypeMirror s = t.getSuperclass();
        if (s.getKind() != TypeKind.DECLARED) return null;
        TypeElement e = (TypeElement) ((DeclaredType) s).asElement();
        return e.getQualifiedName().contentEquals("java.lang.Object") ? null : e;
    }
}
