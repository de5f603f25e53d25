package test.starts;

import io.spinneret.annotations.Errback;
import io.spinneret.annotations.Parse;
import io.spinneret.annotations.Spider;
import io.spinneret.annotations.Start;
import io.spinneret.api.Crawl;
import io.spinneret.api.Failure;
import io.spinneret.api.Request;
import io.spinneret.api.Response;
import java.util.List;
import java.util.stream.Stream;

@Spider(name = "starts", startUrls = {"https://a.example/", "https://b.example/"})
public class StartSpider {
    @Start
    Stream<Request> start(List<String> startUrls, Crawl crawl) {
        crawl.request(Request.builder("https://api.example/login").method("POST").body("user=x").callback("login").build());
        return startUrls.stream().map(u -> Request.builder(u).header("Accept-Language", "en").errback("failed").build());
    }

    @Parse
    void parse(Response page) {}

    @Parse(callback = "login")
    void login(Response page) {}

    @Errback
    void failed(Failure failure) {}
}
