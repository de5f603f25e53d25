package io.spinneret.annotations;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The value types a spider {@link Arg} may have, and how a value written on the command line is
 * checked: shared by the processor (a default that does not parse is a compile error) and the
 * runtime (a value that does not parse is a usage error).
 */
public enum ArgType {
    STRING("String"),
    INT("int"),
    LONG("long"),
    DOUBLE("double"),
    BOOLEAN("boolean"),
    ENUM("enum"),
    /** Comma-separated, blanks around the commas dropped, empty parts left out. */
    LIST("List<String>");

    private final String label;

    ArgType(String label) {
        this.label = label;
    }

    /** How the type is shown to users: {@code int}, {@code List<String>}; an enum shows its constants instead. */
    public String label() {
        return label;
    }

    /**
     * Checks {@code value} against this type.
     *
     * @param choices an enum's constants (matched ignoring case), else empty
     * @return empty if it parses, else what was expected, e.g. {@code expects an integer, got "x"}
     */
    public Optional<String> check(String value, List<String> choices) {
        String v = value.trim();
        try {
            switch (this) {
                case INT -> Integer.parseInt(v);
                case LONG -> Long.parseLong(v);
                case DOUBLE -> {
                    if (!Double.isFinite(Double.parseDouble(v)))
                        return Optional.of("expects a finite number, got \"" + value + "\"");
                }
                case BOOLEAN -> {
                    if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
                        return Optional.of("expects true or false, got \"" + value + "\"");
                    }
                }
                case ENUM -> {
                    if (choice(v, choices) == null)
                        return Optional.of("expects one of " + String.join(", ", choices) + ", got \"" + value + "\"");
                }
                case STRING, LIST -> {}
            }
        } catch (NumberFormatException e) {
            return Optional.of("expects " + (this == DOUBLE ? "a number" : "an integer") + ", got \"" + value + "\"");
        }
        return Optional.empty();
    }

    /** The constant of {@code choices} that {@code value} names, ignoring case; null if none. */
    public static String choice(String value, List<String> choices) {
        String v = value.trim();
        for (String c : choices) if (c.equals(v)) return c;
        for (String c : choices) if (c.toLowerCase(Locale.ROOT).equals(v.toLowerCase(Locale.ROOT))) return c;
        return null;
    }
}
