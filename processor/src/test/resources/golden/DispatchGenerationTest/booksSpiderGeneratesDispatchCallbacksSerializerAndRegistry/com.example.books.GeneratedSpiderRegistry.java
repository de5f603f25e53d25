package com.example.books;

import io.spinneret.internal.ItemSchema;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.internal.SpiderRegistry;
import java.util.List;
import java.util.Map;
import javax.annotation.processing.Generated;

/**
 * The spiders and items of this compilation, found by {@code ServiceLoader} through
 * {@code META-INF/services/io.spinneret.internal.SpiderRegistry}.
 */
@Generated("io.spinneret.processor.SpinneretProcessor")
public final class GeneratedSpiderRegistry implements SpiderRegistry {
    private static final Map<String, String> SPIDER_CLASSES = Map.ofEntries(
        Map.entry("books", "com.example.books.BooksSpider"));

    private static final List<ItemSchema<?>> ITEMS = List.of(
        Book_Serializer.INSTANCE);

    public GeneratedSpiderRegistry() {
    }

    @Override
    public List<SpiderDefinition> spiders() {
        return AllSpiders.SPIDERS;
    }

    @Override
    public Map<String, String> spiderClasses() {
        return SPIDER_CLASSES;
    }

    @Override
    public SpiderDefinition spider(String name) {
        return switch (name) {
            case "books" -> new BooksSpider_Dispatch();
            default -> null;
        };
    }

    @Override
    public List<ItemSchema<?>> items() {
        return ITEMS;
    }

    /**
     * Every definition, made on the first call of {@code spiders()}.
     */
    private static final class AllSpiders {
        static final List<SpiderDefinition> SPIDERS = List.of(
            new BooksSpider_Dispatch());
    }
}
