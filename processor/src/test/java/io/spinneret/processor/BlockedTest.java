package io.spinneret.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.internal.BlockedCheck;
import io.spinneret.internal.SpiderDefinition;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code @Blocked} methods: the generated dispatcher hands them out, and the compile errors about them. */
class BlockedTest {
    private static Response response(int status, String body) {
        return new Response(
                Request.of("https://example.com/"),
                "https://example.com/",
                status,
                Map.of("Content-Type", List.of("text/html")),
                body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void theDispatcherCallsTheSpidersBlockedMethod() throws Exception {
        Compilation c = Compilations.compile("blocked/BlockedSpider.java");
        assertThat(c).succeededWithoutWarnings();
        assertThat(c)
                .generatedSourceFile("test.blocked.BlockedSpider_Dispatch")
                .contentsAsUtf8String()
                .contains("return spider::loggedOut;");
        var definition = (SpiderDefinition) new GeneratedClassLoader(c)
                .load("test.blocked.BlockedSpider_Dispatch")
                .getConstructor()
                .newInstance();
        BlockedCheck check = definition.newDispatcher().blockedCheck();
        assertNotNull(check);
        assertTrue(check.blocked(response(403, "")));
        assertTrue(check.blocked(response(200, "<p>Please log in again</p>")));
        assertFalse(check.blocked(response(429, "<p>slow down</p>")), "the spider decides alone: 429 is not its block");
    }

    @Test
    void aSpiderWithoutOneHasNoCheck() throws Exception {
        assertNull(DispatchGenerationTest.shapes().newDispatcher().blockedCheck());
    }

    @Test
    void oneBlockedMethodTakingAResponseAndReturningBoolean() {
        Compilation c = Compilations.compile("blocked/ErroneousBlocked.java");
        var file = Compilations.source("blocked/ErroneousBlocked.java");
        assertThat(c)
                .hadErrorContaining(
                        "[DuplicateBlocked] spider 'bad-blocked' has more than one @Blocked method: method first() and"
                                + " method second()")
                .inFile(file)
                .onLineContaining("String second(");
        assertThat(c)
                .hadErrorContaining("[BlockedSignature] @Blocked method second() is declared java.lang.String"
                        + " second(io.spinneret.api.Failure); did you mean: boolean second(Response response)?")
                .inFile(file)
                .onLineContaining("String second(");
        assertThat(c)
                .hadErrorContaining("[PrivateCallback] @Blocked method hidden() must not be private")
                .inFile(file)
                .onLineContaining("boolean hidden(");
        assertThat(c)
                .hadErrorContaining("[StaticCallback] @Blocked method hidden() must not be static")
                .inFile(file)
                .onLineContaining("boolean hidden(");
        assertThat(c)
                .hadErrorContaining(
                        "[BlockedAndCallback] method both() is annotated @Blocked and @Parse, @Errback or @Start")
                .inFile(file)
                .onLineContaining("boolean both(");
    }
}
