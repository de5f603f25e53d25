package io.spinneret.examples;

import io.spinneret.annotations.Arg;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;

/**
 * Crawls books.toscrape.com: the catalogue's listing pages through the {@code li.next} pager, and
 * every book's detail page into a {@link Book}. Category pages are not visited, so the crawl is
 * 50 listing pages and 1000 detail pages; {@code -a max_pages=N} stops after N listing pages.
 *
 * <pre>
 * java -jar examples/target/spinneret-examples.jar run books        # the bundled replica, offline
 * java -jar examples/target/spinneret-examples.jar run books -a max_pages=2   # 2 listing pages, 40 books
 * java -jar runtime/target/runtime.jar run books --spiders examples/target/spiders   # the real site
 * </pre>
 */
@Spider(
        name = "books",
        startUrls = "https://books.toscrape.com/",
        settings = {"concurrency=8", "download_delay=0.1"})
public class BooksSpider {
    /** Compiled once: {@code String.replaceAll} and {@code split} with a regex compile it again on every call. */
    private static final Pattern NOT_PRICE = Pattern.compile("[^0-9.]");

    private static final Pattern SPACES = Pattern.compile("\\s+");

    @Arg(name = "max_pages", defaultValue = "0", help = "listing pages to crawl (0 = all)")
    int maxPages;

    /**
     * A listing page: every book on it (detail pages first, so the queue stays short), then the next
     * page, unless this was the {@code max_pages}th (the first listing page is at depth 0).
     */
    @Parse
    void parse(Response page, Crawl crawl) {
        for (Element a : page.css("article.product_pod h3 a")) crawl.follow(a.attr("href"), "detail", 1);
        if (maxPages > 0 && page.request().depth() + 1 >= maxPages) return;
        for (Element a : page.css("li.next a")) crawl.follow(a.attr("href"));
    }

    /** A book's detail page. */
    @Parse(callback = "detail")
    Book detail(Response page) {
        return new Book(
                page.url(),
                page.textOf("div.product_main h1"),
                price(page.textOf("div.product_main p.price_color")),
                page.textOf("table.table-striped th:containsOwn(UPC) + td"),
                page.textOf("div.product_main p.availability"),
                stars(page.attrOf("div.product_main p.star-rating", "class")),
                page.textOf("ul.breadcrumb li:nth-child(3) a"));
    }

    /** {@code £51.77} to 51.77; anything but digits and the decimal point is ignored. */
    static double price(String text) {
        String digits = NOT_PRICE.matcher(text).replaceAll("");
        return digits.isEmpty() ? Double.NaN : Double.parseDouble(digits);
    }

    /** {@code star-rating Three} to 3; 0 when there is no rating word. */
    static int stars(String classes) {
        for (String c : SPACES.split(classes)) {
            switch (c) {
                case "One":
                    return 1;
                case "Two":
                    return 2;
                case "Three":
                    return 3;
                case "Four":
                    return 4;
                case "Five":
                    return 5;
                default:
                    break;
            }
        }
        return 0;
    }
}
