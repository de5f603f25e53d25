package test.errbacks;

import io.spinneret.annotations.Errback;
import io.spinneret.annotations.Item;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.api.Crawl;
import io.spinneret.api.Failure;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import java.util.List;

@Spider(name = "errbacks", startUrls = "https://errbacks.example/")
public class ErrbackSpider {
    @Item(key = "url")
    public record Gone(String url, int status, String reason) {}

    @Parse
    void parse(Response page, Crawl crawl) {
        crawl.request(Request.builder(page.urlJoin("a.html").orElseThrow()).callback("detail").errback("gone").build());
        crawl.request(Request.of(page.urlJoin("b.html").orElseThrow(), "detail").withErrback(ErrbackSpider_Callbacks.ELSEWHERE));
        crawl.request(Request.builder(page.urlJoin("c.html").orElseThrow()).errback(null).build());
    }

    @Parse(callback = "detail")
    void detail(Response page) {}

    @Errback(name = "gone")
    Gone recordGone(Failure failure) {
        return new Gone(failure.request().url(), failure.status(), failure.reason());
    }

    @Errback
    List<Request> elsewhere(Crawl crawl, Failure failure) {
        return List.of(Request.of(failure.request().url().replace("errbacks.example", "mirror.example"), "detail"));
    }

    @Errback
    void logged(Failure failure, Crawl crawl) {
        crawl.emit(new Gone(failure.request().url(), 0, "logged: " + failure.reason()));
    }
}
