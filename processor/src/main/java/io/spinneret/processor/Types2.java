package io.spinneret.processor;

import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;

/** Small type-mirror helpers. */
final class Types2 {
    private Types2() {}

    /** True if the type or one of its type arguments cannot be resolved (yet). */
    static boolean containsError(TypeMirror type) {
        if (type.getKind() == TypeKind.ERROR) return true;
        if (type instanceof DeclaredType d) {
            for (TypeMirror a : d.getTypeArguments()) if (containsError(a)) return true;
        }
        if (type instanceof ArrayType a) return containsError(a.getComponentType());
        if (type instanceof WildcardType w) {
            return (w.getExtendsBound() != null && containsError(w.getExtendsBound()))
                    || (w.getSuperBound() != null && containsError(w.getSuperBound()));
        }
        return false;
    }
}
