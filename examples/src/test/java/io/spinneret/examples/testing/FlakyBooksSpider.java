package io.spinneret.examples.testing;

import io.spinneret.annotations.Item;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;
import java.io.IOException;
import org.jsoup.nodes.Element;

/**
 * A books spider with bugs: its detail callback throws an unchecked exception on books whose id
 * ends in 7 and a checked one on ids ending in 3. The rest of the crawl must not notice.
 */
@Spider(name = "flaky_books", startUrls = "http://127.0.0.1:9/")
public class FlakyBooksSpider {
    /** What is left of a book. */
    @Item(key = "url")
    public record Title(String url, String title) {}

    @Parse
    void parse(Response page, Crawl crawl) {
        for (Element a : page.css("article.product_pod h3 a")) crawl.follow(a.attr("href"), "detail", 1);
        page.cssFirst("li.next a").ifPresent(a -> crawl.follow(a.attr("href")));
    }

    @Parse(callback = "detail")
    Title detail(Response page) throws IOException {
        String dir = page.url().substring(0, page.url().length() - "/index.html".length());
        if (dir.endsWith("7")) throw new IllegalStateException("simulated parser bug on " + page.url());
        if (dir.endsWith("3")) throw new IOException("simulated checked failure on " + page.url());
        return new Title(page.url(), page.textOf("div.product_main h1"));
    }
}
