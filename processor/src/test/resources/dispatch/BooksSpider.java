package com.example.books;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;

@Spider(name = "books", startUrls = "https://books.toscrape.com/", settings = {"concurrency=8", "download_delay=0.1"})
public class BooksSpider {
    @Parse
    void parse(Response page, Crawl crawl) {
        for (var a : page.css("article.product_pod h3 a")) crawl.follow(a.attr("href"), "detail", 1);
        page.cssFirst("li.next a").ifPresent(a -> crawl.follow(a.attr("href")));
    }

    @Parse(callback = "detail")
    Book detail(Response page) {
        return new Book(page.url(), page.textOf("h1"), Double.parseDouble(page.textOf("p.price").replace("£", "")),
                page.textOf("td.upc"), page.css("p.star-rating").size());
    }
}
