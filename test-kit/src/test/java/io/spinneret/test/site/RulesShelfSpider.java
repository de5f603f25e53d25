package io.spinneret.test.site;

import io.spinneret.annotations.Follow;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;

/** The shelf again, its book links followed by a {@code @Follow} rule instead of the callback. */
@Spider(name = "rules-shelf", startUrls = "http://127.0.0.1:9/", settings = "download_delay=0")
@Follow(css = "ul.books", callback = "book", priority = 1, on = "parse")
public class RulesShelfSpider {
    @Parse
    void parse(Response page) {}

    @Parse(callback = "book")
    ShelfSpider.Book book(Response page) {
        return new ShelfSpider.Book(
                page.url(),
                page.textOf("h1"),
                Double.parseDouble(page.textOf("p.price").substring(1)));
    }
}
