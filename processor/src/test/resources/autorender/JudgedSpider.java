package test;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;
import org.jsoup.nodes.Element;

@Spider(name = "judged", startUrls = "https://example.com/")
public class JudgedSpider {
    private static final String PRICE = "p.price";

    @Parse
    void parse(Response page, Crawl crawl) {
        for (Element a : page.css("article h3 a")) crawl.follow(a.attr("href"), "detail");
        page.cssFirst("li.next a").ifPresent(a -> crawl.follow(a.attr("href")));
        if (page.request().depth() == 0) crawl.follow(page.url() + "?all");
    }

    @Parse(callback = "detail")
    void detail(Response page, Crawl crawl) {
        crawl.emit(new Product(page.textOf("h1"), page.textOf(PRICE), page.xpathTexts("//table//td[1]/text()").size()));
    }

    @Parse(callback = "built")
    void built(Response page, Crawl crawl) {
        String field = page.request().depth() > 1 ? "h2" : "h1";
        crawl.emit(new Product(page.textOf("div." + field), "", 0));
    }

    @Parse(callback = "handed")
    void handed(Response page, Crawl crawl) {
        crawl.emit(new Product(title(page), "", 0));
    }

    private static String title(Response page) {
        return page.textOf("title");
    }
}
