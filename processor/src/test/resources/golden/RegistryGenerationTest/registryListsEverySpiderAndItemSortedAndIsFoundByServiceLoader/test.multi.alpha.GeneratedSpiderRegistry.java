package test.multi.alpha;

import io.spinneret.internal.ItemSchema;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.internal.SpiderRegistry;
import java.util.List;
import java.util.Map;
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
    private static final Map<String, String> SPIDER_CLASSES = Map.ofEntries(
        Map.entry("alpha", "test.multi.alpha.AlphaSpider"),
        Map.entry("beta-generic", "test.multi.beta.BetaSpider$Generic"),
        Map.entry("beta-nested", "test.multi.beta.BetaSpider$Nested"),
        Map.entry("gamma", "test.multi.gamma.GammaSpider"));

    private static final List<ItemSchema<?>> ITEMS = List.of(
        BetaSpider_Inner_Part_Serializer.INSTANCE,
        Product_Serializer.INSTANCE,
        GammaSpider_Hidden_Serializer.INSTANCE);

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
            case "alpha" -> new AlphaSpider_Dispatch();
            case "beta-generic" -> new BetaSpider_Generic_Dispatch();
            case "beta-nested" -> new BetaSpider_Nested_Dispatch();
            case "gamma" -> new GammaSpider_Dispatch();
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
            new AlphaSpider_Dispatch(),
            new BetaSpider_Generic_Dispatch(),
            new BetaSpider_Nested_Dispatch(),
            new GammaSpider_Dispatch());
    }
}
