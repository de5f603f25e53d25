package io.spinneret.examples;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;
import io.spinneret.api.StoredFile;
import java.util.Optional;
import org.jsoup.nodes.Element;

/**
 * The books crawl with each book's cover image kept (the files pipeline): every detail page gives
 * a {@link BookCover} whose {@code @FileUrl} cover is downloaded through the same chain as the
 * pages and stored once per content under {@code files_store}.
 *
 * <pre>
 * java -jar examples/target/spinneret-examples.jar run book_covers -s files_store=covers
 * </pre>
 */
@Spider(
        name = "book_covers",
        startUrls = "https://books.toscrape.com/",
        settings = {"concurrency=8", "download_delay=0.1"})
public class BookCoversSpider {
    @Parse
    void parse(Response page, Crawl crawl) {
        for (Element a : page.css("article.product_pod h3 a")) crawl.follow(a.attr("href"), "detail", 1);
        for (Element a : page.css("li.next a")) crawl.follow(a.attr("href"));
    }

    @Parse(callback = "detail")
    Optional<BookCover> detail(Response page) {
        return page.urlJoin(page.attrOf("div.item.active img", "src"))
                .map(cover -> new BookCover(
                        page.url(),
                        page.textOf("div.product_main h1"),
                        page.textOf("table.table-striped th:containsOwn(UPC) + td"),
                        StoredFile.of(cover)));
    }
}
