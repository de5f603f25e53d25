package io.spinneret.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import io.spinneret.internal.SpiderDefinition;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DispatchGenerationTest {
    static final String URL = "https://books.example/catalogue/index.html";

    static Response page(String html) {
        return new Response(Request.of(URL), URL, 200, Map.of(), html.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void booksSpiderGeneratesDispatchCallbacksSerializerAndRegistry() throws Exception {
        Compilation c = Compilations.compile("dispatch/BooksSpider.java", "dispatch/Book.java");
        assertThat(c).succeededWithoutWarnings();
        Golden.assertGenerated(getClass(), "booksSpiderGeneratesDispatchCallbacksSerializerAndRegistry", c,
                "com.example.books.BooksSpider_Dispatch", "com.example.books.BooksSpider_Callbacks",
                "com.example.books.Book_Serializer", "com.example.books.GeneratedSpiderRegistry");

        var loader = new GeneratedClassLoader(c);
        var definition = (SpiderDefinition) loader.load("com.example.books.BooksSpider_Dispatch").getConstructor().newInstance();
        assertEquals("books", definition.name());
        assertEquals(List.of("detail", "parse"), definition.callbacks());
        var crawl = new RecordingCrawl(page("<article class=product_pod><h3><a href='a/b.html'>x</a></h3></article>"));
        definition.newDispatcher().dispatch("parse", crawl.response, crawl);
        assertEquals(List.of("https://books.example/catalogue/a/b.html -> detail"),
                crawl.requests.stream().map(r -> r.url() + " -> " + r.callback()).toList());
    }
}
