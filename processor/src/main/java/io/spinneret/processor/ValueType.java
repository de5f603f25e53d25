package io.spinneret.processor;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import java.util.List;

/**
 * How one value of an item is stored: a scalar with a logical type, or a JSON structure (a list,
 * a string-keyed map, a nested record).
 */
sealed interface ValueType {
    /** The Java type as written in the record, for generated method parameters. */
    TypeName javaType();

    /** False only for primitives. */
    boolean nullable();

    /** The logical type in {@code io.spinneret.internal.FieldType}. */
    String fieldType();

    /** The kinds of scalar values and their logical types. */
    enum Scalar {
        STRING("STRING"),
        CHAR("STRING"),
        ENUM("STRING"),
        INTEGER("INTEGER"),
        FLOAT("FLOATING"),
        DOUBLE("FLOATING"),
        BIG_DECIMAL("DECIMAL"),
        BIG_INTEGER("DECIMAL"),
        BOOLEAN("BOOLEAN"),
        INSTANT("TIMESTAMP"),
        OFFSET_DATE_TIME("TIMESTAMP"),
        ZONED_DATE_TIME("TIMESTAMP"),
        LOCAL_DATE_TIME("TIMESTAMP"),
        LOCAL_DATE("DATE");

        final String fieldType;

        Scalar(String fieldType) {
            this.fieldType = fieldType;
        }
    }

    record Simple(TypeName javaType, Scalar scalar, boolean primitive) implements ValueType {
        @Override
        public boolean nullable() {
            return !primitive;
        }

        @Override
        public String fieldType() {
            return scalar.fieldType;
        }
    }

    /** A List, Set or Collection, written as a JSON array. */
    record Sequence(TypeName javaType, ValueType element) implements ValueType {
        @Override
        public boolean nullable() {
            return true;
        }

        @Override
        public String fieldType() {
            return "JSON";
        }
    }

    /** A {@code Map<String, V>}, written as a JSON object. */
    record Mapping(TypeName javaType, ValueType value) implements ValueType {
        @Override
        public boolean nullable() {
            return true;
        }

        @Override
        public String fieldType() {
            return "JSON";
        }
    }

    /** A nested record, written as a JSON object; components are resolved lazily to allow recursion. */
    record Nested(TypeName javaType, ClassName record) implements ValueType {
        @Override
        public boolean nullable() {
            return true;
        }

        @Override
        public String fieldType() {
            return "JSON";
        }
    }

    /** One component of a record: its name and value type. */
    record Component(String name, ValueType type) {}

    /** The components of a nested record. */
    record RecordShape(ClassName record, List<Component> components) {}
}
