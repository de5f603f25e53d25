package io.spinneret.examples;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;
import org.jsoup.nodes.Element;

/**
 * Crawls quotes.toscrape.com: ten pages of ten quotes, chained by the {@code li.next} pager, each
 * {@code div.quote} into a {@link Quote}.
 */
@Spider(
        name = "quotes",
        startUrls = "https://quotes.toscrape.com/",
        settings = {"concurrency=8", "download_delay=0.1"})
public class QuotesSpider {
    @Parse
    void parse(Response page, Crawl crawl) {
        for (Element q : page.css("div.quote")) {
            crawl.emit(new Quote(
                    q.select("span.text").text(),
                    q.select("small.author").text(),
                    q.select("div.tags a.tag").eachText()));
        }
        page.cssFirst("li.next a").ifPresent(a -> crawl.follow(a.attr("href")));
    }
}
