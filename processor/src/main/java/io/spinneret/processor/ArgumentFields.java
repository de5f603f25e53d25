package io.spinneret.processor;

import io.spinneret.annotations.ArgType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import org.jspecify.annotations.Nullable;

/** The {@code @Arg} fields of a spider class and its superclasses, and the {@link ArgType} of each field type. */
final class ArgumentFields {
    private ArgumentFields() {}

    /** The {@code @Arg} fields, those of the topmost superclass first, each class's in declaration order. */
    static List<VariableElement> of(TypeElement spider) {
        Deque<TypeElement> chain = new ArrayDeque<>();
        for (TypeElement t = spider; t != null; t = superclass(t)) chain.push(t);
        List<VariableElement> out = new ArrayList<>();
        for (TypeElement t : chain) {
            for (VariableElement f : ElementFilter.fieldsIn(t.getEnclosedElements())) {
                if (Annotations.has(f, Names.ARG)) out.add(f);
            }
        }
        return out;
    }

    private static @Nullable TypeElement superclass(TypeElement t) {
        TypeMirror s = t.getSuperclass();
        return s.getKind() == TypeKind.DECLARED ? (TypeElement) ((DeclaredType) s).asElement() : null;
    }

    /** The argument type of a field of this type, or null when it is not supported. */
    static @Nullable ArgType typeOf(TypeMirror type) {
        switch (type.getKind()) {
            case INT -> {
                return ArgType.INT;
            }
            case LONG -> {
                return ArgType.LONG;
            }
            case DOUBLE -> {
                return ArgType.DOUBLE;
            }
            case BOOLEAN -> {
                return ArgType.BOOLEAN;
            }
            case DECLARED -> {}
            default -> {
                return null;
            }
        }
        DeclaredType d = (DeclaredType) type;
        TypeElement e = (TypeElement) d.asElement();
        if (e.getKind() == ElementKind.ENUM) return e.getModifiers().contains(Modifier.PRIVATE) ? null : ArgType.ENUM;
        String name = e.getQualifiedName().toString();
        if (name.equals("java.util.List")) {
            List<? extends TypeMirror> args = d.getTypeArguments();
            return args.size() == 1 && args.get(0).toString().equals("java.lang.String") ? ArgType.LIST : null;
        }
        return switch (name) {
            case "java.lang.String" -> ArgType.STRING;
            case "java.lang.Integer" -> ArgType.INT;
            case "java.lang.Long" -> ArgType.LONG;
            case "java.lang.Double" -> ArgType.DOUBLE;
            case "java.lang.Boolean" -> ArgType.BOOLEAN;
            default -> null;
        };
    }

    /** An enum type's constants, in declaration order. */
    static List<String> constants(TypeMirror enumType) {
        List<String> out = new ArrayList<>();
        for (var e : ((DeclaredType) enumType).asElement().getEnclosedElements()) {
            if (e.getKind() == ElementKind.ENUM_CONSTANT)
                out.add(e.getSimpleName().toString());
        }
        return out;
    }

    /** The argument's name: {@code @Arg(name)}, else the field's. */
    static String name(VariableElement field) {
        return Annotations.string(
                Annotations.find(field, Names.ARG).orElseThrow(),
                "name",
                field.getSimpleName().toString());
    }
}
