package io.spinneret.examples;

import com.fasterxml.jackson.databind.JsonNode;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;
import org.jsoup.nodes.Element;

/**
 * Crawls the books replica as {@link BooksSpider} does, and merges each detail page with the
 * book's JSON document ({@code /api/books/<upc>.json}, the replica's only: books.toscrape.com has
 * no API) into one {@link StockedBook}. The JSON is fetched inline: the {@code detail} callback
 * waits for it and returns the merged item, with no second callback and nothing carried in
 * {@code meta}. A book whose document cannot be fetched fails its callback (logged and counted),
 * so an incomplete item is never stored.
 *
 * <pre>
 * java -jar examples/target/spinneret-examples.jar run books_api -o stocked.jsonl
 * </pre>
 */
@Spider(
        name = "books_api",
        startUrls = "https://books.toscrape.com/",
        settings = {"concurrency=8", "download_delay=0.1"})
public class BooksApiSpider {
    @Parse
    void parse(Response page, Crawl crawl) {
        for (Element a : page.css("article.product_pod h3 a")) crawl.follow(a.attr("href"), "detail", 1);
        for (Element a : page.css("li.next a")) crawl.follow(a.attr("href"));
    }

    /** A detail page and, fetched inline, the book's JSON document. */
    @Parse(callback = "detail")
    StockedBook detail(Response page, Crawl crawl) {
        String upc = page.textOf("table.table-striped th:containsOwn(UPC) + td");
        JsonNode api = crawl.fetch("/api/books/" + upc + ".json").json();
        JsonNode reviews = api.path("reviews");
        double stars = 0;
        for (JsonNode r : reviews) stars += r.path("stars").asInt();
        return new StockedBook(
                page.url(),
                page.textOf("div.product_main h1"),
                BooksSpider.price(page.textOf("div.product_main p.price_color")),
                upc,
                BooksSpider.stars(page.attrOf("div.product_main p.star-rating", "class")),
                page.textOf("ul.breadcrumb li:nth-child(3) a"),
                api.path("stock").asInt(-1),
                reviews.size(),
                reviews.isEmpty() ? 0 : Math.round(stars / reviews.size() * 10) / 10.0);
    }
}
