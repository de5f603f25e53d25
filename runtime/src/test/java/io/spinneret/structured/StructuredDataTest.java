package io.spinneret.structured;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spinneret.api.Request;
import io.spinneret.api.Response;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** One page carrying JSON-LD, microdata and OpenGraph/Twitter tags, read value by value. */
class StructuredDataTest {
    private static final String URL = "https://shop.test/shop/mug";

    private static Response page() throws IOException {
        try (InputStream in = StructuredDataTest.class.getResourceAsStream("product.html")) {
            return new Response(
                    Request.of(URL),
                    URL,
                    200,
                    Map.of("Content-Type", List.of("text/html; charset=utf-8")),
                    in.readAllBytes());
        }
    }

    @Test
    void jsonLdGraphAndArraysBecomeItemsWithNestedItems() throws IOException {
        StructuredData data = page().structuredData();
        List<StructuredItem> ld = data.jsonLd();
        assertEquals(3, ld.size(), "the @graph's two members and the array's one item");
        StructuredItem org = ld.get(0);
        assertEquals(List.of("Organization"), org.types());
        assertEquals("https://shop.test/#org", org.id());
        assertEquals(Optional.of("Shop"), org.text("name"));

        StructuredItem product = ld.get(1);
        assertEquals(StructuredItem.Source.JSON_LD, product.source());
        assertEquals(List.of("Product", "IndividualProduct"), product.types());
        assertTrue(product.is("Product") && product.is("IndividualProduct") && !product.is("Offer"));
        assertEquals("https://shop.test/mug#product", product.id());
        assertEquals(Optional.of("Blue Mug"), product.text("name"));
        assertEquals(Optional.of("MUG-1"), product.text("sku"));
        assertEquals(
                List.of("https://shop.test/img/mug-1.jpg", "https://shop.test/img/mug-2.jpg"), product.values("image"));
        assertEquals(Optional.of("Potter"), product.item("brand").flatMap(b -> b.text("name")));
        assertTrue(product.item("brand").orElseThrow().is("Brand"));
        StructuredItem offer = product.item("offers").orElseThrow();
        assertEquals(
                List.of(new BigDecimal("12.5")).toString(),
                offer.values("price").toString(),
                "a number stays a number");
        assertTrue(offer.values("price").get(0) instanceof Number);
        assertEquals(Optional.of("EUR"), offer.text("priceCurrency"));
        assertEquals(List.of(true), product.values("isFamilyFriendly"));
        assertEquals(Optional.of("A mug, blue."), product.text("description"), "{\"@value\": v} is v");
        assertEquals(
                "https://shop.test/#org",
                product.item("manufacturer").orElseThrow().id());
        assertEquals(Optional.empty(), product.text("brand"), "an item is not text");

        StructuredItem crumbs = ld.get(2);
        assertTrue(crumbs.is("BreadcrumbList"));
        List<StructuredItem> elements = crumbs.items("itemListElement");
        assertEquals(2, elements.size(), "a trailing comma is accepted");
        assertEquals(Optional.of("Mugs"), elements.get(1).text("name"));
        assertEquals(Optional.of("2"), elements.get(1).text("position"));

        assertEquals(1, data.errors().size());
        assertTrue(
                data.errors().get(0).startsWith("JSON-LD script 3 is not JSON"),
                data.errors().get(0));
    }

