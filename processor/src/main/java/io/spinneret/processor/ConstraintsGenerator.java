package io.spinneret.processor;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import javax.lang.model.element.Modifier;

/**
 * Writes the {@code violation(item)} method of an item's serializer: the key must not be null,
 * then each constraint in component order, each an {@code if} on the accessor that returns the
 * rule it breaks. Null passes every constraint but {@code NotNull}, {@code NotBlank} and
 * {@code NotEmpty}, as in Jakarta Validation; NaN passes no numeric bound. Regexes are compiled
 * once, into static fields.
 */
final class ConstraintsGenerator {
    private static final ClassName PATTERN = ClassName.get(Pattern.class);

    private ConstraintsGenerator() {}

    /** The {@code PATTERN_<n>} fields, one per {@code @Pattern}, in constraint order. */
    static List<FieldSpec> patterns(ItemModel item) {
        List<FieldSpec> out = new ArrayList<>();
        for (ConstraintModel c : item.constraints()) {
            if (c.kind() != ConstraintModel.Kind.PATTERN) continue;
            out.add(FieldSpec.builder(
                            PATTERN, "PATTERN_" + out.size(), Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                    .initializer(
                            "$T.compile($S, $L)",
                            PATTERN,
                            c.bounds().get(0),
                            c.bounds().get(1))
                    .build());
        }
        return out;
    }

    static MethodSpec violation(ItemModel item, MethodSpec.Builder m) {
        m.addParameter(item.type(), "item");
        ValueType.Component key = item.fields().get(item.keyIndex());
        if (key.type().nullable()) {
            m.beginControlFlow("if (item.$L() == null)", key.name())
                    .addStatement("return $S", key.name() + " @NotNull (key)")
                    .endControlFlow();
        }
        int pattern = 0;
        for (ConstraintModel c : item.constraints()) {
            String v = "item." + c.component() + "()";
            CodeBlock broken = switch (c.kind()) {
                case NOT_NULL -> CodeBlock.of("$L == null", v);
                case NOT_BLANK -> CodeBlock.of("$L == null || $L.isBlank()", v, v);
                case NOT_EMPTY -> CodeBlock.of("$L == null || $L.isEmpty()", v, v);
                case SIZE -> size(c, v);
                case PATTERN -> CodeBlock.of("$L != null && !PATTERN_$L.matcher($L).matches()", v, pattern++, v);
                case MIN -> compare(c, v, ">=", c.bounds().get(0) + "L");
                case MAX -> compare(c, v, "<=", c.bounds().get(0) + "L");
                case DECIMAL_MIN ->
                    compare(
                            c,
                            v,
                            c.bounds().get(1).equals("true") ? ">=" : ">",
                            c.bounds().get(0));
                case DECIMAL_MAX ->
                    compare(
                            c,
                            v,
                            c.bounds().get(1).equals("true") ? "<=" : "<",
                            c.bounds().get(0));
                case POSITIVE -> compare(c, v, ">", "0");
                case POSITIVE_OR_ZERO -> compare(c, v, ">=", "0");
                case NEGATIVE -> compare(c, v, "<", "0");
                case NEGATIVE_OR_ZERO -> compare(c, v, "<=", "0");
            };
            m.beginControlFlow("if ($L)", broken)
                    .addStatement("return $S", c.rule())
                    .endControlFlow();
        }
        return m.addStatement("return null").build();
    }

    private static CodeBlock size(ConstraintModel c, String v) {
        String length = c.type() instanceof ValueType.Simple ? "length()" : "size()";
        int min = Integer.parseInt(c.bounds().get(0));
        int max = Integer.parseInt(c.bounds().get(1));
        List<String> tests = new ArrayList<>();
        if (min > 0) tests.add(v + "." + length + " < " + min);
        if (max < Integer.MAX_VALUE) tests.add(v + "." + length + " > " + max);
        if (tests.isEmpty()) return CodeBlock.of("false");
        return CodeBlock.of("$L != null && ($L)", v, String.join(" || ", tests));
    }

    /** Broken unless {@code v op bound}; a box that is null passes, a NaN breaks it. */
    private static CodeBlock compare(ConstraintModel c, String v, String op, String bound) {
        ValueType.Simple s = (ValueType.Simple) c.type();
        if (s.scalar() == ValueType.Scalar.BIG_DECIMAL || s.scalar() == ValueType.Scalar.BIG_INTEGER) {
            String decimal = bound.endsWith("L") ? bound.substring(0, bound.length() - 1) : bound;
            CodeBlock asDecimal = s.scalar() == ValueType.Scalar.BIG_DECIMAL
                    ? CodeBlock.of("$L", v)
                    : CodeBlock.of("new $T($L)", BigDecimal.class, v);
            CodeBlock cmp = decimal.equals("0")
                    ? CodeBlock.of("$L.signum()", asDecimal)
                    : CodeBlock.of(
                            "$L.compareTo(new $T($S))",
                            asDecimal,
                            BigDecimal.class,
                            new BigDecimal(decimal).toPlainString());
            return CodeBlock.of("$L != null && !($L $L 0)", v, cmp, op);
        }
        String literal = bound;
        if (!bound.endsWith("L")) {
            // a DecimalMin/DecimalMax bound, or 0: a double literal unless it is a whole number for an integer type
            boolean floating = s.scalar() == ValueType.Scalar.DOUBLE || s.scalar() == ValueType.Scalar.FLOAT;
            String plain = new BigDecimal(bound).toPlainString();
            literal = floating || plain.contains(".") ? plain + "d" : plain + "L";
        }
        return s.primitive()
                ? CodeBlock.of("!($L $L $L)", v, op, literal)
                : CodeBlock.of("$L != null && !($L $L $L)", v, v, op, literal);
    }
}
