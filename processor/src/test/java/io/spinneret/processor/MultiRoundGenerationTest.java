package io.spinneret.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.internal.SpiderRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;
import org.junit.jupiter.api.Test;

/** Spiders and items that appear in later rounds, and spiders that refer to types generated later. */
class MultiRoundGenerationTest {
    /** Generates an @Item and a @Spider in the first round, like another annotation processor would. */
    static final class LateSourcesProcessor extends AbstractProcessor {
        private boolean done;

        @Override
        public Set<String> getSupportedAnnotationTypes() {
            return Set.of("*");
        }

        @Override
        public SourceVersion getSupportedSourceVersion() {
            return SourceVersion.latestSupported();
        }

        @Override
        public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
            if (done) return false;
            done = true;
            write("test.rounds.gen.LateItem", """
                    package test.rounds.gen;
                    @io.spinneret.annotations.Item(key = "name")
                    public record LateItem(String name) {}
                    """);
            write("test.rounds.LateSpider", """
                    package test.rounds;
                    import io.spinneret.annotations.Parse;
                    import io.spinneret.annotations.Spider;
                    import io.spinneret.api.Response;
                    @Spider(name = "late")
                    public class LateSpider {
                        @Parse
                        test.rounds.gen.LateItem parse(Response page) { return new test.rounds.gen.LateItem("late"); }
                    }
                    """);
            return false;
        }

        private void write(String name, String source) {
            try (Writer w = processingEnv.getFiler().createSourceFile(name).openWriter()) {
                w.write(source);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Test
    void typesFromLaterRoundsAreGeneratedAndRegisteredOnce() throws Exception {
        Compilation c = javac().withProcessors(new LateSourcesProcessor(), new SpinneretProcessor())
                .compile(JavaFileObjects.forResource("rounds/EarlySpider.java"));
        assertThat(c).succeededWithoutWarnings();
        assertThat(c).generatedSourceFile("test.rounds.EarlySpider_Dispatch");
        assertThat(c).generatedSourceFile("test.rounds.LateSpider_Dispatch");
        assertThat(c).generatedSourceFile("test.rounds.gen.LateItem_Serializer");

        var loader = new GeneratedClassLoader(c);
        List<SpiderRegistry> registries = ServiceLoader.load(SpiderRegistry.class, loader).stream()
                .map(ServiceLoader.Provider::get)
                .toList();
        assertEquals(1, registries.size());
        assertEquals(
                List.of("early", "late"),
                registries.get(0).spiders().stream().map(SpiderDefinition::name).toList());
        assertEquals(
                List.of("LateItem"),
                registries.get(0).items().stream().map(s -> s.name()).toList());

        String url = "https://early.example/";
        var crawl = new RecordingCrawl(new Response(Request.of(url), url, 200, Map.of(), new byte[0]));
        registries.get(0).spiders().get(0).newDispatcher().dispatch("parse", crawl.response, crawl);
        assertEquals(
                List.of("LateItem[name=early]"),
                crawl.items.stream().map(String::valueOf).toList());
        assertEquals(
                List.of("https://early.example/more.html"),
                crawl.requests.stream().map(Request::url).toList());
    }
}
