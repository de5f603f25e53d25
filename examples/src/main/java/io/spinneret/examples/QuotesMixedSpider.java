package io.spinneret.examples;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Renderer;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;
import org.jsoup.nodes.Element;

/**
 * Crawls both halves of quotes.toscrape.com, the static pages and the {@code /js/} ones where a
 * script writes the quotes, with {@code renderer = AUTO}: every page is fetched over HTTP, and
 * {@code requires = "div.quote"} renders in the browser just those that come back without a quote
 * (the ten {@code /js/} pages). The start page also leads to {@code /js/}; 20 pages, 200 quotes
 * (each of the 100 quotes once per half).
 */
@Spider(
        name = "quotes_mixed",
        startUrls = "https://quotes.toscrape.com/",
        renderer = Renderer.AUTO,
        settings = {"concurrency=4", "download_delay=0.1"})
public class QuotesMixedSpider {
    @Parse(requires = "div.quote")
    void parse(Response page, Crawl crawl) {
        int n = 0;
        for (Element q : page.css("div.quote")) {
            crawl.emit(new PageQuote(
                    page.url() + "#" + ++n,
                    q.select("span.text").text(),
                    q.select("small.author").text()));
        }
        page.cssFirst("li.next a").ifPresent(a -> crawl.follow(a.attr("href")));
        if (page.request().depth() == 0) crawl.follow("/js/");
    }
}
