package io.spinneret.examples;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Renderer;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;
import org.jsoup.nodes.Element;

/**
 * Crawls quotes.toscrape.com/js/, where the quotes are written into the page by a script: over
 * plain HTTP there is no {@code div.quote} at all, so every page is rendered in the shared
 * headless Chromium ({@code renderer = BROWSER}; followed pages inherit it). Ten pages of ten
 * quotes, chained by the {@code li.next} pager, each into a {@link Quote}.
 */
@Spider(
        name = "quotes_js",
        startUrls = "https://quotes.toscrape.com/js/",
        renderer = Renderer.BROWSER,
        settings = {"concurrency=4", "download_delay=0.1"})
public class QuotesJsSpider {
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
