package io.spinneret.internal;

import java.util.function.UnaryOperator;

/**
 * One item processor as a spider's generated dispatch class hands it to the runtime: the item type
 * it handles, its class name (for logs and stats) and its {@code process} method.
 *
 * @param type the {@code @Item} record it handles
 * @param name the processor's simple class name
 * @param process the processor's {@code process} method
 */
public record ProcessorLink(Class<?> type, String name, UnaryOperator<Object> process) {
    /** Generated code calls this with {@code new MyProcessor()::process}. */
    @SuppressWarnings("unchecked")
    public static <T> ProcessorLink of(Class<T> type, String name, UnaryOperator<T> process) {
        return new ProcessorLink(type, name, (UnaryOperator<Object>) (UnaryOperator<?>) process);
    }
}
