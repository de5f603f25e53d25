package io.spinneret.examples;

import io.spinneret.annotations.Follow;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;
import io.spinneret.structured.StructuredData;
import io.spinneret.structured.StructuredItem;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Crawls a shop given by {@code -s start_urls=...} and emits each product page's product from its
 * structured data: the JSON-LD {@code Product} where the page has one, else the microdata one, with
 * the price from its first {@code Offer}. A page with neither yields nothing; the listing pages'
 * links are followed by one rule.
 *
 * <pre>
 * java -jar examples/target/spinneret-examples.jar run products -s start_urls=https://shop.example/
 * </pre>
 */
@Spider(name = "products", settings = "concurrency=8")
@Follow(css = "nav, .products")
public class ProductsSpider {
    @Parse
    Product parse(Response page) {
        StructuredData data = page.structuredData();
        Optional<StructuredItem> product = data.jsonLd().stream()
                .flatMap(ProductsSpider::products)
                .findFirst()
                .or(() -> data.microdata().stream().filter(i -> i.is("Product")).findFirst());
        return product.map(p -> product(page.url(), p)).orElse(null);
    }

    /** The item, or a Product of its {@code @graph}-like nesting (a WebPage's {@code mainEntity}). */
    private static Stream<StructuredItem> products(StructuredItem item) {
        return item.is("Product")
                ? Stream.of(item)
                : item.items("mainEntity").stream().filter(i -> i.is("Product"));
    }

    private static Product product(String url, StructuredItem p) {
        Optional<StructuredItem> offer = p.item("offers");
        return new Product(
                url,
                p.text("name").orElse(""),
                p.text("sku").orElse(""),
                offer.flatMap(o -> o.text("price")).map(Double::parseDouble).orElse(Double.NaN),
                offer.flatMap(o -> o.text("priceCurrency")).orElse(""),
                p.source() == StructuredItem.Source.JSON_LD ? "json-ld" : "microdata");
    }
}
