package io.spinneret.processor;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;

/** Array type names used by generators. */
final class ArrayTypeNames {
    private ArrayTypeNames() {}

    static final ArrayTypeName OBJECT_ARRAY = ArrayTypeName.of(ClassName.OBJECT);
    static final ArrayTypeName STRING_ARRAY = ArrayTypeName.of(ClassName.get(String.class));
}
