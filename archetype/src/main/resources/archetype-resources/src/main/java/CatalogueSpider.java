package ${package};

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;
import org.jsoup.nodes.Element;

/**
 * Crawls a catalogue: listing pages link to product pages and to the next listing page. The
 * selectors fit books.toscrape.com; try yours with {@code spinneret shell URL}, and a callback
 * with {@code spinneret parse URL --spider ${spiderName} --callback product}.
 */
@Spider(name = "${spiderName}", startUrls = "https://books.toscrape.com/",
        settings = {"allowed_domains=books.toscrape.com", "concurrency=8"})
public class CatalogueSpider {
    /** A listing page: its products (first: priority 1), then the next page. */
    @Parse
    void parse(Response page, Crawl crawl) {
        for (Element a : page.css("article.product_pod h3 a")) crawl.follow(a.attr("href"), "product", 1);
        page.cssFirst("li.next a").ifPresent(a -> crawl.follow(a.attr("href")));
    }

    /** A product page. A misspelled callback name above ("prodcut") is a compile error. */
    @Parse(callback = "product")
    Product product(Response page) {
        String price = page.textOf("div.product_main p.price_color").replaceAll("[^0-9.]", "");
        return new Product(page.url(), page.textOf("div.product_main h1"), Double.parseDouble(price));
    }
}
