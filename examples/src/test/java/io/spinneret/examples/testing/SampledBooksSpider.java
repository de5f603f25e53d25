package io.spinneret.examples.testing;

import io.spinneret.annotations.Item;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;
import org.jsoup.nodes.Element;

/**
 * A books spider whose selectors the processor cannot read (they are fields, not constants), so
 * that {@code renderer = auto} samples its pages by rendering instead of judging them.
 */
@Spider(name = "sampled_books", startUrls = "http://127.0.0.1:9/")
public class SampledBooksSpider {
    /** What is left of a book. */
    @Item(key = "url")
    public record Title(String url, String title) {}

    private String books = "article.product_pod h3 a";
    private String next = "li.next a";
    private String title = "div.product_main h1";

    @Parse
    void parse(Response page, Crawl crawl) {
        for (Element a : page.css(books)) crawl.follow(a.attr("href"), "detail", 1);
        page.cssFirst(next).ifPresent(a -> crawl.follow(a.attr("href")));
    }

    @Parse(callback = "detail")
    Title detail(Response page) {
        return new Title(page.url(), page.textOf(title));
    }
}
