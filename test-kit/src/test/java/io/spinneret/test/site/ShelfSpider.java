package io.spinneret.test.site;

import io.spinneret.annotations.Item;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;

/** The test kit's own test spider: a shelf page links to book pages. */
@Spider(name = "shelf", startUrls = "http://127.0.0.1:9/", settings = "download_delay=0")
public class ShelfSpider {
    /** A book. */
    @Item(key = "url")
    public record Book(String url, String title, double price) {}

    @Parse
    void parse(Response page, Crawl crawl) {
        for (var a : page.css("ul.books a")) crawl.follow(a.attr("href"), "book", 1);
    }

    @Parse(callback = "book")
    Book book(Response page) {
        return new Book(
                page.url(),
                page.textOf("h1"),
                Double.parseDouble(page.textOf("p.price").substring(1)));
    }
}
