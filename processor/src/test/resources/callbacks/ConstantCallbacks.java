package test.callbacks;

import static test.callbacks.Names.REMOTE;

import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Request;
import io.spinneret.api.Response;

@Spider(name = "constant-callbacks")
public class ConstantCallbacks {
    private static final String DETAIL = "detail";

    @Parse
    void parse(Response page, Crawl crawl) {
        crawl.follow("a.html", DETAIL);
        crawl.follow("b.html", ConstantCallbacks_Callbacks.DETAIL_PAGE, 3);
        crawl.follow("c.html", Request.DEFAULT_CALLBACK);
        crawl.follow("d.html", "detail" + "Page");
        crawl.follow("e.html", REMOTE);
        crawl.follow("f.html", Names.REMOTE);
        final String local = "detail";
        crawl.request(Request.builder("https://example.com/x").callback(local).build());
        crawl.request(Request.of("https://example.com/y", (DETAIL)));
    }

    @Parse
    void detail(Response page) {}

    @Parse(callback = "detailPage")
    void page(Response page) {}

    @Parse
    void remote(Response page) {}
}
