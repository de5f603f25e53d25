package io.spinneret.internal;

import io.spinneret.api.Crawl;
import io.spinneret.api.Request;
import java.util.Optional;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * Adapts a callback's return value for generated dispatch code: a {@link Request} is scheduled,
 * an {@code Iterable}, {@code Stream}, {@code Optional} or array is unpacked, {@code null} is
 * ignored, and anything else is emitted as an item. Uses {@code instanceof}, not reflection.
 */
public final class Emit {
    private Emit() {}

    public static void value(@Nullable Object value, Crawl crawl) {
        switch (value) {
            case null -> {}
            case Request r -> crawl.request(r);
            case Iterable<?> it -> {
                for (Object o : it) value(o, crawl);
            }
            case Stream<?> s -> {
                try (s) {
                    s.forEachOrdered(o -> value(o, crawl));
                }
            }
            case Optional<?> o -> o.ifPresent(v -> value(v, crawl));
            case Object[] arr -> {
                for (Object o : arr) value(o, crawl);
            }
            default -> crawl.emit(value);
        }
    }
}
