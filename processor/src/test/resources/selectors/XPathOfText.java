package test.selectors;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;

@Spider(name = "xpath_texts")
public class XPathOfText {
    static final String TITLE = "//head/title";

    @Parse
    void parse(Response page, Crawl crawl) {
        page.xpath("//div[@class='product']//a[@href]");
        page.xpath(TITLE + "/text()");
        page.xpath("//a/@href");
        page.xpath("//@data-id");
        page.xpath("//td/text()[2]");
        page.xpath("(//a/@href)[1] | //link/@href");
        page.xpathTexts("//a/@href").forEach(crawl::follow);
    }
}
