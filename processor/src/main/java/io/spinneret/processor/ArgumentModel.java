package io.spinneret.processor;

import com.palantir.javapoet.ClassName;
import io.spinneret.annotations.ArgType;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One {@code @Arg} field of a spider, as the dispatch generator needs it.
 *
 * @param field the field's name
 * @param name the argument's name ({@code -a name=value})
 * @param enumType the field's enum type, for {@link ArgType#ENUM}
 * @param choices the enum's constants, else empty
 * @param defaultValue null when the argument is required
 */
record ArgumentModel(
        String field,
        String name,
        ArgType type,
        @Nullable ClassName enumType,
        List<String> choices,
        @Nullable String defaultValue,
        String help) {}
