package test.inherit;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Request;
import io.spinneret.api.Response;

@Spider(name = "child")
public class ChildSpider extends BaseSpider {
    @Parse
    void parse(Response page, Crawl crawl) {
        crawl.follow("x.html", "detail");
        crawl.follow("y.html", "overridden");
    }

    @Override
    @Parse
    public Request overridden(Response page) {
        return Request.of("https://child.example/", "parse");
    }
}
