package io.spinneret.examples.replica;

import static io.spinneret.testing.SameElements.assertSameElements;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.spinneret.examples.replica.BooksCatalogue.Product;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

class BooksSiteTest {
    private static final BooksSite SITE = BooksSite.standard();
    private static final List<String> FOLLOW = List.of("li.next a", "article.product_pod h3 a");

    @Test
    void followingPaginationAndBookLinksReachesExactly50ListingAnd1000DetailPages() {
        Crawls.Walk walk = Crawls.walk(SITE, "", FOLLOW, 5000);
        assertEquals(1050, walk.visited().size());
        assertSameElements(SITE.crawlSet(), walk.visited(), "pages reached");
        assertEquals(
                50,
                walk.visited().stream()
                        .filter(p -> p.isEmpty() || p.startsWith("catalogue/page-"))
                        .count());
    }

    @Test
    void listingPagesHaveTwentyCardsAndANextLinkExceptTheLast() {
        Document first = Crawls.parse(SITE, "");
        assertEquals(20, first.select("article.product_pod").size());
        assertEquals("catalogue/page-2.html", first.selectFirst("li.next a").attr("href"));
        assertEquals(50, first.select("div.side_categories ul ul li a").size());
        Document last = Crawls.parse(SITE, "catalogue/page-50.html");
        assertEquals(20, last.select("article.product_pod").size());
        assertNull(last.selectFirst("li.next"));
        assertEquals("page-49.html", last.selectFirst("li.previous a").attr("href"));
        assertEquals(
                "../index.html",
                Crawls.parse(SITE, "catalogue/page-2.html")
                        .selectFirst("li.previous a")
                        .attr("href"));
    }

    @Test
    void detailPagesCarryTheBookFields() {
        Product p = SITE.catalogue().products().get(0);
        assertEquals(1000, p.id());
        Document d = Crawls.parse(SITE, p.path());
        assertEquals(p.title(), d.selectFirst("div.product_main h1").text());
        String price = d.selectFirst("div.product_main p.price_color").text();
        assertTrue(price.matches("£\\d{2}\\.\\d{2}"), price);
        assertEquals(p.price(), Double.parseDouble(price.substring(1)), 1e-9);
        assertTrue(d.selectFirst("p.instock.availability").text().matches("In stock \\(\\d+ available\\)"));
        String stars = d.selectFirst("div.product_main p.star-rating").className();
        assertEquals("star-rating " + p.ratingWord(), stars);
        assertEquals(
                p.upc(),
                d.selectFirst("table.table-striped th:containsOwn(UPC) + td").text());
        assertEquals(
                SITE.catalogue().category(p).name(),
                d.select("ul.breadcrumb li").get(2).text());
        assertTrue(d.selectFirst("#product_description + p").text().endsWith("...more"));
    }

    @Test
    void upcsAndDetailUrlsAreUniqueAndEveryCategoryHasBooks() {
        List<Product> all = SITE.catalogue().products();
        assertEquals(1000, all.stream().map(Product::upc).distinct().count());
        assertEquals(1000, all.stream().map(Product::dir).distinct().count());
        assertEquals(50, SITE.catalogue().categories().size());
        assertTrue(SITE.catalogue().categories().stream()
                .allMatch(c -> !c.products().isEmpty()));
        assertEquals(50, all.stream().map(p -> p.category()).distinct().count());
    }

    @Test
    void pageSizesAreRealistic() {
        int listing = SITE.page("catalogue/page-7.html").body().length;
        assertTrue(listing > 35_000 && listing < 50_000, "listing page bytes: " + listing);
        for (Product p : SITE.catalogue().products()) {
            int n = SITE.page(p.path()).body().length;
            assertTrue(n >= 5_000 && n <= 15_000, p.path() + " bytes: " + n);
        }
    }

