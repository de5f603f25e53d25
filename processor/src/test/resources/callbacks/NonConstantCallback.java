package test.callbacks;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;

@Spider(name = "dynamic")
public class NonConstantCallback {
    @Parse
    void parse(Response page, Crawl crawl) {
        String next = page.url().endsWith("/") ? "parse" : "detail";
        crawl.follow("a.html", next);
    }

    @Parse
    void detail(Response page) {}
}
