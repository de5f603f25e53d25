package io.spinneret.processor;

import java.util.Arrays;
import java.util.List;

/**
 * One constraint of one record component, as the generated {@code violation} method checks it.
 *
 * @param component the record component's name
 * @param kind the constraint
 * @param type the component's value type
 * @param bounds the constraint's arguments: Min/Max one long, DecimalMin/DecimalMax the decimal and
 *     "true"/"false" (inclusive), Size min and max, Pattern the regex and the flags' int value
 * @param rule what the violation says, e.g. {@code price @Positive}
 */
record ConstraintModel(String component, Kind kind, ValueType type, List<String> bounds, String rule) {

    /** The supported constraints: Jakarta Validation's names, from {@code jakarta.validation.constraints}. */
    enum Kind {
        NOT_NULL("NotNull"),
        NOT_BLANK("NotBlank"),
        NOT_EMPTY("NotEmpty"),
        SIZE("Size"),
        PATTERN("Pattern"),
        MIN("Min"),
        MAX("Max"),
        DECIMAL_MIN("DecimalMin"),
        DECIMAL_MAX("DecimalMax"),
        POSITIVE("Positive"),
        POSITIVE_OR_ZERO("PositiveOrZero"),
        NEGATIVE("Negative"),
        NEGATIVE_OR_ZERO("NegativeOrZero");

        static final String PACKAGE = "jakarta.validation.constraints";
        final String simpleName;

        Kind(String simpleName) {
            this.simpleName = simpleName;
        }

        static Kind of(String simpleName) {
            for (Kind k : values()) if (k.simpleName.equals(simpleName)) return k;
            return null;
        }

        static List<String> names() {
            return Arrays.stream(values()).map(k -> k.simpleName).toList();
        }
    }
}
