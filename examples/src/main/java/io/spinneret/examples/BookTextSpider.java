package io.spinneret.examples;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.MainContent;
import io.spinneret.api.Response;
import org.jsoup.nodes.Element;

/**
 * The books crawl for people and language models: each book page's main content (navigation,
 * header, sidebar and footer left out by {@link Response#mainContent()}) as Markdown.
 *
 * <pre>
 * java -jar examples/target/spinneret-examples.jar run books_text -o pages.jsonl
 * </pre>
 */
@Spider(
        name = "books_text",
        startUrls = "https://books.toscrape.com/",
        settings = {"concurrency=8", "download_delay=0.1"})
public class BookTextSpider {
    @Parse
    void parse(Response page, Crawl crawl) {
        for (Element a : page.css("article.product_pod h3 a")) crawl.follow(a.attr("href"), "detail", 1);
        for (Element a : page.css("li.next a")) crawl.follow(a.attr("href"));
    }

    @Parse(callback = "detail")
    BookPage detail(Response page) {
        MainContent content = page.mainContent();
        return new BookPage(page.url(), content.title(), content.markdown());
    }
}
