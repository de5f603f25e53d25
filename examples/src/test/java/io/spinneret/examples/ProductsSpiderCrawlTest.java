package io.spinneret.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spinneret.embed.CrawlOutput;
import io.spinneret.embed.Crawler;
import io.spinneret.test.PageServer;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The structured-data example over a small shop served on 127.0.0.1: JSON-LD products (in a
 * {@code @graph}, as a page's {@code mainEntity}) win over the page's microdata; pages without a
 * JSON-LD product, or whose JSON-LD is broken, fall back to microdata.
 */
class ProductsSpiderCrawlTest {
    @RegisterExtension
    static PageServer shop = PageServer.of(Path.of("src/test/resources/shop"));

    @Test
    void emitsEveryProductFromJsonLdOrElseMicrodata() throws Exception {
        CrawlOutput out = Crawler.of(ProductsSpider.class)
                .setting("start_urls", shop.url("/"))
                .setting("download_delay", "0")
                .run();
        List<Product> products = out.items(Product.class).stream()
                .sorted(Comparator.comparing(Product::url))
                .toList();
        assertEquals(
                List.of(
                        new Product(shop.url("/product/cup.html"), "Espresso cup", "CUP-3", 6.90, "EUR", "microdata"),
                        new Product(shop.url("/product/mug.html"), "Blue mug", "MUG-1", 12.50, "EUR", "json-ld"),
                        new Product(shop.url("/product/teapot.html"), "Teapot", "POT-7", 30, "EUR", "json-ld"),
                        new Product(shop.url("/product/tray.html"), "Tray", "TRAY-2", 15, "USD", "microdata")),
                products);
        assertEquals(
                6,
                out.result().responses(),
                "the two listings and four products; the footer's page is not followed: "
                        + out.result().stats());
    }
}
