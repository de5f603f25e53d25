package test.follow;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;
import io.spinneret.links.LinkSelector;

@Spider(name = "erroneous_links")
public class ErroneousLinksChain {
    static final LinkSelector NAV = LinkSelector.DEFAULT.css("nav >").allowGlob("/docs/**");

    @Parse
    void parse(Response page, Crawl crawl) {
        crawl.follow(page.links().css("main").allow("page-(\\d+"), "parse");
        crawl.follow(page.links().denyGlob("**.{pdf,zip"), "detial");
        crawl.follow(page.links().select(NAV).deny("[z-a]"));
        crawl.follow(page.links().tags("img").attrs("data src"), "parse");
        // not a links() chain: not checked as a regex
        java.util.List.of("(").contains("(");
    }
}
