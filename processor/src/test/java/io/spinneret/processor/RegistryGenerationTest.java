package io.spinneret.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.google.testing.compile.Compilation;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.internal.ItemSchema;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.internal.SpiderRegistry;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.Test;

/** The registry: several spiders in several packages, nested and generic types, several jars. */
class RegistryGenerationTest {
    static final String[] ALL = {
        "multi/BetaSpider.java", "multi/GammaSpider.java", "multi/AlphaSpider.java", "multi/Product.java"
    };

    static List<SpiderRegistry> registries(ClassLoader loader) {
        return ServiceLoader.load(SpiderRegistry.class, loader).stream()
                .map(ServiceLoader.Provider::get)
                .toList();
    }

    static List<String> spiderNames(SpiderRegistry r) {
        return r.spiders().stream().map(SpiderDefinition::name).toList();
    }

    static List<String> itemNames(SpiderRegistry r) {
        return r.items().stream().map(s -> s.type().getName()).toList();
    }

    @Test
    void registryListsEverySpiderAndItemSortedAndIsFoundByServiceLoader() throws Exception {
        Compilation c = Compilations.compile(ALL);
        assertThat(c).succeededWithoutWarnings();
        Golden.assertGenerated(
                getClass(),
                "registryListsEverySpiderAndItemSortedAndIsFoundByServiceLoader",
                c,
                "test.multi.alpha.GeneratedSpiderRegistry",
                "test.multi.beta.BetaSpider_Nested_Dispatch",
                "test.multi.beta.BetaSpider_Generic_Dispatch",
                "test.multi.beta.BetaSpider_Inner_Part_Serializer");
        assertThat(c)
                .generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/services/io.spinneret.internal.SpiderRegistry")
                .contentsAsUtf8String()
                .isEqualTo("test.multi.alpha.GeneratedSpiderRegistry\n");

        List<SpiderRegistry> found = registries(new GeneratedClassLoader(c));
        assertEquals(1, found.size());
        SpiderRegistry registry = found.get(0);
        assertEquals(List.of("alpha", "beta-generic", "beta-nested", "gamma"), spiderNames(registry));
        assertEquals(
                Map.of(
                        "alpha", "test.multi.alpha.AlphaSpider",
                        "beta-generic", "test.multi.beta.BetaSpider$Generic",
                        "beta-nested", "test.multi.beta.BetaSpider$Nested",
                        "gamma", "test.multi.gamma.GammaSpider"),
                registry.spiderClasses());
        for (SpiderDefinition d : registry.spiders()) {
            SpiderDefinition made = registry.spider(d.name());
            assertEquals(d.getClass(), made.getClass(), d.name());
            assertEquals(d.className(), made.className());
        }
        assertNull(registry.spider("delta"));
        assertEquals(
                List.of(
                        "test.multi.beta.BetaSpider$Inner$Part",
                        "test.multi.common.Product",
                        "test.multi.gamma.GammaSpider$Hidden"),
                itemNames(registry));
    }

    @Test
    void registeredSpidersDispatchToNestedGenericAndPackagePrivateClasses() throws Exception {
        Compilation c = Compilations.compile(ALL);
        SpiderRegistry registry = registries(new GeneratedClassLoader(c)).get(0);
        Map<String, List<String>> emitted = new TreeMap<>();
        for (SpiderDefinition d : registry.spiders()) {
            String url = "https://" + d.name() + ".example/";
            var crawl = new RecordingCrawl(
                    new Response(Request.of(url), url, 200, Map.of(), "<h1>Hi</h1>".getBytes(StandardCharsets.UTF_8)));
            d.newDispatcher().dispatch("parse", crawl.response, crawl);
            emitted.put(d.name(), crawl.items.stream().map(String::valueOf).toList());
        }
        assertEquals(
                Map.of(
                        "alpha", List.of("Product[sku=alpha:Hi, stock=1]"),
                        "beta-generic", List.of("Product[sku=generic, stock=3]"),
                        "beta-nested", List.of("Part[id=p1, products=[Product[sku=x, stock=2]]]"),
                        "gamma", List.of("Hidden[id=gamma]")),
                emitted);

        @SuppressWarnings("unchecked")
        ItemSchema<Object> part = (ItemSchema<Object>) registry.items().get(0);
        assertEquals("Part", part.name());
        assertEquals("part", part.table());
        assertEquals("products", ((ItemSchema<?>) registry.items().get(1)).table());
    }

    @Test
    void registriesOfSeveralJarsAreAllFoundOnOneClassPath() {
        Compilation alpha = Compilations.compile("multi/AlphaSpider.java", "multi/Product.java");
        Compilation gamma = Compilations.compile("multi/GammaSpider.java");
        assertThat(alpha).succeededWithoutWarnings();
        assertThat(gamma).succeededWithoutWarnings();
        List<SpiderRegistry> found = registries(new GeneratedClassLoader(alpha, gamma));
        assertEquals(
                List.of(List.of("alpha"), List.of("gamma")),
                found.stream()
                        .map(RegistryGenerationTest::spiderNames)
                        .sorted(Comparator.comparing(Object::toString))
                        .toList());
        assertEquals(
                List.of("test.multi.alpha.GeneratedSpiderRegistry", "test.multi.gamma.GeneratedSpiderRegistry"),
                found.stream().map(r -> r.getClass().getName()).sorted().toList());
    }

    @Test
    void registryOptionNamesTheRegistryClass() {
        Compilation one = Compilations.compile(
                List.of("-Aspinneret.registry=test.multi.AlphaRegistry"),
                "multi/AlphaSpider.java",
                "multi/Product.java");
        Compilation two = Compilations.compile(
                List.of("-Aspinneret.registry=test.multi.AlphaRegistry2"), "multi/GammaSpider.java");
        assertThat(one).succeededWithoutWarnings();
        assertThat(one).generatedSourceFile("test.multi.AlphaRegistry");
        List<SpiderRegistry> found = registries(new GeneratedClassLoader(one, two));
        assertEquals(
                List.of("test.multi.AlphaRegistry", "test.multi.AlphaRegistry2"),
                found.stream().map(r -> r.getClass().getName()).sorted().toList());
    }

    @Test
    void badRegistryOptionIsAnError() {
        Compilation c = Compilations.compile(List.of("-Aspinneret.registry=not a name"), "multi/GammaSpider.java");
        assertThat(c).hadErrorCount(1);
        assertThat(c)
                .hadErrorContaining(
                        "[BadRegistryName] -Aspinneret.registry=not a name is not a fully qualified class name");
    }
}
