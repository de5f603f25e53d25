package test.callbacks;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;

@Spider(name = "books", startUrls = "https://books.example/")
public class ErroneousFollowCallback {
    @Parse
    void parse(Response page, Crawl crawl) {
        for (var a : page.css("h3 a")) {
            String href = a.attr("href");
            crawl.follow(href, "detial");
        }
    }

    @Parse
    void detail(Response page) {}
}
