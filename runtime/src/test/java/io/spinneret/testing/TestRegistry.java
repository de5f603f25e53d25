package io.spinneret.testing;

import io.spinneret.internal.ItemSchema;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.internal.SpiderRegistry;
import java.util.List;

/**
 * A hand-written stand-in for a generated registry, registered in the test class path's
 * {@code META-INF/services}: spider {@code testbooks} (start URL to be overridden with
 * {@code -s start_urls=...}), plus {@code testbooks-failing} whose callbacks throw on page 2 and on
 * book 7, {@code testbooks-args} with two arguments ({@link ArgumentsFixture}) and
 * {@code testbooks-rules}, whose links come from link rules ({@link RulesFixture}).
 */
public final class TestRegistry implements SpiderRegistry {
    @Override
    public List<SpiderDefinition> spiders() {
        return List.of(
                new BooksFixture("testbooks", List.of("http://127.0.0.1:9/"), List.of("concurrency=4"), u -> false),
                new BooksFixture(
                        "testbooks-failing",
                        List.of("http://127.0.0.1:9/"),
                        List.of(),
                        u -> u.endsWith("/page/2") || u.endsWith("/book/7")),
                new ArgumentsFixture("testbooks-args", List.of("http://127.0.0.1:9/")),
                new RulesFixture("testbooks-rules", List.of("http://127.0.0.1:9/")));
    }

    @Override
    public List<ItemSchema<?>> items() {
        return List.of(BookSchema.INSTANCE);
    }
}
