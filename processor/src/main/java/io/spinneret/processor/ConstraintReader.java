package io.spinneret.processor;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.RecordComponentElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;
import org.jspecify.annotations.Nullable;

/**
 * Reads the Jakarta Validation constraints ({@code jakarta.validation.constraints.NotNull},
 * {@code Pattern}, {@code Min}...) of an {@code @Item} record's components into
 * {@link ConstraintModel}s, and reports what cannot be checked: a constraint of that package this
 * processor does not support, one on a type it does not apply to, a regex that does not compile,
 * bounds that contradict each other. Annotations are read from the component, its field and its
 * accessor (where javac puts them, by their targets) and from its type (type-use).
 */
final class ConstraintReader {
    private ConstraintReader() {}

    static List<ConstraintModel> read(TypeElement record, TypeMapper mapper, Report report) {
        List<ConstraintModel> out = new ArrayList<>();
        for (RecordComponentElement c : record.getRecordComponents()) {
            ValueType type;
            try {
                type = mapper.map(c.asType());
            } catch (TypeMapper.Unsupported e) {
                continue; // reported by ItemValidator
            }
            for (AnnotationMirror m : constraintsOf(record, c).values()) {
                String simple =
                        m.getAnnotationType().asElement().getSimpleName().toString();
                ConstraintModel.Kind kind = ConstraintModel.Kind.of(simple);
                if (kind == null) {
                    report.error(
                            c,
                            Message.UNSUPPORTED_CONSTRAINT.format(
                                    simple, c.getSimpleName(), String.join(", ", ConstraintModel.Kind.names())));
                    continue;
                }
                String fits = fits(kind, type);
                if (fits != null) {
                    report.error(c, Message.CONSTRAINT_TYPE.format(simple, c.getSimpleName(), type.javaType(), fits));
                    continue;
                }
                List<String> bounds = bounds(kind, m, c, report);
                if (bounds == null) continue;
                out.add(new ConstraintModel(
                        c.getSimpleName().toString(), kind, type, bounds, c.getSimpleName() + " @" + simple));
            }
        }
        return out;
    }

    /** The constraint annotations of a component by qualified name, wherever javac put them. */
    private static Map<String, AnnotationMirror> constraintsOf(TypeElement record, RecordComponentElement c) {
        Map<String, AnnotationMirror> found = new LinkedHashMap<>();
        List<Element> places = new ArrayList<>();
        places.add(c);
        if (c.getAccessor() != null) places.add(c.getAccessor());
        for (VariableElement f : ElementFilter.fieldsIn(record.getEnclosedElements())) {
            if (f.getSimpleName().contentEquals(c.getSimpleName())) places.add(f);
        }
        List<AnnotationMirror> mirrors = new ArrayList<>();
        for (Element e : places) mirrors.addAll(e.getAnnotationMirrors());
        mirrors.addAll(c.asType().getAnnotationMirrors());
        for (AnnotationMirror m : mirrors) {
            TypeElement a = (TypeElement) m.getAnnotationType().asElement();
            String name = a.getQualifiedName().toString();
            if (name.startsWith(ConstraintModel.Kind.PACKAGE + ".")
                    && a.getEnclosingElement() instanceof PackageElement) {
                found.putIfAbsent(name, m);
            }
        }
        return found;
    }

    /** Null if the constraint applies to the type, else what it applies to. */
    private static @Nullable String fits(ConstraintModel.Kind kind, ValueType type) {
        boolean string = type instanceof ValueType.Simple s && s.scalar() == ValueType.Scalar.STRING;
        boolean number = type instanceof ValueType.Simple s
                && switch (s.scalar()) {
                    case INTEGER, FLOAT, DOUBLE, BIG_DECIMAL, BIG_INTEGER -> true;
                    default -> false;
                };
        boolean sized = string || type instanceof ValueType.Sequence || type instanceof ValueType.Mapping;
        return switch (kind) {
            case NOT_NULL -> type.nullable() ? null : "a reference type (a primitive is never null)";
            case NOT_BLANK, PATTERN -> string ? null : "String";
            case NOT_EMPTY, SIZE -> sized ? null : "String, a collection or a map";
            case MIN, MAX, DECIMAL_MIN, DECIMAL_MAX, POSITIVE, POSITIVE_OR_ZERO, NEGATIVE, NEGATIVE_OR_ZERO ->
                number ? null : "numbers (the primitive numbers, their boxes, BigInteger, BigDecimal)";
        };
    }

    /** The constraint's arguments, or null after reporting them wrong. */
    private static @Nullable List<String> bounds(
            ConstraintModel.Kind kind, AnnotationMirror m, RecordComponentElement c, Report report) {
        switch (kind) {
            case MIN, MAX:
                return List.of(String.valueOf(value(m, "value", 0L)));
            case DECIMAL_MIN, DECIMAL_MAX: {
                String v = String.valueOf(value(m, "value", ""));
                try {
                    new BigDecimal(v);
                } catch (NumberFormatException e) {
                    report.error(
                            c,
                            m,
                            Annotations.explicit(m, "value"),
                            Message.BAD_CONSTRAINT.format(
                                    "@" + kind.simpleName, c.getSimpleName(), "'" + v + "' is not a decimal number"));
                    return null;
                }
                return List.of(v, String.valueOf(value(m, "inclusive", true)));
            }
            case SIZE: {
                int min = ((Number) value(m, "min", 0)).intValue();
                int max = ((Number) value(m, "max", Integer.MAX_VALUE)).intValue();
                if (min < 0 || max < min) {
                    report.error(
                            c,
                            m,
                            Message.BAD_CONSTRAINT.format(
                                    "@Size", c.getSimpleName(), "min " + min + " and max " + max + " admit no size"));
                    return null;
                }
                return List.of(String.valueOf(min), String.valueOf(max));
            }
            case PATTERN: {
                String regex = String.valueOf(value(m, "regexp", ""));
                int flags = 0;
                for (AnnotationValue f : Annotations.array(m, "flags")) {
                    if (f.getValue() instanceof VariableElement ve)
                        flags |= flag(ve.getSimpleName().toString());
                }
                try {
                    Pattern.compile(regex, flags);
                } catch (PatternSyntaxException e) {
                    report.error(
                            c,
                            m,
                            Annotations.explicit(m, "regexp"),
                            Message.BAD_PATTERN.format(
                                    regex, c.getSimpleName(), e.getDescription() + " near index " + e.getIndex()));
                    return null;
                }
                return List.of(regex, String.valueOf(flags));
            }
            default:
                return List.of();
        }
    }

    private static Object value(AnnotationMirror m, String attribute, Object fallback) {
        AnnotationValue v = Annotations.explicit(m, attribute);
        return v == null ? fallback : v.getValue();
    }

    /** {@code jakarta.validation.constraints.Pattern.Flag} names are those of {@link Pattern}'s flags. */
    private static int flag(String name) {
        return switch (name) {
            case "UNIX_LINES" -> Pattern.UNIX_LINES;
            case "CASE_INSENSITIVE" -> Pattern.CASE_INSENSITIVE;
            case "COMMENTS" -> Pattern.COMMENTS;
            case "MULTILINE" -> Pattern.MULTILINE;
            case "DOTALL" -> Pattern.DOTALL;
            case "UNICODE_CASE" -> Pattern.UNICODE_CASE;
            case "CANON_EQ" -> Pattern.CANON_EQ;
            default -> 0;
        };
    }
}
