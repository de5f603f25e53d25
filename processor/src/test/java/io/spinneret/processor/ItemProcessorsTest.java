package io.spinneret.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.testing.compile.Compilation;
import io.spinneret.internal.ProcessorLink;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.items.DropItem;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code @ItemProcessors}: wired into the dispatch class in order, and checked. */
class ItemProcessorsTest {
    static final String[] ITEMS = {
        "processors/Book.java", "processors/Author.java", "processors/TrimTitle.java", "processors/DropFree.java"
    };

    static String[] with(String spider) {
        String[] all = Arrays.copyOf(ITEMS, ITEMS.length + 1);
        all[ITEMS.length] = spider;
        return all;
    }

    @Test
    void processorsAreWiredInTheirOrderAndRunOnTheirItems() throws Exception {
        Compilation c = Compilations.compile(with("processors/BooksSpider.java"));
        assertThat(c).succeededWithoutWarnings();
        GeneratedClassLoader loader = new GeneratedClassLoader(c);
        SpiderDefinition spider = (SpiderDefinition) loader.load("test.processors.BooksSpider_Dispatch")
                .getConstructor()
                .newInstance();
        List<ProcessorLink> links = spider.newProcessors();
        assertEquals(
                List.of("TrimTitle", "DropFree"),
                links.stream().map(ProcessorLink::name).toList());
        Class<?> book = loader.load("test.processors.Book");
        assertEquals(
                List.of(book, book), links.stream().map(ProcessorLink::type).toList());

        Object trimmed = links.get(0).process().apply(Records.create(book, "u", "  A title ", 2.0, "x"));
        assertEquals("A title", component(trimmed, "title"));
        DropItem drop = assertThrows(
                DropItem.class, () -> links.get(1).process().apply(Records.create(book, "u", "t", 0.0, "x")));
        assertEquals("free", drop.reason());
        // a new instance of each processor per crawl
        assertEquals(
                false, spider.newProcessors().get(0).process() == links.get(0).process());
    }

    @Test
    void processorsThatDoNotFitAreErrorsOnTheirClassLiteral() {
        Compilation c = Compilations.compile(with("processors/ErroneousProcessors.java"));
        var file = Compilations.source("processors/ErroneousProcessors.java");
        assertThat(c).hadErrorCount(4);
        assertThat(c)
                .hadErrorContaining(
                        "[NotAnItemProcessor] test.processors.ErroneousProcessors.NotAProcessor does not implement ItemProcessor<X> for an @Item record X; write:")
                .inFile(file)
                .onLineContaining("NotAProcessor.class");
        assertThat(c)
                .hadErrorContaining(
                        "[NotAnItemProcessor] test.processors.ErroneousProcessors.OfString does not implement ItemProcessor<X> for an @Item record X; it processes java.lang.String, which is not an @Item record")
                .inFile(file)
                .onLineContaining("OfString.class");
        assertThat(c)
                .hadErrorContaining(
                        "[BadItemProcessor] item processor test.processors.ErroneousProcessors.NoConstructor has no no-argument constructor")
                .inFile(file)
                .onLineContaining("NoConstructor.class");
        assertThat(c).hadErrorContaining("[DuplicateItemProcessor] item processor TrimTitle is named twice");
        assertThat(c)
                .hadWarningContaining(
                        "[UnusedItemProcessor] item processor OfAuthor handles Author, which spider 'erroneous_processors' never emits; it would never run; its callbacks emit: Book")
                .inFile(file)
                .onLineContaining("OfAuthor.class");
    }

    @Test
    void aProcessorOfATypeTheSpiderNeverReturnsIsAWarning() {
        Compilation c = Compilations.compile(with("processors/UnusedProcessor.java"));
        assertThat(c).succeeded();
        assertThat(c)
                .hadWarningContaining(
                        "[UnusedItemProcessor] item processor TrimTitle handles Book, which spider 'unused_processor' never emits")
                .inFile(Compilations.source("processors/UnusedProcessor.java"))
                .onLineContaining("@ItemProcessors(TrimTitle.class)");
    }

    @Test
    void aSpiderThatCallsEmitMayEmitAnythingSoNoWarning() {
        assertThat(Compilations.compile(with("processors/EmittingSpider.java"))).succeededWithoutWarnings();
    }

    private static Object component(Object record, String name) throws ReflectiveOperationException {
        for (RecordComponent rc : record.getClass().getRecordComponents()) {
            if (rc.getName().equals(name)) {
                var accessor = rc.getAccessor();
                accessor.setAccessible(true);
                return accessor.invoke(record);
            }
        }
        throw new AssertionError("no component " + name);
    }
}