    @Test
    void microdataValuesComeFromEachElementAsTheHtmlStandardSays() throws IOException {
        StructuredData data = page().structuredData();
        List<StructuredItem> md = data.microdata();
        assertEquals(2, md.size(), "the product and the person; the rating has itemprop so it is not top-level");
        StructuredItem product = md.get(0);
        assertEquals(StructuredItem.Source.MICRODATA, product.source());
        assertEquals(List.of("https://schema.org/Product"), product.types());
        assertTrue(product.is("Product"));
        assertEquals("https://shop.test/mug", product.id(), "itemid is a URL, resolved");
        assertEquals(Optional.of("Blue Mug"), product.text("name"), "text, whitespace normalised");
        assertEquals(Optional.of("https://shop.test/img/mug-1.jpg"), product.text("image"), "img@src, absolute");
        assertEquals(Optional.of("https://shop.test/shop/mug?ref=md"), product.text("url"), "a@href, absolute");
        assertEquals(Optional.of("https://other.test/blue-mug"), product.text("sameAs"), "link@href");
        assertEquals(Optional.of("MUG-1"), product.text("sku"), "meta@content");
        assertEquals(Optional.of("0.35"), product.text("weight"), "meter@value");
        assertEquals(Optional.of("Blue stoneware"), product.text("color"), "one element, two property names");
        assertEquals(Optional.of("Blue stoneware"), product.text("material"));
        assertEquals(Optional.of("Potter"), product.item("brand").flatMap(b -> b.text("name")));
        StructuredItem offer = product.item("offers").orElseThrow();
        assertTrue(offer.is("Offer"));
        assertEquals(Optional.of("12.50"), offer.text("price"), "data@value, not the text");
        assertEquals(Optional.of("EUR"), offer.text("priceCurrency"));
        assertEquals(Optional.of("2027-01-31"), offer.text("priceValidUntil"), "time@datetime");
        assertEquals(Optional.of("2026-01-01"), offer.text("availabilityStarts"), "time without datetime: its text");
        assertFalse(product.properties().containsKey("price"), "a nested item's properties stay in it");
        StructuredItem rating = product.item("aggregateRating").orElseThrow();
        assertEquals(Optional.of("4.5"), rating.text("ratingValue"), "itemref brings in the section outside the item");
        assertEquals(Optional.of("12"), rating.text("reviewCount"));
        assertEquals(
                List.of(
                        "name",
                        "image",
                        "url",
                        "sameAs",
                        "sku",
                        "brand",
                        "offers",
                        "weight",
                        "color",
                        "material",
                        "aggregateRating"),
                List.copyOf(product.properties().keySet()),
                "tree order, the itemref'd element last");
        assertEquals(Optional.of("Ann"), md.get(1).text("name"));
    }

    @Test
    void openGraphAndTwitterTagsAreReadInPageOrder() throws IOException {
        StructuredData data = page().structuredData();
        assertEquals(
                Map.of(
                        "og:type",
                        List.of("product"),
                        "og:title",
                        List.of("Blue Mug"),
                        "og:image",
                        List.of("https://shop.test/img/mug-1.jpg", "https://shop.test/img/mug-2.jpg"),
                        "product:price:amount",
                        List.of("12.50"),
                        "twitter:card",
                        List.of("summary_large_image"),
                        "twitter:site",
                        List.of("@shop")),
                data.meta());
        assertEquals(
                List.of("og:type", "og:title", "og:image", "product:price:amount", "twitter:card", "twitter:site"),
                List.copyOf(data.meta().keySet()));
        assertEquals(Optional.of("https://shop.test/img/mug-1.jpg"), data.meta("og:image"));
        assertEquals(Optional.empty(), data.meta("description"));
    }

    @Test
    void itemsOfATypeAreFoundNestedAndJsonLdFirst() throws IOException {
        StructuredData data = page().structuredData();
        List<StructuredItem> offers = data.all("Offer");
        assertEquals(
                List.of(StructuredItem.Source.JSON_LD, StructuredItem.Source.MICRODATA),
                offers.stream().map(StructuredItem::source).toList());
        assertEquals(
                StructuredItem.Source.JSON_LD,
                data.first("Product").orElseThrow().source());
        assertEquals(Optional.empty(), data.first("Event"));
    }

    @Test
    void theJsonDocumentHasEverySectionInJsonLdShape() throws IOException {
        var json = page().structuredData().toJson();
        assertEquals("Blue Mug", json.get("json_ld").get(1).get("name").asText());
        assertEquals("Product", json.get("json_ld").get(1).get("@type").get(0).asText());
        assertEquals(12.5, json.get("json_ld").get(1).get("offers").get("price").asDouble());
        assertEquals(
                "12.50", json.get("microdata").get(0).get("offers").get("price").asText());
        assertEquals(2, json.get("meta").get("og:image").size());
        assertEquals("summary_large_image", json.get("meta").get("twitter:card").asText());
        assertEquals(1, json.get("errors").size());
    }

    @Test
    void aPageThatIsNotHtmlHasNone() {
        Response json = new Response(
                Request.of(URL),
                URL,
                200,
                Map.of("Content-Type", List.of("application/json")),
                "{\"@type\": \"Product\"}".getBytes());
        assertTrue(json.structuredData().isEmpty());
    }
}
