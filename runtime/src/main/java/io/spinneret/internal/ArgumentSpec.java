package io.spinneret.internal;

import io.spinneret.annotations.ArgType;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One {@code @Arg} of a spider, as generated into its {@code <Spider>_Dispatch}.
 *
 * @param name the name given with {@code -a name=value}
 * @param type how the value is parsed
 * @param choices an enum's constants, else empty
 * @param defaultValue the value when none is given, as written in {@code @Arg(defaultValue)}; null when required
 * @param help one line for users, may be empty
 */
public record ArgumentSpec(
        String name,
        ArgType type,
        List<String> choices,
        @Nullable String defaultValue,
        String help) {
    public ArgumentSpec {
        choices = List.copyOf(choices);
    }

    public boolean required() {
        return defaultValue == null;
    }

    /** {@code int}, {@code String}, or an enum's constants {@code fiction|travel}. */
    public String typeLabel() {
        return type == ArgType.ENUM ? String.join("|", choices) : type.label();
    }

    /** {@code category (String, default "travel_2"): only this category}, for lists of arguments. */
    public String describe() {
        StringBuilder b = new StringBuilder(name)
                .append(" (")
                .append(typeLabel())
                .append(", ")
                .append(defaultValue == null ? "required" : "default \"" + defaultValue + "\"")
                .append(')');
        if (!help.isEmpty()) b.append(": ").append(help);
        return b.toString();
    }
}