    @Test
    void titlesWithAmpersandsAndApostrophesAreEscapedInHtmlAndDecodedByParsers() {
        Product amp = SITE.catalogue().products().stream()
                .filter(p -> p.title().contains("&"))
                .findFirst()
                .orElseThrow();
        Product apos = SITE.catalogue().products().stream()
                .filter(p -> p.title().contains("'"))
                .findFirst()
                .orElseThrow();
        String raw = new String(SITE.page(amp.path()).body(), StandardCharsets.UTF_8);
        assertTrue(raw.contains("<h1>" + amp.title().replace("&", "&amp;") + "</h1>"));
        assertEquals(
                amp.title(),
                Crawls.parse(SITE, amp.path())
                        .selectFirst("div.product_main h1")
                        .text());
        assertEquals(
                apos.title(),
                Crawls.parse(SITE, apos.path())
                        .selectFirst("div.product_main h1")
                        .text());
    }

    @Test
    void categoryPagesListTheirBooksAndPaginate() {
        Set<String> seen = new HashSet<>();
        for (var c : SITE.catalogue().categories()) {
            Crawls.Walk w = Crawls.walk(SITE, c.path(), List.of("li.next a"), 100);
            for (String page : w.visited()) {
                for (Element a : Crawls.parse(SITE, page).select("article.product_pod h3 a"))
                    seen.add(Crawls.path(a.absUrl("href")));
            }
        }
        assertSameElements(
                SITE.catalogue().products().stream().map(Product::path).toList(), seen, "detail pages");
    }

    @Test
    void everyListedPathIsServedAndUnknownOnesAreNot() {
        for (String path : SITE.paths()) assertNotNull(SITE.page(path), path);
        assertEquals(BooksSite.ROBOTS, new String(SITE.page("robots.txt").body(), StandardCharsets.UTF_8));
        assertNull(SITE.page("catalogue/page-1.html"));
        assertNull(SITE.page("catalogue/page-51.html"));
        assertNull(SITE.page("catalogue/no-such-book_1/index.html"));
        assertNull(SITE.page("catalogue/category/books/travel_99/index.html"));
        assertNull(SITE.page("nothing"));
        assertArrayEquals(SITE.page("").body(), SITE.page("index.html").body());
    }

    @Test
    void everyBookHasAJsonDocumentWithItsStockAndReviews() throws Exception {
        var json = new ObjectMapper();
        int reviewed = 0;
        for (Product p : SITE.catalogue().products()) {
            Site.Page doc = SITE.page("api/books/" + p.upc() + ".json");
            assertNotNull(doc, p.upc());
            assertEquals("application/json", doc.contentType());
            var node = json.readTree(doc.body());
            assertEquals(p.upc(), node.get("upc").asText());
            assertEquals(p.inStock(), node.get("stock").asInt());
            assertEquals(BooksApi.reviews(p).size(), node.get("reviews").size());
            if (node.get("reviews").size() > 0) reviewed++;
            for (var r : node.get("reviews"))
                assertTrue(r.get("stars").asInt() >= 1 && r.get("stars").asInt() <= 5, doc.toString());
        }
        assertTrue(reviewed > 500 && reviewed < 1000, "most books have reviews, not all: " + reviewed);
        assertNull(SITE.page("api/books/0000000000000000.json"));
        assertNull(SITE.page("api/books/" + SITE.catalogue().products().get(0).upc() + ".xml"));
    }

    @Test
    void theSameSeedGivesTheSameBytes() {
        BooksSite other = BooksSite.standard();
        for (String path : List.of(
                "",
                "catalogue/page-33.html",
                SITE.catalogue().products().get(517).path())) {
            assertArrayEquals(SITE.page(path).body(), other.page(path).body(), path);
        }
    }

    @Test
    void theWideVariantIsShallowAndReachesEveryBook() {
        BooksSite wide = BooksSite.wide(10_000);
        Crawls.Walk walk = Crawls.walk(wide, "", FOLLOW, 20_000);
        assertEquals(10_500, walk.visited().size());
        assertSameElements(wide.crawlSet(), walk.visited(), "pages reached");
        int listingDepth = walk.depth().entrySet().stream()
                .filter(e -> !e.getKey().endsWith("/index.html"))
                .mapToInt(e -> e.getValue())
                .max()
                .orElseThrow();
        assertTrue(listingDepth <= 10, "listing chain depth " + listingDepth);
        assertFalse(Crawls.parse(wide, "catalogue/page-250.html")
                        .select("li.next a")
                        .size()
                < 40);
    }
}
