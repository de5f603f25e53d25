package test.errbacks;

import io.spinneret.annotations.Errback;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Failure;
import io.spinneret.api.Request;
import io.spinneret.api.Response;

@Spider(name = "bad-errbacks")
public class ErroneousErrbacks {
    @Parse
    void parse(Response page, Crawl crawl) {
        crawl.request(Request.builder("https://x.example/1").errback("gnoe").build());
        crawl.request(Request.builder("https://x.example/2").errback("detail").build());
        crawl.request(Request.builder("https://x.example/3").callback("gone").build());
    }

    @Parse(callback = "detail")
    void detail(Response page) {}

    @Errback
    void gone(Failure failure) {}
}
