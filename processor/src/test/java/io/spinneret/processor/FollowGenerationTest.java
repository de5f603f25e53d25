package io.spinneret.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.links.LinkRule;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The @Follow rules a spider declares become LinkRules of its generated dispatcher. */
class FollowGenerationTest {
    private static final String PAGE = """
            <html><head><link rel="next" href="/items/7"><link rel="stylesheet" href="/style.css"></head><body>
            <nav><a href="/docs/a.html#top">a</a> <a href="/docs/b.pdf">pdf</a> <a href="/blog/">blog</a></nav>
            <a href="/docs/outside-nav.html">not in nav</a>
            <a href="http://127.0.0.1:9/items/8">other port</a>
            </body></html>""";

    @Test
    void followRulesAreGeneratedAsLinkRulesThatSelectTheirLinks() throws Exception {
        Compilation c = Compilations.compile("follow/FollowSpider.java");
        assertThat(c).succeededWithoutWarnings();
        Golden.assertGenerated(
                getClass(),
                "followRulesAreGeneratedAsLinkRulesThatSelectTheirLinks",
                c,
                "test.follow.FollowSpider_Dispatch");
        var definition = (SpiderDefinition) new GeneratedClassLoader(c)
                .load("test.follow.FollowSpider_Dispatch")
                .getConstructor()
                .newInstance();
        List<LinkRule> rules = definition.newDispatcher().linkRules();
        assertEquals(2, rules.size());
        Response page = new Response(
                Request.of("http://127.0.0.1:8000/index.html"),
                "http://127.0.0.1:8000/index.html",
                200,
                Map.of("Content-Type", List.of("text/html")),
                PAGE.getBytes(StandardCharsets.UTF_8));
        assertEquals(
                List.of("http://127.0.0.1:8000/docs/a.html"),
                page.links().select(rules.get(0).selector()).urls(),
                "in nav, under /docs/, not a PDF, without fragment");
        assertEquals(
                List.of("http://127.0.0.1:8000/items/7"),
                page.links().select(rules.get(1).selector()).urls(),
                "<link> tags, same origin");
        assertEquals(
                List.of("item", "5", "[]"),
                List.of(
                        rules.get(1).callback(),
                        String.valueOf(rules.get(1).priority()),
                        rules.get(1).on().toString()));
        assertEquals(List.of("parse"), rules.get(0).on());
    }
}
