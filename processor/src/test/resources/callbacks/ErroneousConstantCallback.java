package test.callbacks;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Response;

@Spider(name = "constants")
public class ErroneousConstantCallback {
    static final String LISTING = "listing";
    static final String MISSPELT = "detial";

    @Parse
    void parse(Response page, Crawl crawl) {
        crawl.follow("a.html", LISTING);
        crawl.follow("b.html", MISSPELT);
    }

    @Parse
    void listing(Crawl crawl) {
        final String local = "lsting";
        crawl.follow("c.html", local);
    }
}
