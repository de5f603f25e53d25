package io.spinneret.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import io.spinneret.annotations.ArgType;
import io.spinneret.api.SpiderArgumentException;
import io.spinneret.internal.ArgumentSpec;
import io.spinneret.internal.SpiderDefinition;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code @Arg} fields: the generated parsing, and the compile errors about them. */
class ArgumentsTest {
    private static SpiderDefinition arguments(Compilation c) throws Exception {
        return (SpiderDefinition) new GeneratedClassLoader(c)
                .load("test.arguments.ArgumentsSpider_Dispatch")
                .getConstructor()
                .newInstance();
    }

    @Test
    void argumentsAreDeclaredWithTheirTypesAndDefaults() throws Exception {
        Compilation c = Compilations.compile("arguments/ArgumentsSpider.java");
        assertThat(c).succeededWithoutWarnings();
        Golden.assertGenerated(
                getClass(),
                "argumentsAreDeclaredWithTheirTypesAndDefaults",
                c,
                "test.arguments.ArgumentsSpider_Dispatch");
        List<ArgumentSpec> specs = arguments(c).arguments();
        assertEquals(
                List.of("category", "max_pages", "ratio", "verbose", "big", "order", "tags"),
                specs.stream().map(ArgumentSpec::name).toList());
        assertEquals(new ArgumentSpec("category", ArgType.STRING, List.of(), null, "only this category"), specs.get(0));
        assertEquals(
                "max_pages (int, default \"0\"): listing pages to follow (0 = all)",
                specs.get(1).describe());
        assertEquals("order (NEWEST|OLDEST, default \"newest\")", specs.get(5).describe());
    }

    @Test
    void theGeneratedCodeSetsEachFieldFromItsArgumentOrItsDefault() throws Exception {
        SpiderDefinition spider = arguments(Compilations.compile("arguments/ArgumentsSpider.java"));
        Map<String, String> given = Map.of("category", "travel", "max_pages", " 3", "order", "OLDEST", "tags", "x,,y ");
        assertEquals("travel 3 1.5 false 9000000000 OLDEST [x, y]", spiderOf(spider, given));
        assertEquals("fiction 0 1.5 false 9000000000 NEWEST [a, b]", spiderOf(spider, Map.of("category", "fiction")));
    }

    /** The spider instance's {@code toString()}, reached through the dispatcher the generated code made. */
    private static String spiderOf(SpiderDefinition spider, Map<String, String> arguments) throws Exception {
        var dispatcher = spider.newDispatcher(arguments);
        for (var f :
                dispatcher.getClass().getDeclaredFields()) { // the lambda's captured spider (test code may reflect)
            f.setAccessible(true);
            if (f.getType().getName().equals("test.arguments.ArgumentsSpider"))
                return f.get(dispatcher).toString();
        }
        throw new AssertionError("no spider captured by " + dispatcher.getClass());
    }

    @Test
    void undeclaredMissingAndBadlyTypedArgumentsAreRefusedWithTheList() throws Exception {
        SpiderDefinition spider = arguments(Compilations.compile("arguments/ArgumentsSpider.java"));
        var e = assertThrows(
                SpiderArgumentException.class,
                () -> spider.newDispatcher(Map.of("categry", "x", "max_pages", "many", "order", "random")));
        assertEquals(
                "spider 'args': it has no argument 'categry' (did you mean 'category'?); argument 'category' is required;"
                        + " argument 'max_pages' expects an integer, got \"many\"; argument 'order' expects one of NEWEST, OLDEST, got \"random\"."
                        + " Its arguments: category (String, required): only this category; max_pages (int, default \"0\"): listing pages"
                        + " to follow (0 = all); ratio (double, default \"1.5\"); verbose (boolean, default \"false\"); big (long, default"
                        + " \"9000000000\"); order (NEWEST|OLDEST, default \"newest\"); tags (List<String>, default \"a, b\").",
                e.getMessage());
        assertThrows(SpiderArgumentException.class, spider::newDispatcher, "category is required");
    }

    @Test
    void aSpiderWithoutArgumentsRefusesAny() throws Exception {
        SpiderDefinition shapes = DispatchGenerationTest.shapes();
        assertEquals(List.of(), shapes.arguments());
        var e = assertThrows(SpiderArgumentException.class, () -> shapes.newDispatcher(Map.of("x", "1")));
        assertTrue(e.getMessage().endsWith("it has no argument 'x'. It takes no arguments."), e.getMessage());
    }

    @Test
    void badDeclarationsAreErrorsOnTheField() {
        Compilation c = Compilations.compile("arguments/ErroneousArguments.java");
        var file = Compilations.source("arguments/ErroneousArguments.java");
        assertThat(c).hadErrorCount(8);
        assertThat(c)
                .hadErrorContaining(
                        "[UnsupportedArgumentType] @Arg field 'timeout' has type java.time.Duration; supported: String, int,")
                .inFile(file)
                .onLineContaining("Duration timeout");
        assertThat(c)
                .hadErrorContaining("[InaccessibleArgument] @Arg field 'secret' is private; the generated code sets it")
                .inFile(file)
                .onLineContaining("private String secret");
        assertThat(c)
                .hadErrorContaining("[InaccessibleArgument] @Arg field 'fixed' is final")
                .inFile(file)
                .onLineContaining("fixed");
        assertThat(c)
                .hadErrorContaining(
                        "[BadArgumentDefault] the default of argument 'pages' expects an integer, got \"lots\"")
                .inFile(file)
                .onLineContaining("\"lots\"");
        assertThat(c)
                .hadErrorContaining(
                        "[BadArgumentDefault] the default of argument 'deep' expects true or false, got \"maybe\"")
                .inFile(file)
                .onLineContaining("\"maybe\"");
        assertThat(c)
                .hadErrorContaining(
                        "[DuplicateArgument] argument 'pages' is declared by both field pages and field pagesAgain")
                .inFile(file)
                .onLineContaining("pagesAgain");
        assertThat(c)
                .hadErrorContaining("[BadArgumentName] argument name 'no spaces' is not a valid name")
                .inFile(file)
                .onLineContaining("\"no spaces\"");
        assertThat(c)
                .hadErrorContaining(
                        "[UnsupportedArgumentType] @Arg field 'numbers' has type java.util.List<java.lang.Integer>")
                .inFile(file)
                .onLineContaining("numbers");
    }
}
