package io.spinneret.testing;

import io.spinneret.annotations.ArgType;
import io.spinneret.internal.ArgumentSpec;
import io.spinneret.internal.Dispatcher;
import io.spinneret.internal.SpiderArguments;
import java.util.List;
import java.util.Map;

/**
 * {@link BooksFixture} with the arguments a generated dispatch would declare for
 * {@code @Arg(name = "max_pages", defaultValue = "0") int maxPages} and a required
 * {@code @Arg String category}; the last arguments it was given are kept for tests to read.
 */
public final class ArgumentsFixture extends BooksFixture {
    private static final List<ArgumentSpec> ARGUMENTS = List.of(
            new ArgumentSpec("category", ArgType.STRING, List.of(), null, "only this category"),
            new ArgumentSpec("max_pages", ArgType.INT, List.of(), "0", "listing pages to follow (0 = all)"));
    public static volatile Map<String, String> lastArguments = Map.of();

    public ArgumentsFixture(String name, List<String> startUrls) {
        super(name, startUrls, List.of(), url -> false);
    }

    @Override
    public List<ArgumentSpec> arguments() {
        return ARGUMENTS;
    }

    @Override
    public Dispatcher newDispatcher() {
        return newDispatcher(Map.of());
    }

    @Override
    public Dispatcher newDispatcher(Map<String, String> arguments) {
        lastArguments = SpiderArguments.check(this, arguments);
        return super.newDispatcher();
    }
}
