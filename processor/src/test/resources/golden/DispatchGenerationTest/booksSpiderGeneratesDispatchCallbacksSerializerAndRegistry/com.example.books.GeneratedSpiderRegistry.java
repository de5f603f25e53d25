package com.example.books;

import io.spinneret.internal.ItemSchema;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.internal.SpiderRegistry;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * The spiders and items of this compilation, found by {@code ServiceLoader} through
 * {@code META-INF/services/io.spinneret.internal.SpiderRegistry}.
 */
@Generated("io.spinneret.processor.SpinneretProcessor")
public final class GeneratedSpiderRegistry implements SpiderRegistry {
    private static final List<SpiderDefinition> SPIDERS = List.of(
        new BooksSpider_Dispatch());

    private static final List<ItemSchema<?>> ITEMS = List.of(
        Book_Serializer.INSTANCE);

    public GeneratedSpiderRegistry() {
    }

    @Override
    public List<SpiderDefinition> spiders() {
        return SPIDERS;
    }

    @Override
    public List<ItemSchema<?>> items() {
        return ITEMS;
    }
}
