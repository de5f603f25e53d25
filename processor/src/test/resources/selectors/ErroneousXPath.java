package test.selectors;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;
import java.util.List;

@Spider(name = "xpaths")
public class ErroneousXPath {
    static final String ROWS = "//table//tr[";

    @Parse
    void parse(Response page, Crawl crawl) {
        page.xpath("//div[@class='product']");
        page.xpath("//p[@class='x'");
        page.xpathTexts(ROWS);
        page.xpathTexts("string(//title)");
        page.xpathTexts("shout(//h1)");
        String computed = page.request().depth() > 0 ? "//h2" : "//h1[";
        page.xpath(computed);
        Finder finder = new Finder();
        finder.xpath("not an xpath [");
        crawl.emit(title(page));
    }

    @Parse(callback = "detail")
    void detail(Response response) {
        Response same = response;
        List<String> cells = same.xpathTexts("//td/");
    }

    private static String title(Response page) {
        return page.xpathTexts("//title/text(").get(0);
    }

    /** Not a Response: its xpath is someone else's syntax. */
    static final class Finder {
        List<String> xpath(String query) {
            return List.of(query);
        }
    }
}
