package test.multi.alpha;

import io.spinneret.internal.ItemSchema;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.internal.SpiderRegistry;
import java.util.List;
import javax.annotation.processing.Generated;
import test.multi.beta.BetaSpider_Generic_Dispatch;
import test.multi.beta.BetaSpider_Inner_Part_Serializer;
import test.multi.beta.BetaSpider_Nested_Dispatch;
import test.multi.common.Product_Serializer;
import test.multi.gamma.GammaSpider_Dispatch;
import test.multi.gamma.GammaSpider_Hidden_Serializer;

/**
 * The spiders and items of this compilation, found by {@code ServiceLoader} through
 * {@code META-INF/services/io.spinneret.internal.SpiderRegistry}.
 */
@Generated("io.spinneret.processor.SpinneretProcessor")
public final class GeneratedSpiderRegistry implements SpiderRegistry {
    private static final List<SpiderDefinition> SPIDERS = List.of(
        new AlphaSpider_Dispatch(),
        new BetaSpider_Generic_Dispatch(),
        new BetaSpider_Nested_Dispatch(),
        new GammaSpider_Dispatch());

    private static final List<ItemSchema<?>> ITEMS = List.of(
        BetaSpider_Inner_Part_Serializer.INSTANCE,
        Product_Serializer.INSTANCE,
        GammaSpider_Hidden_Serializer.INSTANCE);

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
