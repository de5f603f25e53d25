package io.spinneret.test.site;

import io.spinneret.annotations.Item;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.FetchException;
import io.spinneret.api.Response;

/** A spider that fetches inline: a book page's stock is in the JSON document beside it ({@code dune.json}), 0 if it has none. */
@Spider(name = "stock", startUrls = "http://127.0.0.1:9/", settings = "download_delay=0")
public class StockSpider {
    /** A book and its stock. */
    @Item(key = "url")
    public record Stocked(String url, String title, int stock) {}

    @Parse
    Stocked parse(Response page, Crawl crawl) {
        int stock;
        try {
            stock = crawl.fetch(page.url().replace(".html", ".json"))
                    .json()
                    .path("stock")
                    .asInt();
        } catch (FetchException e) {
            if (e.status() != 404) throw e;
            stock = 0;
        }
        return new Stocked(page.url(), page.textOf("h1"), stock);
    }
}
