package test.selectors;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Response;
import org.jsoup.nodes.Element;

@Spider(name = "selectors")
public class ErroneousSelectors {
    static final String PRICE = "p.price:contains(";

    @Parse
    void parse(Response page) {
        page.css("article.product_pod h3 a");
        page.css("div[data-id");
        page.cssFirst("ul:has(");
        page.cssFirst("li.next > a").ifPresent(a -> a.select("span:bogus"));
        String title = page.textOf(PRICE);
        String href = page.attrOf("a:nth-child(x)", "href");
        Element body = page.document().body();
        body.selectFirst(">");
    }
}
