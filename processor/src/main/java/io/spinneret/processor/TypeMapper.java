package io.spinneret.processor;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.Types;

/**
 * Maps a record component's type to how it is stored ({@link ValueType}), or explains why it
 * cannot be. Nested records are collected into {@link #records()} so generators can write one
 * helper per record type (which also makes recursive records work).
 */
final class TypeMapper {
    /** Thrown internally with the reason a type is not supported. */
    static final class Unsupported extends Exception {
        Unsupported(String reason) {
            super(reason, null, false, false);
        }
    }

    private final Types types;
    private final String fromPackage;
    private final Map<String, ValueType.RecordShape> records = new LinkedHashMap<>();

    TypeMapper(Types types, String fromPackage) {
        this.types = types;
        this.fromPackage = fromPackage;
    }

    /** Nested record shapes met so far, by qualified name, in the order first met. */
    Map<String, ValueType.RecordShape> records() {
        return records;
    }

    ValueType map(TypeMirror type) throws Unsupported {
        TypeName javaType = TypeName.get(type).withoutAnnotations();
        switch (type.getKind()) {
            case BYTE, SHORT, INT, LONG:
                return new ValueType.Simple(javaType, ValueType.Scalar.INTEGER, true);
            case FLOAT:
                return new ValueType.Simple(javaType, ValueType.Scalar.FLOAT, true);
            case DOUBLE:
                return new ValueType.Simple(javaType, ValueType.Scalar.DOUBLE, true);
            case BOOLEAN:
                return new ValueType.Simple(javaType, ValueType.Scalar.BOOLEAN, true);
            case CHAR:
                return new ValueType.Simple(javaType, ValueType.Scalar.CHAR, true);
            case DECLARED:
                break;
            case ARRAY:
                throw new Unsupported("arrays are not supported; use a List");
            case TYPEVAR:
                throw new Unsupported("type variables are not supported; use a concrete type");
            case ERROR:
                throw new Unsupported("the type cannot be resolved");
            default:
                throw new Unsupported("not a value type");
        }
        DeclaredType declared = (DeclaredType) type;
        TypeElement element = (TypeElement) declared.asElement();
        String name = element.getQualifiedName().toString();
        ValueType.Scalar scalar = switch (name) {
            case "java.lang.String" -> ValueType.Scalar.STRING;
            case "java.lang.Character" -> ValueType.Scalar.CHAR;
            case "java.lang.Byte", "java.lang.Short", "java.lang.Integer", "java.lang.Long" -> ValueType.Scalar.INTEGER;
            case "java.lang.Float" -> ValueType.Scalar.FLOAT;
            case "java.lang.Double" -> ValueType.Scalar.DOUBLE;
            case "java.math.BigDecimal" -> ValueType.Scalar.BIG_DECIMAL;
            case "java.math.BigInteger" -> ValueType.Scalar.BIG_INTEGER;
            case "java.lang.Boolean" -> ValueType.Scalar.BOOLEAN;
            case "java.time.Instant" -> ValueType.Scalar.INSTANT;
            case "java.time.OffsetDateTime" -> ValueType.Scalar.OFFSET_DATE_TIME;
            case "java.time.ZonedDateTime" -> ValueType.Scalar.ZONED_DATE_TIME;
            case "java.time.LocalDateTime" -> ValueType.Scalar.LOCAL_DATE_TIME;
            case "java.time.LocalDate" -> ValueType.Scalar.LOCAL_DATE;
            default -> null;
        };
        if (scalar != null) return new ValueType.Simple(javaType, scalar, false);
        if (element.getKind() == ElementKind.ENUM) {
            checkAccessible(element);
            return new ValueType.Simple(javaType, ValueType.Scalar.ENUM, false);
        }
        switch (name) {
            case "java.util.List", "java.util.Set", "java.util.Collection" -> {
                if (declared.getTypeArguments().isEmpty())
                    throw new Unsupported("raw " + element.getSimpleName() + "; give the element type");
                return new ValueType.Sequence(
                        javaType, argument(declared.getTypeArguments().get(0)));
            }
            case "java.util.Map" -> {
                if (declared.getTypeArguments().isEmpty()) throw new Unsupported("raw Map; use Map<String, V>");
                TypeMirror key = bound(declared.getTypeArguments().get(0));
                if (!(key instanceof DeclaredType k
                        && ((TypeElement) k.asElement()).getQualifiedName().contentEquals("java.lang.String"))) {
                    throw new Unsupported("map keys must be String, not " + key);
                }
                return new ValueType.Mapping(
                        javaType, argument(declared.getTypeArguments().get(1)));
            }
            default -> {}
        }
        if (element.getKind() == ElementKind.RECORD) {
            checkAccessible(element);
            if (!element.getTypeParameters().isEmpty()) throw new Unsupported("generic records are not supported");
            ClassName record = ClassName.get(element);
            if (!records.containsKey(name)) {
                records.put(name, new ValueType.RecordShape(record, List.of())); // placeholder: breaks recursion
                List<ValueType.Component> components = new ArrayList<>();
                for (RecordComponentElement c : element.getRecordComponents()) {
                    try {
                        components.add(new ValueType.Component(c.getSimpleName().toString(), map(c.asType())));
                    } catch (Unsupported e) {
                        throw new Unsupported(
                                "in " + element.getSimpleName() + "." + c.getSimpleName() + ": " + e.getMessage());
                    }
                }
                records.put(name, new ValueType.RecordShape(record, components));
            }
            return new ValueType.Nested(javaType, record);
        }
        throw new Unsupported(element.getSimpleName() + " is not a storable type");
    }

    private ValueType argument(TypeMirror argument) throws Unsupported {
        return map(bound(argument));
    }

    private TypeMirror bound(TypeMirror argument) throws Unsupported {
        if (argument instanceof WildcardType w) {
            if (w.getExtendsBound() == null) throw new Unsupported("wildcard '?' has no element type");
            return w.getExtendsBound();
        }
        return argument;
    }

    private void checkAccessible(TypeElement element) throws Unsupported {
        for (Element e = element; e.getKind() != ElementKind.PACKAGE; e = e.getEnclosingElement()) {
            if (e.getModifiers().contains(Modifier.PRIVATE))
                throw new Unsupported(element.getSimpleName() + " is private");
            if (!e.getModifiers().contains(Modifier.PUBLIC)
                    && !Names.packageOf(e).equals(fromPackage)) {
                throw new Unsupported(element.getSimpleName() + " is not public and in another package");
            }
        }
        if (element.asType().getKind() == TypeKind.ERROR) throw new Unsupported("the type cannot be resolved");
    }

    Types types() {
        return types;
    }
}
