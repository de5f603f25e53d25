package test.selectors;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;
import java.util.List;
import org.jsoup.nodes.Element;

@Spider(name = "valid_selectors")
public class ValidSelectors {
    static final String ROWS = "//table//tr[td]";

    @Parse
    void parse(Response page, Crawl crawl) {
        for (Element a : page.css("article.product_pod h3 > a[href]")) crawl.follow(a.attr("href"), "detail");
        page.cssFirst("li.next a").ifPresent(a -> crawl.follow(a.attr("href")));
        page.xpath("//div[@class='product']//a[@href] | //nav//a").forEach(a -> a.select("span:not(.hidden)"));
        page.xpathTexts("//a/@href").forEach(crawl::follow);
        page.xpathTexts("//@data-next").forEach(crawl::follow);
    }

    @Parse(callback = "detail")
    void detail(Response page) {
        String title = page.textOf("h1") + page.attrOf("link[rel=canonical]", "href");
        List<String> cells = page.xpathTexts(ROWS + "/td[1]/text()");
        int rows = page.xpath("(" + ROWS + ")[position() < 10]").size();
        int parents = page.xpath("//td/..").size();
        int marked = page.xpath("//p[text()='x']/span[contains(., 'a/b')]").size();
        List<String> second = page.xpathTexts("(//td/text())[2] | //td/@title[. != '']");
        Query query = new Query();
        query.xpath("//title/text()");
    }

    /** Not a Response: an xpath of text here is someone else's business. */
    static final class Query {
        List<String> xpath(String expression) {
            return List.of(expression);
        }
    }
}
