package io.spinneret.processor;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import org.jspecify.annotations.Nullable;

/**
 * Classifies a callback's return type into the shape the dispatch code adapts: void, one value,
 * or an Iterable/array/Stream/Optional of values, where values are items, requests, or anything
 * that might be one (checked at run time).
 */
final class ReturnTypes {
    /** Why a return type is not supported; {@code unresolved} means it may be generated later. */
    static final class Rejected extends Exception {
        final boolean unresolved;

        Rejected(String message, boolean unresolved) {
            super(message, null, false, false);
            this.unresolved = unresolved;
        }
    }

    private final Elements elements;
    private final Types types;

    ReturnTypes(Elements elements, Types types) {
        this.elements = elements;
        this.types = types;
    }

    CallbackModel.Result classify(TypeMirror type) throws Rejected {
        switch (type.getKind()) {
            case VOID:
                return CallbackModel.Result.VOID;
            case ERROR:
                throw new Rejected(type.toString(), true);
            case ARRAY:
                return new CallbackModel.Result(
                        CallbackModel.Shape.ARRAY, element(((ArrayType) type).getComponentType(), type));
            case DECLARED:
                break;
            case TYPEVAR, WILDCARD:
                return new CallbackModel.Result(CallbackModel.Shape.SINGLE, element(type, type));
            default:
                throw new Rejected(type.toString(), false);
        }
        DeclaredType declared = (DeclaredType) type;
        String name = qualifiedName(declared);
        if (name.equals("java.util.Optional"))
            return new CallbackModel.Result(
                    CallbackModel.Shape.OPTIONAL, argument(declared, "java.util.Optional", type));
        if (isSubtype(declared, "java.util.stream.Stream"))
            return new CallbackModel.Result(
                    CallbackModel.Shape.STREAM, argument(declared, "java.util.stream.Stream", type));
        if (isSubtype(declared, "java.lang.Iterable"))
            return new CallbackModel.Result(
                    CallbackModel.Shape.ITERABLE, argument(declared, "java.lang.Iterable", type));
        return new CallbackModel.Result(CallbackModel.Shape.SINGLE, element(type, type));
    }

    private CallbackModel.Element argument(DeclaredType type, String container, TypeMirror whole) throws Rejected {
        DeclaredType supertype = supertype(type, container);
        if (supertype == null || supertype.getTypeArguments().isEmpty()) return CallbackModel.Element.ANY;
        return element(supertype.getTypeArguments().get(0), whole);
    }

    private CallbackModel.Element element(TypeMirror type, TypeMirror whole) throws Rejected {
        switch (type.getKind()) {
            case ERROR:
                throw new Rejected(type.toString(), true);
            case WILDCARD: {
                TypeMirror bound = ((WildcardType) type).getExtendsBound();
                return bound == null ? CallbackModel.Element.ANY : element(bound, whole);
            }
            case TYPEVAR:
                return element(((TypeVariable) type).getUpperBound(), whole);
            case INTERSECTION:
                return CallbackModel.Element.ANY;
            case DECLARED:
                break;
            default:
                throw new Rejected(whole.toString(), false);
        }
        TypeElement element = (TypeElement) ((DeclaredType) type).asElement();
        if (element.getQualifiedName().contentEquals(Names.REQUEST_NAME)) return CallbackModel.Element.REQUEST;
        if (Annotations.has(element, Names.ITEM)) return CallbackModel.Element.ITEM;
        boolean mayBeItem = element.getKind() == ElementKind.INTERFACE
                || (element.getKind() == ElementKind.CLASS
                        && !element.getModifiers().contains(Modifier.FINAL));
        if (mayBeItem) return CallbackModel.Element.ANY;
        throw new Rejected(whole.toString(), false);
    }

    private boolean isSubtype(DeclaredType type, String name) {
        TypeElement target = elements.getTypeElement(name);
        return target != null && types.isAssignable(types.erasure(type), types.erasure(target.asType()));
    }

    /** The parameterization of {@code name} among the supertypes of {@code type}, or null. */
    @Nullable
    DeclaredType supertype(DeclaredType type, String name) {
        Deque<TypeMirror> queue = new ArrayDeque<>();
        Set<String> seen = new HashSet<>();
        queue.add(type);
        while (!queue.isEmpty()) {
            TypeMirror t = queue.poll();
            if (!(t instanceof DeclaredType d) || !seen.add(t.toString())) continue;
            if (qualifiedName(d).equals(name)) return d;
            queue.addAll(types.directSupertypes(t));
        }
        return null;
    }

    private static String qualifiedName(DeclaredType type) {
        return ((TypeElement) type.asElement()).getQualifiedName().toString();
    }

    static boolean isResolved(TypeMirror type) {
        return type.getKind() != TypeKind.ERROR;
    }
}
