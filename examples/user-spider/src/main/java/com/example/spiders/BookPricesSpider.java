package com.example.spiders;

import io.spinneret.annotations.Item;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;
import org.jsoup.nodes.Element;

/** Titles and prices from books.toscrape.com's listing pages alone: 50 pages, 1000 items. */
@Spider(name = "book_prices", startUrls = "https://books.toscrape.com/",
        settings = {"concurrency=4", "download_delay=0.5"})
public class BookPricesSpider {
    @Item(key = "title")
    public record BookPrice(String title, double price) {}

    @Parse
    void parse(Response page, Crawl crawl) {
        for (Element book : page.css("article.product_pod")) {
            String title = book.select("h3 a").attr("title");
            String price = book.select("p.price_color").text().replaceAll("[^0-9.]", "");
            crawl.emit(new BookPrice(title, Double.parseDouble(price)));
        }
        page.cssFirst("li.next a").ifPresent(a -> crawl.follow(a.attr("href"), "parse"));
    }
}
