package io.spinneret.processor;

import java.util.List;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic;

/**
 * Warns about {@code @Parse}, {@code @Errback}, {@code @Start} and {@code @Blocked} methods that nothing will call,
 * and {@code @Arg} fields that nothing will set:
 * those of a concrete class that is no {@code @Spider} and that no {@code @Spider} of the
 * compilation extends, most likely a class whose {@code @Spider} was forgotten (it would only show
 * at run time, as "no spider named ..."). An abstract class is left alone: it may be the base of
 * spiders compiled elsewhere.
 */
final class StrayCallbacks {
    private static final List<String> HANDLERS = List.of(Names.PARSE, Names.ERRBACK, Names.START, Names.BLOCKED);
    private static final List<String> COLLECTED =
            List.of(Names.PARSE, Names.ERRBACK, Names.START, Names.BLOCKED, Names.ARG);

    private final ProcessingEnvironment env;
    private final ProcessingState state;

    StrayCallbacks(ProcessingEnvironment env, ProcessingState state) {
        this.env = env;
        this.state = state;
    }

    /** Remembers the classes declaring handler methods in this round. */
    void collect(RoundEnvironment round, Set<? extends TypeElement> annotations) {
        for (TypeElement a : annotations) {
            if (!COLLECTED.contains(a.getQualifiedName().toString())) continue;
            for (Element m : round.getElementsAnnotatedWith(a)) {
                if (m.getEnclosingElement() instanceof TypeElement owner)
                    state.handlerOwners.add(owner.getQualifiedName().toString());
            }
        }
    }

    /** At the end of processing: a warning on each handler method of a class no spider uses. */
    void report() {
        for (String name : state.handlerOwners) {
            TypeElement owner = env.getElementUtils().getTypeElement(name);
            if (owner == null
                    || owner.getKind() != ElementKind.CLASS
                    || owner.getModifiers().contains(Modifier.ABSTRACT)) continue;
            if (Annotations.find(owner, Names.SPIDER).isPresent() || extendedBySpider(owner)) continue;
            for (ExecutableElement m : ElementFilter.methodsIn(owner.getEnclosedElements())) {
                for (String handler : HANDLERS) {
                    if (Annotations.find(m, handler).isEmpty()) continue;
                    env.getMessager()
                            .printMessage(
                                    Diagnostic.Kind.WARNING,
                                    Message.NOT_A_SPIDER.format(
                                            handler.substring(handler.lastIndexOf('.') + 1), m.getSimpleName(), name),
                                    m);
                }
            }
            for (var f : ElementFilter.fieldsIn(owner.getEnclosedElements())) {
                if (Annotations.has(f, Names.ARG)) {
                    env.getMessager()
                            .printMessage(
                                    Diagnostic.Kind.WARNING,
                                    Message.ARG_NOT_IN_SPIDER.format(f.getSimpleName(), name),
                                    f);
                }
            }
        }
    }

    private boolean extendedBySpider(TypeElement base) {
        for (String spider : state.spiderClasses) {
            TypeElement t = env.getElementUtils().getTypeElement(spider);
            while (t != null) {
                TypeMirror s = t.getSuperclass();
                if (s.getKind() != TypeKind.DECLARED) break;
                t = (TypeElement) ((DeclaredType) s).asElement();
                if (t.equals(base)) return true;
            }
        }
        return false;
    }
}
