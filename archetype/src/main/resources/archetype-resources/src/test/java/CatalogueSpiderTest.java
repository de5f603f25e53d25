package ${package};

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spinneret.test.Pages;
import io.spinneret.test.SpiderTester;
import io.spinneret.test.Yielded;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The spider's callbacks on saved pages (save more with
 * {@code spinneret fetch URL --save src/test/resources/pages/NAME.html}): no network, no engine.
 */
class CatalogueSpiderTest {
    static final Path PAGES = Path.of("src/test/resources/pages");
    final SpiderTester spider = SpiderTester.of(CatalogueSpider.class);

    @Test
    void aListingPageFollowsItsProductsAndTheNextPage() {
        Yielded out = spider.parse(Pages.file(PAGES.resolve("listing.html"), "https://books.toscrape.com/catalogue/page-1.html"));
        out.assertNoError().assertItemCount(0).assertRequestCount("product", 2)
                .assertRequest("https://books.toscrape.com/catalogue/a-light-in-the-attic_1000/index.html", "product")
                .assertRequest("https://books.toscrape.com/catalogue/page-2.html", "parse");
    }

    @Test
    void aProductPageBecomesOneProduct() {
        String url = "https://books.toscrape.com/catalogue/a-light-in-the-attic_1000/index.html";
        Product p = spider.run("product", Pages.file(PAGES.resolve("product.html"), url)).assertNoError().item(Product.class);
        assertEquals(new Product(url, "A Light in the Attic", 51.77), p);
    }
}
